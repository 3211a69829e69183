import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26, defect 8 (layout), at 390 and 1280 px: product cards keep no empty status line; the
// pending and rejected application pages stand centred on the page.

/**
 * For each product card: the room between the last thing it shows (a text or a control) and its
 * bottom edge, less the card's own padding. An empty line left in the card shows as a positive gap.
 */
function emptyRoomInCards(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.product-card')).map((card) => {
      let lastBottom = card.getBoundingClientRect().top;
      for (const element of Array.from(card.querySelectorAll('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const shows =
          element.matches('button, input, svg, [role=switch]') ||
          Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
        if (shows) lastBottom = Math.max(lastBottom, box.bottom);
      }
      const padding = Number.parseFloat(getComputedStyle(card).paddingBottom);
      return Math.round(card.getBoundingClientRect().bottom - lastBottom - padding);
    }),
  );
}

describe('layout of cards and status pages (issue 26, defect 8)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    const width = viewports[viewport].width;

    it(`at ${width} px a product card ends with its last line: no empty status line`, async () => {
      const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
      await page.goto('/products');
      await page.locator('.product-card').first().waitFor();
      const rooms = await emptyRoomInCards(page);
      expect(rooms.length).toBeGreaterThan(0);
      // Sub-pixel rounding aside, nothing but the padding below the last line.
      for (const room of rooms) expect(room).toBeLessThanOrEqual(1);
      // The status is still there for assistive technology, ready to announce a job.
      expect(await page.locator('.product-card [role=status]').count()).toBeGreaterThan(0);
      await context.close();
    });

    for (const email of ['pending@example.com', 'rejected@example.com']) {
      it(`at ${width} px the ${email.split('@')[0]} application page stands centred`, async () => {
        const { context, page } = await signedInPage(browser(), email, viewport);
        await page.goto('/agent-registration');
        const card = page.locator('.review-status');
        await card.waitFor();
        const [cardBox, mainBox] = await Promise.all([
          card.boundingBox(),
          page.locator('main').boundingBox(),
        ]);
        if (!cardBox || !mainBox) throw new Error('not on screen');
        // The card's middle is the page's middle: no right half left empty.
        expect(Math.abs(cardBox.x + cardBox.width / 2 - (mainBox.x + mainBox.width / 2))).toBeLessThanOrEqual(
          1,
        );
        // And its heading is centred in it.
        const textAlign = await page
          .getByRole('heading', { level: 1 })
          .evaluate((element) => getComputedStyle(element).textAlign);
        expect(textAlign).toBe('center');
        await context.close();
      });
    }
  }
});
