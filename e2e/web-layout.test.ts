import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted } from './support/browser.ts';
import { injectFault } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { ownerPage } from './support/owner-screens.ts';

// Issue 13: where notifications sit (never over the header, the menu or the account button, at
// 1280 and 390 px), and keyboard focus around menus and modals.

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The element a click at the centre of `locator` would hit is the locator's element (or inside it). */
async function isOnTop(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([x, y, element]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return hit !== null && (element as Element).contains(hit);
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

describe('web layout (issue 13)', () => {
  const browser = useBrowser();

  it.each(['desktop', 'mobile'] as const)(
    'at %s width a notification covers neither the header nor an open menu',
    async (viewport) => {
      const { context, page } = await ownerPage(browser(), { viewport });
      const menuButton = page.getByRole('button', {
        name: viewport === 'mobile' ? 'Open menu' : 'Account menu',
      });
      // A failed sign-out leaves a notification on screen (the user stays signed in).
      await injectFault('logout', 500);
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      const notification = page.locator('.ui-notification').first();
      await notification.waitFor();
      // Measure where it comes to rest, after its slide-in animation.
      await notification.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      const header = await boxOf(page.locator('.app-header'));
      expect(overlaps(await boxOf(notification), header)).toBe(false);
      expect(await isOnTop(page, menuButton)).toBe(true);
      await menuButton.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await isOnTop(page, page.getByRole('menuitem', { name: 'Log out' }))).toBe(true);
      expect(await isOnTop(page, page.getByRole('menuitem', { name: 'View user guide' }))).toBe(true);
      await page.keyboard.press('Escape');
      await context.close();
    },
  );

  it('Escape in a menu returns focus to its trigger; closing a modal returns focus to what opened it', async () => {
    const { context, page } = await ownerPage(browser());
    await appStarted(page);
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // The menu gives the focus back as it unmounts, a frame after it left (late on a busy machine).
    await expect.poll(() => account.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.goto('/agents');
    await appStarted(page);
    const filter = page.getByRole('button', { name: /^Filter:/ });
    await filter.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    expect(await filter.evaluate((element) => element === document.activeElement)).toBe(true);

    const invite = page.getByRole('button', { name: 'Invite data recipients' });
    await invite.focus();
    await page.keyboard.press('Enter');
    const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
    await wizard.waitFor();
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached' });
    expect(await invite.evaluate((element) => element === document.activeElement)).toBe(true);
    // Closed with its Exit button, too.
    await page.keyboard.press('Enter');
    await wizard.getByRole('button', { name: 'Exit' }).click();
    await wizard.waitFor({ state: 'detached' });
    expect(await invite.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});
