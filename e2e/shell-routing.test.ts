import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, pathOf, signedInPage, signIn } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

/** The key web/src/lib/pending-invitation.ts keeps a /redeem/{code} code under. */
const PENDING_CODE_KEY = 'portal.pendingInvitationCode';
const readPendingCode = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), PENDING_CODE_KEY);

/** Goes to `path` and waits until the app has settled on `expected` (the redirect handler runs client-side). */
async function expectLandsOn(page: Page, path: string, expected: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === expected);
  await page.locator(expected === '/login' ? '.login-card' : '#main').waitFor();
  // Settled: no further redirect follows.
  await page.waitForTimeout(100);
  expect(pathOf(page), `${path} → ${expected}`).toBe(expected);
}

describe('shell: redirect handler and route guard', () => {
  const browser = useBrowser();

  it('sends a visitor without a session to /login from the empty path, unknown paths and guarded pages', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    for (const path of [
      '/',
      '/no/such/page',
      '/products',
      '/agents',
      '/users',
      '/agent-registration',
      '/admin',
    ]) {
      await expectLandsOn(page, path, '/login');
    }
    await context.close();
  });

  it.each([
    ['owner@example.com', '/products', ['/users', '/agent-registration', '/admin']],
    ['fleet@example.com', '/users', ['/products', '/agents', '/agent-registration', '/admin']],
    ['pending@example.com', '/agent-registration', ['/products', '/agents', '/users', '/admin']],
    ['admin@example.com', '/admin', ['/products', '/agents', '/users', '/agent-registration']],
  ])(
    '%s: the empty path, unknown paths and other roles’ pages lead home to %s',
    async (email, home, forbidden) => {
      const { context, page } = await signedInPage(browser(), email);
      await page.waitForURL((url) => url.pathname === home);
      for (const path of ['/', '/no-such-page', '/deep/unknown/path?x=1', ...forbidden]) {
        await expectLandsOn(page, path, home);
      }
      await context.close();
    },
  );

  it.each([
    ['plain', '/redeem/ABCD-EFGH', 'ABCD-EFGH'],
    ['URL-encoded', '/redeem/ABCD%2DEFGH%20X1', 'ABCD-EFGH X1'],
  ])(
    'keeps a %s /redeem/{code} link through sign-in and pre-fills the redeem modal',
    async (_label, link, code) => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await page.goto(link);
      await page.waitForURL('**/login');
      expect(await readPendingCode(page)).toBe(code);

      await signIn(page, 'fleet@example.com', { from: '/login' });
      await page.waitForURL('**/users');
      await page.locator('#main').waitFor();
      const dialog = page.getByRole('dialog', { name: 'Request data permission with an access code' });
      await dialog.waitFor({ timeout: 5_000 }).catch(() => undefined);
      if ((await dialog.count()) > 0) {
        // The connected-users screen took the code: the modal opens once, pre-filled, and the code is used up.
        expect(await dialog.getByRole('textbox').first().inputValue()).toBe(code);
        await expect.poll(() => readPendingCode(page)).toBeNull();
      } else {
        expect(await readPendingCode(page)).toBe(code);
      }
      await context.close();
    },
  );

  it('a signed-in company opening a /redeem/{code} link goes straight to the pre-filled modal', async () => {
    const { context, page } = await signedInPage(browser(), 'fleet@example.com');
    await page.waitForURL('**/users');
    await page.goto('/redeem/WXYZ-2345');
    await page.waitForURL('**/users');
    const dialog = page.getByRole('dialog', { name: 'Request data permission with an access code' });
    await dialog.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if ((await dialog.count()) > 0) {
      expect(await dialog.getByRole('textbox').first().inputValue()).toBe('WXYZ-2345');
    } else {
      expect(await readPendingCode(page)).toBe('WXYZ-2345');
    }
    await context.close();
  });
});
