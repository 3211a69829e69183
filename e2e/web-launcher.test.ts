import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, newContext, signIn, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';
import { ALL_PAGES } from './support/pages.ts';

// Issue 26, defect 1: the simulator launcher (demo, development and test modes) never covers what a
// user needs, at 390 and 1280 px, at any scroll position of any page; and a modal overlay covers it
// like the rest of the page.

/** What a user reads or works besides text. */
const CONTROLS =
  'a, button, input, select, textarea, img, svg, [role=switch], [role=radio], [role=checkbox], [role=tab], [role=button], [role=link], [role=combobox]';

/**
 * What the launcher covers with the page scrolled to each height in turn: every visible text, control
 * and image (outside the launcher itself) whose box overlaps the launcher's.
 */
function coveredByLauncher(page: Page): Promise<string[]> {
  return page.evaluate(async (CONTROLS) => {
    const launcher = document.querySelector('.simulator-launcher');
    if (!launcher) throw new Error('no launcher on the page');
    const covered = new Set<string>();
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const describe = (node: Node) =>
      `${(node.parentElement ?? (node as Element)).tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    const scan = () => {
      const box = launcher.getBoundingClientRect();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (launcher.contains(node)) continue;
        if (node instanceof Element) {
          if (node.contains(launcher) || !visible(node)) continue;
          if (!node.matches(CONTROLS)) continue;
          const rect = node.getBoundingClientRect();
          // Visually hidden helpers (1 px boxes) are not seen by anyone.
          if (rect.width <= 1 || rect.height <= 1) continue;
          if (overlaps(rect, box)) covered.add(describe(node));
        } else if (
          (node.textContent ?? '').trim() !== '' &&
          node.parentElement &&
          visible(node.parentElement)
        ) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects()))
            if (overlaps(rect, box)) covered.add(describe(node));
        }
      }
    };
    const height = document.documentElement.scrollHeight;
    const step = Math.max(100, Math.floor(window.innerHeight / 3));
    for (let y = 0; ; y += step) {
      window.scrollTo(0, Math.min(y, height));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      scan();
      if (y >= height) break;
    }
    window.scrollTo(0, 0);
    return [...covered];
  }, CONTROLS);
}

describe('the simulator launcher (issue 26, defect 1)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    for (const [email, path] of ALL_PAGES) {
      it(`at ${viewports[viewport].width} px covers nothing on ${path} (${email ?? 'signed out'})`, async () => {
        const context = await newContext(browser(), viewport);
        const page = await context.newPage();
        if (email) await signIn(page, email);
        await page.goto(path);
        await page.getByRole('button', { name: 'Simulator' }).waitFor();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // The lists' first rows, where a page has them.
        await page.waitForLoadState('networkidle');
        expect(await coveredByLauncher(page)).toEqual([]);
        await context.close();
      });
    }

    it(`at ${viewports[viewport].width} px is drawn with the page, its panel's code loaded at first intent`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await signIn(page, 'owner@example.com');
      const panelCode: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('simulator-entry')) panelCode.push(request.url());
      });
      const answer = await page.goto('/products');
      // In the page the server drew, before any script ran.
      expect(await answer?.text()).toMatch(/<button[^>]*class="simulator-launcher"/);
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      expect(panelCode).toEqual([]);
      const launcher = page.getByRole('button', { name: 'Simulator' });
      await launcher.hover();
      await expect.poll(() => panelCode.length).toBeGreaterThan(0);
      await launcher.click();
      await page.getByRole('dialog', { name: 'Simulator' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Simulator' }).waitFor({ state: 'hidden' });
      // The focus is back on the very button that opened it.
      expect(await launcher.evaluate((element) => element === document.activeElement)).toBe(true);
      await context.close();
    });

    it(`at ${viewports[viewport].width} px lies under a dialog's overlay, like the rest of the page`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await signIn(page, 'owner@example.com');
      await page.goto('/products');
      await page.getByRole('button', { name: 'Simulator' }).waitFor();
      await page.getByRole('switch', { name: 'Enable data export' }).first().click();
      await page.getByRole('dialog').waitFor();
      // Hidden from assistive technology behind the dialog, so found by its class.
      const launcher = page.locator('.simulator-launcher');
      const onTop = await launcher.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      });
      expect(onTop).toBe(false);
      // The launcher cannot be clicked behind the dialog.
      await expect(launcher.click({ timeout: 1000, trial: true })).rejects.toThrow();
      await context.close();
    });
  }
});
