import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  consoleProblems,
  delayScripts,
  holdScripts,
  signedInPage,
  slowCpu,
  viewports,
} from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// The large-fleet scenario in Chromium: /users, the owner's recipients tabs and the admin's
// applications and sharings load page by page and keep at most a couple of hundred items in the
// DOM, however far the user scrolls or searches.

/**
 * Scrolls the window until the list item at `position` (1-based) is rendered: down in big steps while
 * the rendered items are all before it, back up in small ones if a step went past it (a fast server
 * loads the next page before the end comes into view, so nothing stops the window at the target).
 */
async function scrollToPosition(page: Page, list: string, position: number): Promise<void> {
  const target = page.locator(`${list} > li[aria-posinset="${position}"]`);
  for (let step = 0; step < 2_000 && (await target.count()) === 0; step++) {
    await page.evaluate(
      ({ list, position }) => {
        // Items in the list's flow (a kept focused item is positioned absolutely, out of it).
        const rendered = Array.from(document.querySelectorAll<HTMLElement>(`${list} > li[aria-posinset]`))
          .filter((item) => item.style.position !== 'absolute')
          .map((item) => Number(item.getAttribute('aria-posinset')));
        const past = rendered.length > 0 && Math.min(...rendered) > position;
        window.scrollBy(0, past ? -window.innerHeight / 2 : window.innerHeight * 3);
      },
      { list, position },
    );
    await page.waitForTimeout(40);
  }
  await target.waitFor();
}

const itemsInDom = (page: Page, list: string) => page.locator(`${list} > li`).count();

/** Scrolls the page from its top to its end half a screen at a time: the ids of every card it passed. */
async function productsScrolledPast(page: Page): Promise<{ ids: Set<string>; mostInDom: number }> {
  const ids = new Set<string>();
  let mostInDom = 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 2_000; step++) {
    const seen = await page.evaluate(() => ({
      ids: Array.from(document.querySelectorAll('[data-product-id]'), (card) =>
        card.getAttribute('data-product-id'),
      ),
      atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    }));
    for (const id of seen.ids) if (id) ids.add(id);
    mostInDom = Math.max(mostInDom, seen.ids.length);
    if (seen.atEnd) break;
    await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
    await page.waitForTimeout(30);
  }
  return { ids, mostInDom };
}

