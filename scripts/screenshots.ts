// Screenshots of every route of every role and status (the list of e2e/support/pages.ts, so the two
// cannot drift) and of the states a user meets on them (the wizard's steps, the permissions sheet, a
// dialog opened from an actions menu, a notification at the top, the terms, an empty list, the
// launcher on a short page), at 390 px and 1280 px; the main screens also at each breakpoint of the
// design (480, 768, 1024, 1200, 1600 px and 1920 px), in headless Chromium; then one contact sheet,
// docs/screens.png, that the README shows.
// Usage: start the portal in demo mode (npm start, or PORT=… npm run serve on a built checkout), then:
//   npm run screenshots -- [baseUrl] [outDir]
// A state that changes the data (the wizard's step 2 creates an invitation) resets the demo world
// after its picture, so every picture shows the demo data as seeded.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { ALL_PAGES } from '../e2e/support/pages.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(process.argv[3] ?? 'screenshots');
mkdirSync(outDir, { recursive: true });

interface Shot {
  name: string;
  persona: string | null;
  path: string;
  /** Extra steps after the page loads (open a modal, a menu...). */
  act?: (page: Page) => Promise<void>;
  /** Only the window, not the whole page: a dialog (it covers the window, not the page) or a window's bottom. */
  windowOnly?: boolean;
  /** The state changed the data: the demo world is reset after the picture. */
  changesData?: boolean;
}

/** A route's picture name: the persona's name and the path, e.g. owner-agents-tab-invitations. */
const routeName = (persona: string | null, route: string) =>
  `${persona ? persona.split('@')[0] : 'visitor'}-${route}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '');

const OWNER = 'owner@example.com';
const FLEET = 'fleet@example.com';

/** The wizard opened on /agents, at its first step (0): what the invitation is. */
async function wizardStep0(page: Page) {
  await page.getByRole('button', { name: 'Invite data recipients' }).click();
  await page.getByRole('dialog', { name: 'Invite data recipients' }).getByRole('note').waitFor();
}
/** Step 1: the products to share, one switched on. */
async function wizardStep1(page: Page) {
  await wizardStep0(page);
  const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
  await wizard.getByRole('button', { name: 'Get started' }).click();
  await wizard.getByText('Step 1 of 2').waitFor();
  await wizard.getByRole('switch', { name: 'Share data' }).first().click();
}
/** Step 2: the invitation made, its notification come down at the top. */
async function wizardStep2(page: Page) {
  await wizardStep1(page);
  const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Step 2 of 2').waitFor();
  await page.locator('.ui-notification').filter({ hasText: 'Invitation created' }).waitFor();
}
/** A dialog opened from a card's actions menu. */
const fromActionsMenu = (actions: string, item: string, dialog: string) => async (page: Page) => {
  await page.getByRole('button', { name: actions }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

const shots: Shot[] = [
  // Every route of every role and status.
  ...ALL_PAGES.map(([persona, route]) => ({ name: routeName(persona, route), persona, path: route })),
  // The states on them.
  { name: 'empty-products', persona: 'empty@example.com', path: '/products' },
  { name: 'terms-dialog', persona: 'terms@example.com', path: '/products', windowOnly: true },
  { name: 'wizard-step-0', persona: OWNER, path: '/agents', act: wizardStep0, windowOnly: true },
  { name: 'wizard-step-1', persona: OWNER, path: '/agents', act: wizardStep1, windowOnly: true },
  {
    name: 'owner-permissions-from-actions-menu',
    persona: OWNER,
    path: '/agents',
    act: fromActionsMenu('Actions for Fleet Analytics', 'View permissions', 'Data permissions'),
    windowOnly: true,
  },
  {
    name: 'fleet-permissions-sheet',
    persona: FLEET,
    path: '/users',
    act: fromActionsMenu('Actions for Olivia Owner', 'View data permissions', 'Data permissions'),
    windowOnly: true,
  },
  {
    name: 'fleet-access-code',
    persona: FLEET,
    path: '/users',
    act: async (page) => page.getByRole('button', { name: 'Access code' }).click(),
    windowOnly: true,
  },
  {
    name: 'launcher-short-page',
    persona: 'pending@example.com',
    path: '/agent-registration',
    windowOnly: true,
  },
  {
    name: 'wizard-step-2-notification',
    persona: OWNER,
    path: '/agents',
    act: wizardStep2,
    windowOnly: true,
    changesData: true,
  },
];

/** Every screen at these widths. */
const EVERY_SCREEN = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const;
/** The breakpoints of web/src/lib/breakpoints.ts (and 1920): the screens whose layout changes. */
const BREAKPOINT_WIDTHS = [480, 768, 1024, 1200, 1600, 1920] as const;
const BREAKPOINT_SCREENS = new Set([
  'owner-products',
  'owner-agents',
  'wizard-step-1',
  'fleet-users',
  'admin-admin',
]);
/** The contact sheet: these screens at 1280 and 390 px. */
const SHEET = [
  'visitor-login',
  'owner-products',
  'owner-agents',
  'wizard-step-1',
  'fleet-users',
  'admin-admin',
];

const runs: [string, { width: number; height: number }, Shot[]][] = [
  ...EVERY_SCREEN.map(([label, viewport]) => [label, viewport, shots] as [string, typeof viewport, Shot[]]),
  ...BREAKPOINT_WIDTHS.map(
    (width) =>
      [String(width), { width, height: 900 }, shots.filter((shot) => BREAKPOINT_SCREENS.has(shot.name))] as [
        string,
        { width: number; height: number },
        Shot[],
      ],
  ),
];

/**
 * Makes the window as tall as the page was, so that a long list draws all its cards
 * (components/virtual-list.tsx draws only those near the window: a full-page capture of a short window
 * left the rest of the list empty). The page's minimum height follows the window, so the capture after
 * it is still of the full page (its footer below).
 */
async function windowAsTallAsPage(page: Page, viewport: { width: number; height: number }): Promise<void> {
  // Strings, not functions: this file is type-checked with Node's types only (server/tsconfig.json).
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  if (height <= viewport.height) return;
  await page.setViewportSize({ width: viewport.width, height });
  await page.waitForTimeout(300);
}

let failures = 0;
const browser = await launchChromium();
for (const [label, viewport, list] of runs) {
  for (const shot of list) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-GB' });
    const page = await context.newPage();
    try {
      if (shot.persona) {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Login / Sign up' }).click();
        await page
          .getByRole('button', { name: new RegExp(shot.persona.replace(/[.@]/g, '\\$&'), 'i') })
          .click();
        await page.waitForURL(
          (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth'),
        );
      }
      await page.goto(shot.path);
      await page.waitForLoadState('networkidle');
      await shot.act?.(page);
      // Animations (a dialog's entrance, a notification's slide) at rest.
      await page.evaluate(
        'Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))',
      );
      await page.waitForTimeout(300);
      // The contact sheet's tile: the first window, before the window grows.
      if (SHEET.includes(shot.name) && (label === '1280' || label === '390')) {
        await page.screenshot({ path: path.join(outDir, `sheet-${shot.name}-${label}.png`) });
      }
      const file = path.join(outDir, `${shot.name}-${label}.png`);
      if (!shot.windowOnly) await windowAsTallAsPage(page, viewport);
      await page.screenshot({ path: file, fullPage: !shot.windowOnly });
      console.log(file);
      if (shot.changesData) {
        const reset = await page.request.post('/api/v1/sim/reset', { data: {} });
        if (!reset.ok()) throw new Error(`resetting the demo world: ${reset.status()}`);
      }
    } catch (error) {
      failures += 1;
      console.error(`${shot.name} at ${label}px failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
  }
}

