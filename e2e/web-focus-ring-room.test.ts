import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26 (screenshots; defect 5's focus ring): in a dialog, every control has room for its focus ring
// (3 px, 2 px away: base.css) inside whatever clips it. A full-screen sheet's body scrolls at 390 px,
// and the ring of a control touching its edge was cut (the terms' link showed one side of it).

/** The controls of the dialog's body whose ring (5 px around the box) a clipping ancestor cuts. */
function cutRings(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const ring = 5;
    const body = root.querySelector('.ui-modal__body') ?? root;
    const cut: string[] = [];
    for (const control of Array.from(
      body.querySelectorAll('a, button, input, select, textarea, [tabindex]'),
    )) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (
        let parent = control.parentElement;
        parent && parent !== root.parentElement;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        // What a scrolling box shows: its padding box; only a control in sight is judged.
        const clip = parent.getBoundingClientRect();
        if (box.bottom < clip.top || box.top > clip.bottom) break;
        const inside =
          box.left - ring >= clip.left + parent.clientLeft &&
          box.right + ring <= clip.left + parent.clientLeft + parent.clientWidth &&
          (box.top - ring >= clip.top + parent.clientTop || parent.scrollTop > 0) &&
          (box.bottom + ring <= clip.top + parent.clientTop + parent.clientHeight ||
            parent.scrollTop + parent.clientHeight < parent.scrollHeight);
        if (!inside)
          cut.push(`${control.tagName.toLowerCase()} "${control.textContent?.trim().slice(0, 30)}"`);
        break;
      }
    }
    return cut;
  });
}

async function settledDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  return dialog;
}

describe('room for the focus ring in dialogs (issue 26)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    const { width } = viewports[viewport];

    it(`at ${width} px the terms dialog's link and buttons keep their whole ring`, async () => {
      const { context, page } = await signedInPage(browser(), 'terms@example.com', viewport);
      const terms = await settledDialog(page, 'In order to continue');
      expect(await cutRings(terms)).toEqual([]);
      await context.close();
    });

    it(`at ${width} px the wizard's steps 0 and 1 keep every control's whole ring`, async () => {
      const { context, page } = await signedInPage(browser(), 'owner@example.com', viewport);
      await page.goto('/agents');
      await page.getByRole('button', { name: 'Invite data recipients' }).click();
      const wizard = await settledDialog(page, 'Invite data recipients');
      await wizard.getByRole('note').waitFor();
      expect(await cutRings(wizard)).toEqual([]);
      await wizard.getByRole('button', { name: 'Get started' }).click();
      await wizard.getByText('Step 1 of 2').waitFor();
      expect(await cutRings(wizard)).toEqual([]);
      await context.close();
    });
  }
});