describe('lists of the large-fleet scenario', () => {
  const browser = useBrowser({ scenario: 'large-fleet' });

  // Forty pages, each loaded and drawn while the window scrolls: a long journey, given the time for it.
  // The owner's 505 products: the server draws the first screenful of each grid (for the widest
  // grid, so any width's first screen), the app keeps the rows near the viewport.
  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`/products with 505 products at ${viewports[viewport].width} px: small HTML, a click before the takeover waits, scrolling shows every product`, {
      timeout: 120_000,
    }, async () => {
      const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
      try {
        const products = (await (await page.request.get('/api/v1/products')).json()) as {
          vehicles: { id: string }[];
          wallboxes: { id: string }[];
        };
        const all = [...products.vehicles, ...products.wallboxes].map((product) => product.id);
        expect(all.length).toBeGreaterThanOrEqual(505);
        const html = await (await page.request.get('/products')).text();
        expect(html).toContain('data-product-id');
        // 705 kB with every product drawn.
        expect(html.length).toBeLessThan(180_000);

        // The app's scripts arrive 2 s after the page: a switch clicked at once waits, then works.
        await delayScripts(page);
        await page.goto('/products', { waitUntil: 'commit' });
        const toggle = page.getByRole('switch', { name: 'Enable data export' }).first();
        await toggle.waitFor();
        expect(await toggle.isDisabled()).toBe(true);
        await toggle.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ timeout: 20_000 });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((list) => {
                  const entries = list.getEntries() as (PerformanceEntry & { value: number })[];
                  resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
                }).observe({ type: 'layout-shift', buffered: true });
                setTimeout(() => resolve(0), 500); // no entry at all: nothing moved
              }),
          ),
        ).toBe(0);

        const { ids, mostInDom } = await productsScrolledPast(page);
        expect([...ids].sort()).toEqual([...all].sort());
        expect(mostInDom).toBeLessThanOrEqual(200);
      } finally {
        await context.close();
      }
    });
  }

  it('/users scrolls to row 2,000 and searches with at most 200 items in the DOM', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await signedInPage(browser(), 'fleet@example.com');
    try {
      await page.goto('/users');
      const list = 'ul.user-list';
      const first = page.locator(`${list} > li[aria-posinset="1"]`);
      await first.waitFor();
      const setSize = Number(await first.getAttribute('aria-setsize'));
      expect(setSize).toBeGreaterThan(50_000);
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /items in the list/ })
          .first()
          .textContent(),
      ).resolves.toMatch(/50,0\d\d|500\d\d/);
      // Focus stays on the first card's status badge while it scrolls far out of view.
      await first.locator('.ui-badge').focus();
      await scrollToPosition(page, list, 2_000);
      expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);
      expect(
        await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset')),
      ).toBe('1');

      await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('Müller');
      await page.waitForURL(/[?&]q=M%C3%BCller/);
      await page.locator(`${list} > li[aria-posinset="1"]`).filter({ hasText: 'Müller' }).waitFor();
      const names = await page.locator(`${list} .user-card__name`).allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.includes('Müller'))).toBe(true);
      expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);

      await page.reload();
      await expect(
        page.getByRole('searchbox', { name: 'Search by name or e-mail' }).inputValue(),
      ).resolves.toBe('Müller');
      await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('zz-nobody-zz');
      await page.getByText('Nothing matches "zz-nobody-zz".').waitFor();
    } finally {
      await context.close();
    }
  });

  // A slow phone (CPU 4x slower): the user focuses the first card's badge and scrolls before the app's
  // scripts have arrived. The list used to be a Suspense boundary's content, which React hydrates after
  // the shell, at the lowest priority, and its first render read the scrolled window: other cards than
  // the server's, a mismatch, the list drawn afresh and the focus lost (CI's flaky failure).
  it('/users: a card focused on the server’s page, before a slow takeover, keeps the focus after a scroll and while the list scrolls', {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await signedInPage(browser(), 'fleet@example.com');
    try {
      const problems = consoleProblems(page);
      await slowCpu(page);
      const release = await holdScripts(page);
      await page.goto('/users', { waitUntil: 'commit' });
      const list = 'ul.user-list';
      const first = page.locator(`${list} > li[aria-posinset="1"]`);
      await first.locator('.ui-badge').focus();
      expect(await page.locator('[data-until-app]').count()).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 2400));
      release();
      await page.waitForFunction(() => document.querySelector('[data-until-app]') === null, undefined, {
        timeout: 30_000,
      });
      const focusedCard = () =>
        page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset'));
      expect(await focusedCard()).toBe('1');
      await scrollToPosition(page, list, 300);
      expect(await focusedCard()).toBe('1');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The products grid keeps the focused card however far the page scrolls (a keyboard user's focus
  // never falls back to the page's top), at its own place, and the Tab key goes on from it.
  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`/products at ${viewports[viewport].width} px: a focused card stays rendered and focused while the grid scrolls away from it`, {
      timeout: 90_000,
    }, async () => {
      const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
      try {
        await page.goto('/products');
        await page.waitForFunction(() => document.querySelector('[data-until-app]') === null);
        // The vehicles' grid, the first of the page's two.
        const grid = page.locator('ul.product-grid').first();
        const toggle = grid.locator(':scope > li[aria-posinset="2"]').getByRole('switch').first();
        await toggle.focus();
        const focusedCard = () =>
          page.evaluate(() => {
            const card = document.activeElement?.closest('li');
            return card ? { at: card.getAttribute('aria-posinset'), position: card.style.position } : null;
          });
        // Down to the end of the vehicles (the window leaves the first rows far behind).
        for (let step = 0; step < 40; step++) {
          await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
          await page.waitForTimeout(30);
        }
        expect(await grid.locator(':scope > li[aria-posinset="1"]').count()).toBe(0);
        expect(await focusedCard()).toEqual({ at: '2', position: 'absolute' });
        // Back at the top it is in the grid's flow again, still the focused element.
        await page.evaluate(() => window.scrollTo(0, 0));
        await grid.locator(':scope > li[aria-posinset="1"]').waitFor();
        expect(await focusedCard()).toEqual({ at: '2', position: '' });
        expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  it('the owner’s recipients tabs scroll to row 500 and search, with the other tab’s badge counted by the server', async () => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com');
    try {
      const counts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/invitations/')) counts.push(url.search);
      });
      await page.goto('/agents');
      const list = 'ul.recipient-list';
      const first = page.locator(`${list} > li[aria-posinset="1"]`);
      await first.waitFor();
      expect(Number(await first.getAttribute('aria-setsize'))).toBeGreaterThan(1_000);
      await page.getByRole('tab', { name: /^Invitation Links.*[\d,]+ new$/ }).waitFor();
      // Every call asks for a page: nothing loads a whole list just to count it.
      expect(counts.every((search) => /[?&]limit=\d+/.test(search))).toBe(true);
      await scrollToPosition(page, list, 500);
      expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);

      await page.evaluate(() => window.scrollTo(0, 0));
      const name = (await first.locator('h3').textContent()) ?? '';
      const search = page.getByRole('searchbox', { name: 'Search by company, site or access code' });
      await search.fill(name);
      await page.waitForURL(/[?&]q=/);
      await page.locator(`${list} > li[aria-posinset="1"]`).filter({ hasText: name }).waitFor();
      const titles = await page.locator(`${list} > li h3`).allTextContents();
      expect(titles.every((title) => title === name)).toBe(true);
      expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);

      // Another tab starts without the search (a company name means nothing among links); the tab is
      // in the URL, so Back and reload return to it.
      await page.getByRole('tab', { name: /^Invitation Links/ }).click();
      await page.locator(`${list} > li[aria-posinset="1"]`).waitFor();
      expect(new URL(page.url()).search).toBe('?tab=invitations');
      await expect(page.getByRole('searchbox', { name: 'Search by access code' }).inputValue()).resolves.toBe(
        '',
      );
      await scrollToPosition(page, list, 300);
      expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);
    } finally {
      await context.close();
    }
  });

  for (const { list: name, tab, searchbox, term, atLeast } of [
    {
      list: 'sharings',
      tab: 'Data sharings',
      searchbox: 'Search by user, company or e-mail',
      term: 'ChargeWise',
      atLeast: 500,
    },
    {
      list: 'applications',
      tab: 'Company applications',
      searchbox: 'Search by company, e-mail or VAT number',
      term: 'Nordlicht',
      atLeast: 1_000,
    },
  ]) {
    it(`the admin ${name} scroll to row 500 and search with at most 200 items in the DOM`, async () => {
      const { context, page } = await signedInPage(browser(), 'admin@example.com');
      try {
        await page.goto('/admin');
        await page.getByRole('tab', { name: tab }).click();
        const list = 'ul.admin-list';
        const first = page.locator(`${list} > li[aria-posinset="1"]`);
        await first.waitFor();
        expect(Number(await first.getAttribute('aria-setsize'))).toBeGreaterThanOrEqual(atLeast);
        await scrollToPosition(page, list, 500);
        expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);
        await page.getByRole('searchbox', { name: searchbox }).fill(term);
        await page.waitForURL(new RegExp(`[?&]q=${term}`));
        await page.locator(`${list} > li[aria-posinset="1"]`).filter({ hasText: term }).waitFor();
        const titles = await page.locator(`${list} > li`).allTextContents();
        expect(titles.length).toBeGreaterThan(0);
        expect(titles.every((title) => title.includes(term))).toBe(true);
        expect(await itemsInDom(page, list)).toBeLessThanOrEqual(200);
      } finally {
        await context.close();
      }
    });
  }
});
