import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf, ownerPage } from './support/owner-screens.ts';

// Issue 26, defect 5: the focus ring follows `:focus-visible` semantics (none after a mouse click on a
// tab, the filter button or in a dialog opened with the mouse; there from the keyboard), and closing a
// dialog opened from an actions menu sends focus back to the menu's button.

/** Whether the focused element shows the focus ring. */
const ringShown = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element !== null && element !== document.body && getComputedStyle(element).outlineStyle !== 'none';
  });

describe('focus after the mouse and the keyboard (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`at ${viewports[viewport].width} px a mouse click leaves no ring on a tab, the filter button or a dialog`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      await page.goto('/agents');
      await appStarted(page);
      await page.getByRole('tab', { name: /^Invitation Links/ }).click();
      await page.getByRole('tabpanel', { name: 'Invitation Links' }).waitFor();
      expect(await ringShown(page)).toBe(false);

      await page.getByRole('button', { name: /^Filter:/ }).click();
      await page.getByRole('menuitemradio').first().click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await ringShown(page)).toBe(false);

      await page.getByRole('tab', { name: /^All data recipients/ }).click();
      const card = cardOf(page, 'Fleet Analytics', 'active').first();
      const actions = card.getByRole('button', { name: 'Actions for Fleet Analytics' });
      await actions.click();
      await page.getByRole('menuitem', { name: 'View permissions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Data permissions' });
      await dialog.waitFor();
      expect(await ringShown(page)).toBe(false);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      // Back on the button the dialog was opened from, without a ring (the mouse closed it).
      expect(await actions.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await ringShown(page)).toBe(false);

      // From the keyboard the ring is there.
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'View permissions' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      // The menu gives the focus back as it unmounts, a frame after it left (late on a busy machine).
      await expect.poll(() => actions.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await ringShown(page)).toBe(true);
      await context.close();
    });
  }
});

describe('focus deep in a virtual list (issue 26)', () => {
  const browser = useBrowser({ scenario: 'large-fleet' });

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`at ${viewports[viewport].width} px closing a dialog opened from a card's actions menu at row 300 returns focus to that menu's button`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      await page.goto('/agents');
      const list = 'ul.recipient-list';
      const target = page.locator(`${list} > li[aria-posinset="300"]`);
      for (let step = 0; step < 500 && (await target.count()) === 0; step++) {
        await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
        await page.waitForTimeout(40);
      }
      await appStarted(page);
      // The first card from row 300 on with an actions menu.
      const actions = page
        .locator(`${list} > li[aria-posinset]`)
        .getByRole('button', { name: /^Actions for / });
      let button = actions.first();
      for (const candidate of await actions.all()) {
        const row = Number(
          await candidate.evaluate((element) =>
            element.closest('li[aria-posinset]')?.getAttribute('aria-posinset'),
          ),
        );
        if (row >= 300 && (await candidate.isVisible())) {
          button = candidate;
          break;
        }
      }
      const name = (await button.getAttribute('aria-label')) ?? '';
      await button.click();
      const item = page.getByRole('menuitem').first();
      await item.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(name);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await context.close();
    });
  }
});
