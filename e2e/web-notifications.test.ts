import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { injectFault } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { ownerPage } from './support/owner-screens.ts';

// Issue 26: notifications sit at the top at every width, as the specification says (banner top centre,
// sliding down; toast top right, sliding in from the right), and still cover neither the header nor a
// full-screen sheet's title bar and buttons.

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Waits for the notification's entrance to end, then answers where it starts from (its first keyframe's transform). */
async function settled(notification: Locator): Promise<string> {
  return notification.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const name = getComputedStyle(element).animationName;
    for (const sheet of Array.from(document.styleSheets))
      for (const rule of Array.from(sheet.cssRules))
        if (rule instanceof CSSKeyframesRule && rule.name === name)
          return (rule.cssRules[0] as CSSKeyframeRule).style.transform;
    return `no keyframes named ${name}`;
  });
}

/** A failed sign-out: the user stays signed in and an error banner says so. */
async function failedSignOut(page: Page, viewport: 'mobile' | 'desktop'): Promise<Locator> {
  await injectFault('logout', 500);
  await page.getByRole('button', { name: viewport === 'mobile' ? 'Open menu' : 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const notification = page.locator('.ui-notification').first();
  await notification.waitFor();
  return notification;
}

describe('notifications at the top (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    const { width } = viewports[viewport];

    it(`at ${width} px a banner comes down at the top centre, just below the header`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      const notification = await failedSignOut(page, viewport);
      expect(await settled(notification)).toMatch(/^translateY\(-/);
      const box = await boxOf(notification);
      const header = await boxOf(page.locator('.app-header'));
      expect(overlaps(box, header)).toBe(false);
      // Just below the header, not at the bottom of the screen.
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y).toBeLessThan(header.y + header.height + 40);
      expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(1);
      await context.close();
    });

    it(`at ${width} px a toast slides in from the right at the top right`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      // The portal's own notifications are banners: a toast list is laid out by the same stylesheet
      // (classes of components/ui/notification-viewport.tsx), measured here.
      const toast = await page.evaluateHandle(() => {
        const list = document.createElement('ol');
        list.className = 'ui-notifications ui-notifications--toast';
        const item = document.createElement('li');
        item.className = 'ui-notification ui-notification--toast ui-notification--info';
        item.textContent = 'A toast';
        list.append(item);
        document.body.append(list);
        return item;
      });
      const notification = page.locator('.ui-notification--toast');
      expect(await settled(notification)).toMatch(/^translateX?\(\d/);
      const box = await boxOf(notification);
      const header = await boxOf(page.locator('.app-header'));
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y).toBeLessThan(header.y + header.height + 40);
      expect(width - (box.x + box.width)).toBeLessThanOrEqual(24);
      await toast.dispose();
      await context.close();
    });
  }

  it('at 390 px over a full-screen sheet it comes down below the title bar and covers none of its buttons', async () => {
    const { context, page } = await ownerPage(browser(), { viewport: 'mobile' });
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Invite data recipients' }).click();
    const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
    await wizard.getByRole('button', { name: 'Get started' }).click();
    await wizard.getByText('Step 1 of 2').waitFor();
    await wizard.getByRole('switch', { name: 'Share data' }).first().click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 2 of 2').waitFor();
    const notice = page.locator('.ui-notification').filter({ hasText: 'Invitation created' });
    await notice.waitFor();
    expect(await settled(notice)).toMatch(/^translateY\(-/);
    const box = await boxOf(notice);
    const title = await boxOf(wizard.locator('.ui-modal__header'));
    expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
    expect(box.y).toBeLessThan(title.y + title.height + 40);
    // The close button in the title bar and the buttons at the bottom of the sheet.
    const buttons = await wizard.locator('.ui-modal__header button, .ui-modal__footer button').all();
    expect(buttons.length).toBeGreaterThan(1);
    for (const button of buttons) expect(overlaps(box, await boxOf(button))).toBe(false);
    await context.close();
  });
});
