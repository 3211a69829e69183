import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { recordNotices } from './notices.ts';
import { baseUrl, worldCookies } from './world.ts';

/** Debian's Chromium with this machine's flags (support/chromium.ts). */
export const launchBrowser = launchChromium;

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export async function newContext(
  browser: Browser,
  viewport: keyof typeof viewports = 'desktop',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    acceptDownloads: true,
    locale: 'en-GB',
  });
  // Every request of the context (pages and page.request) reaches the test file's world.
  await context.addCookies(worldCookies());
  // Notifications come and go: their texts are kept for the tests (support/notices.ts).
  await recordNotices(context);
  return context;
}

/** Signs in through the real flow: login page → development identity provider → persona → back to the portal. */
export async function signIn(page: Page, email: string, options: { from?: string } = {}): Promise<void> {
  await page.goto(options.from ?? '/login');
  if (!page.url().includes('/login')) await page.waitForURL(/\/login/);
  await page.getByRole('button', { name: 'Login / Sign up' }).click();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'),
  );
}

/** A fresh context at the given width with a page signed in as `email` (close the context when done). */
export async function signedInPage(
  browser: Browser,
  email: string,
  viewport: keyof typeof viewports = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/**
 * Waits until the app has taken over a page the server drew: until then its controls are disabled
 * (web/src/app/inert-until-started.ts), as a user sees. A click waits for that by itself; focusing a
 * control from the keyboard needs it first.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-until-app]') === null);
}

/** The path of the page's current URL, e.g. '/products'. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/**
 * Opens the header menu behind `button` and chooses `item`: with the mouse, or keyboard only (Enter
 * opens the menu, focus moves to the item, Enter chooses it).
 */
export async function chooseMenuItem(
  page: Page,
  button: string,
  item: string,
  by: 'mouse' | 'keyboard' = 'mouse',
): Promise<void> {
  if (by === 'mouse') {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('menuitem', { name: item }).click();
    return;
  }
  await page.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  await page.getByRole('menuitem', { name: item }).focus();
  await page.keyboard.press('Enter');
}

/** A slow network: the app's scripts arrive `ms` after they are asked for (routing also bypasses the cache). */
export async function delayScripts(page: Page, ms = 2000): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * The app's scripts held back until the answered function is called: the page the server drew stays
 * as it is meanwhile (a user focuses, scrolls), then the app takes over (routing also bypasses the cache).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A slow phone's CPU (Chromium's throttling, `rate` times slower) for the rest of the page's life. */
export async function slowCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The console errors and warnings of the page from now on (React reports a mismatch as `hydration`). */
export function consoleProblems(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  return messages;
}
