import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, signIn, type viewports } from './browser.ts';
import { injectFault } from './faults.ts';
import { sawNotice } from './notices.ts';
import { baseUrl } from './world.ts';

// Steps the data owner's screen tests share: signing in at a viewport, notifications, screenshots.

const SHOTS = '/tmp/shots-owner';

/** A fresh context (optionally with clipboard access) and page, signed in as this persona. */
export async function ownerPage(
  browser: Browser,
  options: { viewport?: keyof typeof viewports; email?: string; clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options.viewport ?? 'desktop');
  if (options.clipboard) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  }
  const page = await context.newPage();
  await signIn(page, options.email ?? 'owner@example.com');
  await page.waitForURL('**/products');
  return { context, page };
}

/** The notification regions (banner and toast). */
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/**
 * Waits until a notification with exactly this text has appeared (it may be gone already: they are
 * recorded as they appear, support/notices.ts), then dismisses every notification on screen.
 */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await sawNotice(page, text);
  await dismissNotices(page);
}

/**
 * A failed load: opens `path` (or reloads the page) while `operationId` answers 500 (`times` calls: a
 * query that retries once needs 2), and waits for the failure's notification (expectNotice: then dismissed).
 */
export async function loadFailing(
  page: Page,
  operationId: string,
  notice: string,
  { path, times = 1 }: { path?: string; times?: number } = {},
): Promise<void> {
  await injectFault(operationId, 500, undefined, times);
  await (path ? page.goto(path) : page.reload());
  await expectNotice(page, notice);
}

/**
 * Dismisses the notifications on screen. The click is dispatched: an open modal dialog makes the page
 * behind it inert to the pointer, and a real click outside the dialog would close it.
 */
export async function dismissNotices(page: Page): Promise<void> {
  const buttons = notifications(page).getByRole('button', { name: 'Dismiss notification' });
  for (let left = await buttons.count(); left > 0; left = await buttons.count()) {
    await buttons.first().dispatchEvent('click');
    await page.waitForFunction(
      (before) => document.querySelectorAll('.ui-notification').length < before,
      left,
    );
  }
}

/** Saves a PNG of the viewport (or the full page) under /tmp/shots-owner, for a human look. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // Animations (modal, notifications) settle first, so the picture shows the resting state.
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
}

/** The card (list item) whose heading is exactly `title`, optionally only with this displayed status. */
export function cardOf(scope: Page | Locator, title: string, status?: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  const cards = scope
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  return status ? cards.and(page.locator(`[data-status="${status}"]`)) : cards;
}
