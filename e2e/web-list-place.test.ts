import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';
import { ownerPage } from './support/owner-screens.ts';

// Issue 26, defects 2 and 3, at 390 and 1280 px on the large-fleet scenario: a list's tab and status
// filter are in the URL like its search, so Back returns to the same tab at the same place, and a
// reload keeps the filter with the search.

/** The position (aria-posinset) of the first item of `list` whose box reaches into the viewport. */
const firstInView = (page: Page, list: string) =>
  page.evaluate((selector) => {
    for (const item of Array.from(document.querySelectorAll(`${selector} > li[aria-posinset]`)))
      if (item.getBoundingClientRect().bottom > 0) return Number(item.getAttribute('aria-posinset'));
    return 0;
  }, list);

/**
 * Scrolls the window far down `list` in steps of 2,000 px, each step's items drawn before the next,
 * until an item past `beyond` is the first in view; answers that item's position.
 */
async function scrollFarDown(page: Page, list: string, steps: number, beyond: number): Promise<number> {
  await page.locator(`${list} > li[aria-posinset="1"]`).waitFor();
  for (let step = 0; step < steps; step += 1) {
    await page.mouse.wheel(0, 2_000);
    await page.waitForTimeout(150);
  }
  await expect.poll(() => firstInView(page, list)).toBeGreaterThan(beyond);
  return firstInView(page, list);
}

/** Follows the header's link to `name`: the navigation at 1280 px, the menu at 390 px. */
async function follow(page: Page, viewport: keyof typeof viewports, name: string): Promise<void> {
  if (viewport === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name }).click();
  } else await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
}

describe('a list keeps its place in the URL (issue 26, defects 2 and 3)', () => {
  const browser = useBrowser({ scenario: 'large-fleet' });

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`at ${viewports[viewport].width} px Back from Products returns to the Invitation Links tab at the place scrolled to`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      try {
        await page.goto('/agents');
        await appStarted(page);
        await page.getByRole('tab', { name: /^Invitation Links/ }).click();
        const list = 'ul.recipient-list';
        const place = await scrollFarDown(page, list, 12, 40);
        const scrolled = await page.evaluate(() => window.scrollY);

        await follow(page, viewport, 'Products');
        await page.waitForURL('**/products');
        await page.getByRole('heading', { level: 1, name: 'Connected Products' }).waitFor();
        await page.goBack();

        await page.waitForURL(/\/agents\?tab=invitations$/);
        await expect
          .poll(() => page.getByRole('tab', { name: /^Invitation Links/ }).getAttribute('aria-selected'))
          .toBe('true');
        // The same items in view, the window where it was (a card's height either way at most).
        await expect.poll(() => firstInView(page, list), { timeout: 10_000 }).toBe(place);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(200);
      } finally {
        await context.close();
      }
    });

    it(`at ${viewports[viewport].width} px Back from the other tab of the same page returns to the sharings at the place scrolled to`, async () => {
      const { context, page } = await signedInPage(browser(), 'admin@example.com', viewport);
      try {
        await page.goto('/admin?tab=sharings');
        await appStarted(page);
        const list = 'ul.admin-list';
        const place = await scrollFarDown(page, list, 8, 20);
        // The brand link leads to the admin's home: the same page, its first tab.
        await page.getByRole('link', { name: 'Data Act Portal' }).click();
        await page.waitForURL(/\/admin$/);
        await page.getByRole('tab', { name: 'Company applications', selected: true }).waitFor();
        await page.goBack();

        await page.waitForURL(/\/admin\?tab=sharings$/);
        await page.getByRole('tab', { name: 'Data sharings', selected: true }).waitFor();
        await expect.poll(() => firstInView(page, list), { timeout: 10_000 }).toBe(place);
      } finally {
        await context.close();
      }
    });

    it(`at ${viewports[viewport].width} px a reload of /users keeps the status filter with the search`, async () => {
      const { context, page } = await signedInPage(browser(), 'fleet@example.com', viewport);
      try {
        await page.waitForURL('**/users');
        await page.goto('/users?q=olivia');
        await appStarted(page);
        await page.getByRole('button', { name: 'Filter: Show all' }).click();
        await page.getByRole('menuitemradio', { name: 'Pending' }).click();
        await page.waitForURL(/[?&]status=pending/);

        await page.reload();
        await appStarted(page);
        const url = new URL(page.url());
        expect(url.searchParams.get('q')).toBe('olivia');
        expect(url.searchParams.get('status')).toBe('pending');
        expect(await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).inputValue()).toBe(
          'olivia',
        );
        expect(await page.getByRole('button', { name: 'Filter: Pending' }).count()).toBe(1);
        // Whatever the list shows is pending.
        const statuses = await page
          .locator('ul.user-list > li')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
        expect(statuses.every((status) => status === 'pending')).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
