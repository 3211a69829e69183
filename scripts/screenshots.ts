// Screenshots of every screen at 390 px and 1280 px, and of the main screens at each breakpoint of
// the design (480, 768, 1024, 1200, 1600 px and 1920 px), in headless Chromium; then one contact sheet,
// docs/screens.png, that the README shows.
// Usage: start the portal (npm start), then: npm run screenshots -- [baseUrl] [outDir]
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(process.argv[3] ?? 'screenshots');
mkdirSync(outDir, { recursive: true });

interface Shot {
  name: string;
  persona?: string;
  path: string;
  /** Extra steps after the page loads (open a modal, a menu...). */
  act?: (page: Page) => Promise<void>;
}

const shot = (name: string, path: string, persona?: string, act?: Shot['act']): Shot => ({
  name,
  path,
  persona,
  act,
});
/** Opens a tab, a modal or a menu once the page has loaded. */
const click = (role: 'tab' | 'button', name: string | RegExp) => async (page: Page) =>
  page.getByRole(role, { name }).click();
const OWNER = 'owner@example.com';
const FLEET = 'fleet@example.com';

const shots: Shot[] = [
  shot('login', '/login'),
  shot('owner-products', '/products', OWNER),
  shot('empty-products', '/products', 'empty@example.com'),
  shot('owner-agents', '/agents', OWNER),
  shot('owner-invitation-links', '/agents', OWNER, click('tab', /Invitation Links/)),
  shot('owner-wizard', '/agents', OWNER, click('button', 'Invite data recipients')),
  shot('terms-modal', '/products', 'terms@example.com'),
  shot('fleet-users', '/users', FLEET),
  shot('fleet-redeem', '/users', FLEET, click('button', 'Access code')),
  shot('newco-registration', '/agent-registration', 'newco@example.com'),
  shot('pending-registration', '/agent-registration', 'pending@example.com'),
  shot('rejected-registration', '/agent-registration', 'rejected@example.com'),
  shot('admin', '/admin', 'admin@example.com'),
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
  'owner-wizard',
  'fleet-users',
  'admin',
]);
/** The contact sheet: these screens at 1280 and 390 px. */
const SHEET = ['login', 'owner-products', 'owner-agents', 'owner-wizard', 'fleet-users', 'admin'];

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

const browser = await launchChromium();
for (const [label, viewport, list] of runs) {
  for (const shot of list) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport, extraHTTPHeaders: {} });
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
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${shot.name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (SHEET.includes(shot.name) && (label === '1280' || label === '390')) {
        await page.screenshot({ path: path.join(outDir, `sheet-${shot.name}-${label}.png`) });
      }
      console.log(file);
    } catch (error) {
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
