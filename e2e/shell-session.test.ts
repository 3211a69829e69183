import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseMenuItem, newContext, pathOf, signedInPage } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

/** Logs out via `chooseLogOut`, then checks the browser is on /login and the old session cookie is dead. */
async function expectLogsOut(context: BrowserContext, page: Page, chooseLogOut: () => Promise<void>) {
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);
  const cookiesBefore = await context.cookies();
  expect(cookiesBefore.length).toBeGreaterThan(0);

  const logout = page.waitForResponse(
    (response) => response.url().endsWith('/api/logout') && response.request().method() === 'POST',
  );
  await chooseLogOut();
  expect((await logout).ok()).toBe(true);
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);

  // The session ended on the server, not just in this browser: replaying the old cookies gets nothing.
  await context.clearCookies();
  await context.addCookies(cookiesBefore);
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);
  // And the app does not let the visitor back in.
  await page.goto('/products');
  await page.waitForURL('**/login');
}

describe('shell: login page, auth callback and log out', () => {
  const browser = useBrowser();

  it.each([
    ['unavailable', "We're unable to connect you at the moment. Please try login later..."],
    ['failed', 'An error occurred during login. Please try login later...'],
  ])('/login?error=%s explains the problem', async (error, text) => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`/login?error=${error}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(text);
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    await context.close();
  });

  it('the login page welcomes with the product name and shows no error without one', async () => {
    const context = await newContext(browser(), 'mobile');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Data Act Portal' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.title()).toBe('Data Act Portal');
    // A fresh /login (the light sign-in entry) says the server's mode too, over the page, not moving it.
    const heading = page.getByRole('heading', { level: 1 });
    const before = await heading.boundingBox();
    await page
      .getByRole('complementary', { name: 'Server mode' })
      .getByText(/^Test mode/)
      .waitFor();
    expect(await heading.boundingBox()).toEqual(before);
    await context.close();
  });

  it.each([
    '/auth/callback',
    '/auth/callback?code=abc&iss=x&state=s',
    '/auth/callback?code=abc&state=s&client_id=c',
  ])('%s (missing parameters) goes to /login', async (path) => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const backendLogins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/login')) backendLogins.push(request.url());
    });
    await page.goto(path);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(backendLogins).toEqual([]);
    await context.close();
  });

  const logOuts = [
    ['the avatar menu at 1280 px', 'Account menu', 'owner@example.com', 'desktop', 'mouse'],
    ['the burger menu at 390 px with the keyboard', 'Open menu', 'fleet@example.com', 'mobile', 'keyboard'],
  ] as const;
  for (const [how, menu, email, viewport, by] of logOuts) {
    it(`logs out from ${how} and ends the session on the server`, async () => {
      const { context, page } = await signedInPage(browser(), email, viewport);
      await expectLogsOut(context, page, () => chooseMenuItem(page, menu, 'Log out', by));
      await context.close();
    });
  }
});
