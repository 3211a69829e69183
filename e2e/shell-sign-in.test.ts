import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, signedInPage } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

/** The header's main navigation links, in order, with the one marked as the current page. */
async function headerNav(page: Page): Promise<{ links: string[]; current: string[] }> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if ((await nav.count()) === 0) return { links: [], current: [] };
  const links = nav.getByRole('link');
  const current = nav.locator('a[aria-current="page"]');
  return { links: await links.allTextContents(), current: await current.allTextContents() };
}

/** The shell is on screen: the header with the product name, which links home. */
async function waitForShell(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Data Act Portal home' }).waitFor();
}

describe('shell: signing in through the development identity provider', () => {
  const browser = useBrowser();

  for (const { title, email, home, nav } of [
    {
      title: 'a user lands on /products with Products (selected) and Agents in the header',
      email: 'owner@example.com',
      home: '**/products',
      nav: { links: ['Products', 'Agents'], current: ['Products'] },
    },
    {
      title: 'an active company lands on /users with Users (selected) in the header',
      email: 'fleet@example.com',
      home: '**/users',
      nav: { links: ['Users'], current: ['Users'] },
    },
  ]) {
    it(title, async () => {
      const { context, page } = await signedInPage(browser(), email);
      await page.waitForURL(home);
      await waitForShell(page);
      expect(await page.getByRole('banner').textContent()).toContain('Data Act Portal');
      expect(await headerNav(page)).toEqual(nav);
      await page.getByRole('contentinfo').waitFor();
      await context.close();
    });
  }

  it('a company in review lands on /agent-registration with no nav links and no footer', async () => {
    const { context, page } = await signedInPage(browser(), 'pending@example.com');
    await page.waitForURL('**/agent-registration');
    await waitForShell(page);
    await page.locator('#main').waitFor();
    expect(await headerNav(page)).toEqual({ links: [], current: [] });
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download catalogue' }).count()).toBe(0);
    await context.close();
  });

  it('an admin lands on /admin with no nav links', async () => {
    const { context, page } = await signedInPage(browser(), 'admin@example.com');
    await page.waitForURL('**/admin');
    await waitForShell(page);
    expect(await headerNav(page)).toEqual({ links: [], current: [] });
    await context.close();
  });

  describe('the terms persona', () => {
    async function openTerms(): Promise<Awaited<ReturnType<typeof signedInPage>>> {
      const signedIn = await signedInPage(browser(), 'terms@example.com');
      const dialog = signedIn.page.getByRole('dialog', { name: 'In order to continue' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Do you accept the terms of use?');
      // The modal blocks the app: no header, no page, no footer behind it.
      expect(await signedIn.page.locator('#main').count()).toBe(0);
      expect(await signedIn.page.getByRole('banner').count()).toBe(0);
      expect(await signedIn.page.getByRole('contentinfo').count()).toBe(0);
      // Escape does not dismiss a blocking modal.
      await signedIn.page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      return signedIn;
    }

    // 'No' runs first: accepting changes the persona for the rest of this file.
    it("'No' logs out and returns to /login", async () => {
      const { context, page } = await openTerms();
      await page.getByRole('dialog').getByRole('button', { name: 'No', exact: true }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
      expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);
      await context.close();
    });

    it("'Yes, I accept & acknowledge' lifts the modal and shows the app", async () => {
      const { context, page } = await openTerms();
      await page.getByRole('button', { name: 'Yes, I accept & acknowledge' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.locator('#main').waitFor();
      await waitForShell(page);
      expect(pathOf(page)).toBe('/products');
      expect(await headerNav(page)).toEqual({ links: ['Products', 'Agents'], current: ['Products'] });
      const me = await page.request.get('/api/v1/users/me').then((response) => response.json());
      expect(me).toMatchObject({ email: 'terms@example.com', termsToAccept: null });
      // Accepted for good: a fresh load shows the app straight away.
      await page.reload();
      await page.locator('#main').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await context.close();
    });
  });
});
