// Screenshots of every screen at 390 px and 1280 px in headless Chromium, for looking at what we build.
// Usage: start the portal (npm start), then: node --import tsx scripts/screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

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

const shots: Shot[] = [
  { name: 'login', path: '/login' },
  { name: 'owner-products', persona: 'owner@example.com', path: '/products' },
  { name: 'empty-products', persona: 'empty@example.com', path: '/products' },
  { name: 'owner-agents', persona: 'owner@example.com', path: '/agents' },
  {
    name: 'owner-invitation-links',
    persona: 'owner@example.com',
    path: '/agents',
    act: async (page) => page.getByRole('tab', { name: /Invitation Links/ }).click(),
  },
  {
    name: 'owner-wizard',
    persona: 'owner@example.com',
    path: '/agents',
    act: async (page) => page.getByRole('button', { name: 'Invite data recipients' }).click(),
  },
  { name: 'terms-modal', persona: 'terms@example.com', path: '/products' },
  { name: 'fleet-users', persona: 'fleet@example.com', path: '/users' },
  {
    name: 'fleet-redeem',
    persona: 'fleet@example.com',
    path: '/users',
    act: async (page) => page.getByRole('button', { name: 'Access code' }).click(),
  },
  { name: 'newco-registration', persona: 'newco@example.com', path: '/agent-registration' },
  { name: 'pending-registration', persona: 'pending@example.com', path: '/agent-registration' },
  { name: 'rejected-registration', persona: 'rejected@example.com', path: '/agent-registration' },
  { name: 'admin', persona: 'admin@example.com', path: '/admin' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const [label, viewport] of [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const) {
  for (const shot of shots) {
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
      console.log(file);
    } catch (error) {
      console.error(`${shot.name} at ${label}px failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
  }
}
await browser.close();
