import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26 (screenshots, as defect 4 on /users): on /agents the status labels of all cards stand in one
// column, with and without an actions button beside them, on both tabs, at 390 and 1280 px.

/** The left and right edges of the visible status labels of the cards, rounded to a tenth of a pixel. */
function labelEdges(page: Page): Promise<{ left: number; right: number }[]> {
  return page.locator('.recipient-card__side .ui-badge').evaluateAll((labels) =>
    labels
      .map((label) => label.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => ({ left: Math.round(box.left * 10) / 10, right: Math.round(box.right * 10) / 10 })),
  );
}

describe('recipient cards (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    for (const path of ['/agents', '/agents?tab=invitations']) {
      it(`at ${viewports[viewport].width} px on ${path} the status labels line up, with and without actions`, async () => {
        const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
        await page.goto(path);
        const cards = page.locator('.recipient-card');
        await cards.first().waitFor();
        const withActions = await cards.filter({ has: page.locator('.recipient-card__side button') }).count();
        expect(withActions).toBeGreaterThan(0);
        expect(await cards.count()).toBeGreaterThan(withActions);
        const edges = await labelEdges(page);
        // Every card shows its label but a pending agent's at 1280 px (Decline and Accept stand there).
        expect(edges.length).toBeGreaterThanOrEqual((await cards.count()) - 1);
        // Below 768 px the label opens the card's last row, at its left; from 768 px it ends the card's
        // row, before the actions (an empty place where a card has none).
        const edge = viewport === 'mobile' ? 'left' : 'right';
        expect(new Set(edges.map((box) => box[edge])).size).toBe(1);
        await context.close();
      });
    }
  }
});
