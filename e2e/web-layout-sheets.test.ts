import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26, defect 8 (layout), at 390 and 1280 px: product cards keep no empty status line; the
// pending and rejected application pages stand centred on the page; dialogs and full-screen sheets
// (terms, the wizard's steps, permissions) keep their buttons right after their content, in one row.

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

/**
 * In a dialog: the empty room between the last thing its content shows (above its buttons) and its
 * buttons, how many rows the buttons take, and where they end.
 */
function sheetLayout(dialog: Locator) {
  return dialog.evaluate((root) => {
    const footer = root.querySelector('.ui-modal__footer');
    const header = root.querySelector('.ui-modal__header');
    if (!footer || !header) throw new Error('not a dialog with buttons');
    const footerBox = footer.getBoundingClientRect();
    let lastBottom = header.getBoundingClientRect().bottom;
    for (const element of Array.from(root.querySelectorAll('*'))) {
      if (footer.contains(element) || header.contains(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.bottom > footerBox.top + 1) continue;
      const shows =
        element.matches('button, input, svg, [role=switch]') ||
        Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
      if (shows) lastBottom = Math.max(lastBottom, box.bottom);
    }
    const buttons = Array.from(footer.querySelectorAll('button')).map((button) =>
      button.getBoundingClientRect(),
    );
    const buttonsTop = Math.min(...buttons.map((box) => box.top));
    return {
      room: Math.round(buttonsTop - lastBottom),
      rows: new Set(buttons.map((box) => Math.round(box.top))).size,
      buttonsBottom: Math.max(...buttons.map((box) => box.bottom)),
    };
  });
}

/** The room a dialog may leave between its content and its buttons: its own gaps and paddings. */
const MOST_ROOM = 40;

/**
 * The dialog's buttons follow its content (a long content scrolls above them) and are in sight, in
 * `rows` rows at most: side by side where they fit.
 */
async function expectButtonsAfterContent(page: Page, dialog: Locator, rows = 1): Promise<void> {
  // Measured at rest, after the opening animation.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  const layout = await sheetLayout(dialog);
  expect(layout.room).toBeLessThanOrEqual(MOST_ROOM);
  expect(layout.rows).toBeLessThanOrEqual(rows);
  expect(layout.buttonsBottom).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
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

    it(`at ${width} px the terms dialog keeps its buttons right after its text`, async () => {
      const { context, page } = await signedInPage(browser(), 'terms@example.com', viewport);
      const terms = page.getByRole('dialog', { name: 'In order to continue' });
      await terms.getByRole('button', { name: 'Yes, I accept & acknowledge' }).waitFor();
      // 'No' and the long 'Yes, I accept & acknowledge' take a row each where they cannot share one.
      await expectButtonsAfterContent(page, terms, 2);
      await context.close();
    });

    it(`at ${width} px each step of the wizard keeps its buttons in one row right after its content`, async () => {
      const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
      await page.goto('/agents');
      await page.getByRole('button', { name: 'Invite data recipients' }).click();
      const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
      await wizard.getByRole('note').waitFor();
      await expectButtonsAfterContent(page, wizard);
      await wizard.getByRole('button', { name: 'Get started' }).click();
      await wizard.getByText('Step 1 of 2').waitFor();
      await wizard.getByRole('switch', { name: 'Share data' }).first().click();
      // Step 1: the list scrolls between the title bar and one row of Exit, Back and Next.
      await expectButtonsAfterContent(page, wizard);
      const footer = await wizard.locator('.ui-modal__footer').boundingBox();
      expect(footer?.height).toBeLessThanOrEqual(80);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('Step 2 of 2').waitFor();
      await expectButtonsAfterContent(page, wizard);
      await wizard.getByRole('button', { name: 'Exit' }).click();
      await context.close();
    });

    it(`at ${width} px the permissions dialog keeps its Close button right after the products`, async () => {
      const { context, page } = await signedInPage(browser(), 'fleet@example.com', viewport);
      await page.getByRole('button', { name: 'Actions for Olivia Owner' }).first().click();
      await page.getByRole('menuitem', { name: 'View data permissions' }).click();
      const permissions = page.getByRole('dialog', { name: 'Data permissions' });
      await permissions.getByText('Sharing data').first().waitFor();
      await expectButtonsAfterContent(page, permissions);
      await context.close();
    });
  }
});
