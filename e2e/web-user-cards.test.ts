import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26, defect 4: on /users the download buttons of all cards stand in one column, with and
// without an actions menu beside them, at 390 and 1280 px.

describe('connected-user cards (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`at ${viewports[viewport].width} px the download buttons line up, with and without an actions menu`, async () => {
      const { context, page } = await signedInPage(browser(), 'fleet@example.com', viewport);
      await page.waitForURL('**/users');
      const cards = page.locator('ul.user-list > li');
      await cards
        .first()
        .getByRole('button', { name: /^Download/ })
        .waitFor();
      const withMenu = await cards
        .filter({ has: page.getByRole('button', { name: /^Actions for / }) })
        .count();
      expect(withMenu).toBeGreaterThan(0);
      expect(await cards.count()).toBeGreaterThan(withMenu);
      const rights: number[] = [];
      for (const button of await cards.getByRole('button', { name: /^Download/ }).all()) {
        const box = await button.boundingBox();
        if (box) rights.push(Math.round((box.x + box.width) * 10) / 10);
      }
      expect(rights.length).toBe(await cards.count());
      expect(new Set(rights).size).toBe(1);
      await context.close();
    });
  }
});
