import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

// Issue 26, defect 8 (layout), at 390 and 1280 px: the toolbar above a long list (search, filter and
// the access code) is one layout on /agents, /users and both /admin tabs, and its search field has a
// real visible label that nothing cuts, in English and in Greek.

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The lists with a toolbar: who sees it, where, its search field's label, its controls (English, Greek). */
const LISTS = [
  {
    name: '/agents',
    email: 'owner@example.com',
    path: '/agents',
    search: ['Search by company, site or access code', 'Αναζήτηση με εταιρεία, ιστότοπο ή κωδικό πρόσβασης'],
    controls: [[/^Filter: /], [/^Φίλτρο: /]],
  },
  {
    name: '/agents, Invitation Links',
    email: 'owner@example.com',
    path: '/agents?tab=invitations',
    search: ['Search by access code', 'Αναζήτηση με κωδικό πρόσβασης'],
    controls: [[/^Filter: /], [/^Φίλτρο: /]],
  },
  {
    name: '/users',
    email: 'fleet@example.com',
    path: '/users',
    search: ['Search by name or e-mail', 'Αναζήτηση με όνομα ή email'],
    controls: [
      [/^Filter: /, /^Access code$/],
      [/^Φίλτρο: /, /^Κωδικός πρόσβασης$/],
    ],
  },
  {
    name: '/admin, applications',
    email: 'admin@example.com',
    path: '/admin',
    search: ['Search by company, e-mail or VAT number', 'Αναζήτηση με εταιρεία, email ή ΑΦΜ'],
    controls: [[/^Status: /], [/^Κατάσταση: /]],
  },
  {
    name: '/admin, sharings',
    email: 'admin@example.com',
    path: '/admin?tab=sharings',
    search: ['Search by user, company or e-mail', 'Αναζήτηση με χρήστη, εταιρεία ή email'],
    controls: [[], []],
  },
] as const;

/** Opens the page in English or Greek (the language is kept in the browser, as the language menu does). */
async function openList(page: Page, path: string, language: 'en' | 'el', label: string): Promise<Locator> {
  if (language === 'el') {
    await page.evaluate(() => window.localStorage.setItem('portal.language', 'el'));
  }
  await page.goto(path);
  const search = page.getByRole('searchbox', { name: label, exact: true });
  await search.waitFor();
  return search;
}

/** The label is on screen, in full: not hidden, not clipped, not cut at the viewport's edge. */
async function expectLabelInFull(page: Page, label: Locator, text: string): Promise<void> {
  expect((await label.textContent())?.trim()).toBe(text);
  const shown = await label.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      clipped:
        style.clipPath !== 'none' ||
        (style.clip !== 'auto' && style.clip !== '') ||
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1,
      opacity: Number(style.opacity),
      fontSize: Number.parseFloat(style.fontSize),
    };
  });
  expect(shown.clipped).toBe(false);
  expect(shown.opacity).toBe(1);
  expect(shown.fontSize).toBeGreaterThanOrEqual(12);
  const box = await boxOf(label);
  const width = page.viewportSize()?.width ?? 0;
  expect(box.width).toBeGreaterThan(20);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** A placeholder, if the field has one, fits in the field: none is cut off. */
async function expectPlaceholderFits(search: Locator): Promise<void> {
  const fits = await search.evaluate((input) => {
    const field = input as HTMLInputElement;
    if (!field.placeholder) return true;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = style.font;
    const room =
      field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(field.placeholder).width <= room;
  });
  expect(fits).toBe(true);
}

describe('list toolbars and search fields (issue 26, defect 8)', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const) {
    const width = viewports[viewport].width;
    for (const list of LISTS) {
      it(`at ${width} px ${list.name} has the one list toolbar, its search field labelled in full (English and Greek)`, async () => {
        const { context, page } = await signedInPage(browser(), list.email, viewport);
        for (const [index, language] of (['en', 'el'] as const).entries()) {
          const text = list.search[index] as string;
          const search = await openList(page, list.path, language, text);
          // One shared toolbar: the search field and the list's controls are in it.
          const toolbar = page.locator('.list-toolbar').filter({ has: search });
          expect(await toolbar.count()).toBe(1);
          const controls = (list.controls[index] as readonly RegExp[]).map((name) =>
            toolbar.getByRole('button', { name }),
          );
          for (const control of controls) expect(await control.count()).toBe(1);

          // A real label, visible and whole; no placeholder cut short.
          const label = toolbar.locator('label').filter({ hasText: text });
          expect(await label.count()).toBe(1);
          expect(await label.getAttribute('for')).toBe(await search.getAttribute('id'));
          await expectLabelInFull(page, label, text);
          await expectPlaceholderFits(search);

          const bar = await boxOf(toolbar);
          const field = await boxOf(search);
          const boxes = await Promise.all(controls.map(boxOf));
          // The controls are of the field's height (a tap target at every width).
          for (const box of boxes) expect(Math.abs(box.height - field.height)).toBeLessThanOrEqual(1);
          if (viewport === 'desktop') {
            // The field takes the room the controls leave, and they stand at the row's end, in line.
            expect(field.x).toBeCloseTo(bar.x, 0);
            for (const box of boxes) expect(Math.abs(box.y - field.y)).toBeLessThanOrEqual(1);
            const last = boxes.at(-1);
            expect(last ? last.x + last.width : field.x + field.width).toBeCloseTo(bar.x + bar.width, 0);
            expect(field.width).toBeGreaterThan(bar.width / 2);
          } else {
            // A row of its own for the field, the controls below it across the whole width.
            expect(field.x).toBeCloseTo(bar.x, 0);
            expect(field.width).toBeCloseTo(bar.width, 0);
            for (const box of boxes) expect(box.y).toBeGreaterThanOrEqual(field.y + field.height);
            // They share a row across the whole width; controls too long to share one (Greek) take a
            // whole row each.
            const tops = [...new Set(boxes.map((box) => Math.round(box.y)))];
            for (const row of tops.map((top) => boxes.filter((box) => Math.round(box.y) === top))) {
              const first = row[0] as Box;
              const last = row.at(-1) as Box;
              expect(first.x).toBeCloseTo(bar.x, 0);
              expect(last.x + last.width).toBeCloseTo(bar.x + bar.width, 0);
            }
          }
        }
        await context.close();
      });
    }
  }
});