/** One image a newcomer sees before installing: each sheet screen at 1280 px with its 390 px view beside it. */
async function contactSheet(target: string): Promise<void> {
  const tile = (name: string, label: string, width: number) => {
    const file = path.join(outDir, `sheet-${name}-${label}.png`);
    try {
      const data = readFileSync(file).toString('base64');
      return `<img src="data:image/png;base64,${data}" style="width:${width}px" alt="">`;
    } catch {
      return '';
    }
  };
  const cells = SHEET.map(
    (name) =>
      `<figure>${tile(name, '1280', 480)}${tile(name, '390', 136)}<figcaption>${name}</figcaption></figure>`,
  ).join('');
  const page = await browser.newPage({ viewport: { width: 1900, height: 100 } });
  await page.setContent(
    `<style>body{margin:0;padding:16px;background:#e9edf2;font:14px system-ui;display:grid;grid-template-columns:repeat(3,1fr);gap:16px}
    figure{margin:0;display:flex;gap:8px;align-items:flex-start;flex-wrap:wrap}img{border:1px solid #aab4c0;border-radius:4px}
    figcaption{width:100%;color:#1b2430}</style>${cells}`,
  );
  await page.waitForLoadState('load');
  await page.screenshot({ path: target, fullPage: true, type: 'png' });
  await page.close();
  console.log(`${target} (${Math.round(statSync(target).size / 1024)} KB)`);
}

mkdirSync('docs', { recursive: true });
await contactSheet(path.resolve('docs/screens.png'));
await browser.close();
if (failures > 0) {
  console.error(`${failures} screenshot(s) failed`);
  process.exitCode = 1;
}
