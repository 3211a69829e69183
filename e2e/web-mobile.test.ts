import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signedInPage } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';
import { expectNotice } from './support/owner-screens.ts';

// Issue 13: at 390 px no screen scrolls sideways, and the invitation wizard's controls are big enough to
// tap (44 px, WCAG 2.5.8) with its steps readable on a full-screen sheet.

/** How far the page (or an open dialog) is wider than the viewport; 0 when nothing scrolls sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const dialogs = Array.from(
      document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'),
    );
    return Math.max(
      root.scrollWidth - root.clientWidth,
      ...dialogs.map((dialog) => dialog.scrollWidth - dialog.clientWidth),
    );
  });
}

async function expectNoOverflow(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect({ screen, overflow: await sidewaysOverflow(page) }).toEqual({ screen, overflow: 0 });
}

/** Width and height of what a tap hits: the element's box, or for a switch its larger hit area. */
async function tapArea(control: Locator): Promise<{ width: number; height: number }> {
  // In the middle of the screen (and of its scrolling container), so nothing clips what is measured.
  await control.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = await control.boundingBox();
  if (!box) throw new Error('not on screen');
  // Probe outward from the centre until a point no longer hits the control.
  return control.evaluate((element, rect) => {
    const hits = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (element === hit || element.contains(hit));
    };
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    let up = 0;
    while (hits(cx, cy - up - 1)) up += 1;
    let down = 0;
    while (hits(cx, cy + down + 1)) down += 1;
    let left = 0;
    while (hits(cx - left - 1, cy)) left += 1;
    let right = 0;
    while (hits(cx + right + 1, cy)) right += 1;
    return { width: left + right + 1, height: up + down + 1 };
  }, box);
}

async function expectTappable(dialog: Locator, step: string): Promise<void> {
  const controls = dialog.locator('button:visible, [role="switch"]:visible');
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const name = await control.evaluate((element: HTMLButtonElement) =>
      (
        element.getAttribute('aria-label') ??
        element.labels?.[0]?.textContent ??
        element.textContent ??
        ''
      ).trim(),
    );
    const area = await tapArea(control);
    expect({ step, name, tall: area.height >= 44, wide: area.width >= 44 }).toEqual({
      step,
      name,
      tall: true,
      wide: true,
    });
  }
}

describe('390 px (issue 13)', () => {
  const browser = useBrowser();

  it('the sign-in page does not scroll sideways, and the mode banner covers nothing', async () => {
    const context = await newContext(browser(), 'mobile');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    await expectNoOverflow(page, 'login');
    // The mode banner floats over the page: the language choice pinned to the top sits below it.
    const banner = page.getByRole('complementary', { name: 'Server mode' });
    const language = page.getByRole('combobox', { name: 'Language' });
    await banner.waitFor();
    await expect
      .poll(async () => {
        const [bannerBox, languageBox] = [await banner.boundingBox(), await language.boundingBox()];
        return bannerBox && languageBox ? languageBox.y - (bannerBox.y + bannerBox.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it("no screen of the data owner scrolls sideways, and the wizard's controls are 44 px to tap", async () => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com', 'mobile');
    await page.getByRole('heading', { level: 1, name: 'Connected Products' }).waitFor();
    await expectNoOverflow(page, 'products');
    await page.goto('/agents');
    await page.getByRole('heading', { level: 1, name: 'Data recipients' }).waitFor();
    await expectNoOverflow(page, 'agents');
    await page.getByRole('tab', { name: /Invitation Links/ }).click();
    await expectNoOverflow(page, 'invitation links');

    await page.getByRole('button', { name: 'Invite data recipients' }).click();
    const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
    await wizard.getByRole('button', { name: 'Get started' }).waitFor();
    // A full-screen sheet: the steps get the whole width of the phone.
    const sheet = await wizard.boundingBox();
    expect(sheet?.width).toBe(390);
    await expectNoOverflow(page, 'wizard welcome');
    await expectTappable(wizard, 'welcome');
    await wizard.getByRole('button', { name: 'Get started' }).click();
    await wizard.getByText('Step 1 of 2').waitFor();
    await wizard.getByRole('switch', { name: 'Share data' }).first().click();
    await expectNoOverflow(page, 'wizard step 1');
    await expectTappable(wizard, 'step 1');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 2 of 2').waitFor();
    // The success notice comes down below the sheet's title bar, above its buttons: it covers none.
    const notice = page.locator('.ui-notification').filter({ hasText: 'Invitation created' });
    await notice.waitFor();
    await notice.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    const noticeBox = await notice.boundingBox();
    for (const button of await wizard.locator('.ui-modal__footer button').all()) {
      const box = await button.boundingBox();
      expect(noticeBox && box && noticeBox.y + noticeBox.height <= box.y).toBe(true);
    }
    await expectNotice(page, 'Invitation created');
    await expectNoOverflow(page, 'wizard step 2');
    await expectTappable(wizard, 'step 2');
    await wizard.getByRole('button', { name: 'Exit' }).click();
    await wizard.waitFor({ state: 'detached' });
    await context.close();
  });

  it('no screen of a company or the administrator scrolls sideways', async () => {
    const fleet = await signedInPage(browser(), 'fleet@example.com', 'mobile');
    await fleet.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expectNoOverflow(fleet.page, 'users');
    await fleet.page.getByRole('button', { name: 'Access code' }).click();
    await fleet.page.getByRole('dialog').waitFor();
    await expectNoOverflow(fleet.page, 'access code');
    await fleet.context.close();

    for (const email of ['newco@example.com', 'pending@example.com']) {
      const company = await signedInPage(browser(), email, 'mobile');
      await company.page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoOverflow(company.page, `registration of ${email}`);
      await company.context.close();
    }

    const admin = await signedInPage(browser(), 'admin@example.com', 'mobile');
    await admin.page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await admin.page.getByRole('button', { name: 'Show details' }).first().click();
    await expectNoOverflow(admin.page, 'admin applications');
    await admin.page.getByRole('tab', { name: 'Data sharings' }).click();
    await admin.page.getByRole('button', { name: 'Suspend' }).first().waitFor();
    await expectNoOverflow(admin.page, 'admin sharings');
    await admin.context.close();
  });
});
