import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, newContext, signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26 (npm run screenshots, the launcher's place on short pages): outside production the mode
// banner (with the simulator launcher) stands in the flow above the page, and the page fills what is
// left of the window. A page as tall as the window below the banner made every short page scroll by
// the banner's height, its footer below the window's bottom. At 390 and 1280 px, drawn by the server
// and by the app.

/** How much taller than the window the document is, and where the footer ends (if there is one). */
function overflow(page: Page) {
  return page.evaluate(() => ({
    beyond: document.documentElement.scrollHeight - window.innerHeight,
    footerBottom: document.querySelector('.app-footer')?.getBoundingClientRect().bottom ?? null,
    height: window.innerHeight,
  }));
}

describe('short pages fit the window below the mode banner (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    const { width } = viewports[viewport];

    it(`at ${width} px a pending application's page does not scroll`, async () => {
      const { context, page } = await signedInPage(browser(), 'pending@example.com', viewport);
      await page.goto('/agent-registration');
      await page.locator('.review-status').waitFor();
      expect(await page.locator('.mode-banner').count()).toBe(1);
      expect((await overflow(page)).beyond).toBeLessThanOrEqual(0);
      await appStarted(page);
      expect((await overflow(page)).beyond).toBeLessThanOrEqual(0);
      await context.close();
    });

    it(`at ${width} px an empty products page ends with its footer at the window's bottom`, async () => {
      const { context, page } = await signedInPage(browser(), 'empty@example.com', viewport);
      await page.goto('/products');
      await page.getByText('You have no available vehicles').waitFor();
      await appStarted(page);
      const { beyond, footerBottom, height } = await overflow(page);
      expect(beyond).toBeLessThanOrEqual(0);
      expect(footerBottom).toBe(height);
      await context.close();
    });

    it(`at ${width} px the sign-in page the app draws (a signed-out visit of /) does not scroll`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await page.goto('/');
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
      expect((await overflow(page)).beyond).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
