import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseMenuItem, newContext, signedInPage } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';
import { baseUrl } from './support/world.ts';

type PortalConfig = { productName: string; manufacturer: string; supportEmail: string };

async function catalogueItems(page: Page): Promise<string[]> {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Download catalogue' }).click();
  const menu = page.getByRole('menu', { name: 'Download catalogue' });
  await menu.waitFor();
  const items = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return items;
}

/**
 * Chooses a menu item that opens a static PDF and checks the whole path: a HEAD check first, then a
 * new page whose URL ends in .pdf and whose document answers application/pdf.
 */
async function expectOpensPdf(
  context: BrowserContext,
  choose: () => Promise<void>,
  path: string,
): Promise<void> {
  const requests: string[] = [];
  const record = (request: { method(): string; url(): string }) => {
    if (new URL(request.url()).pathname === path) requests.push(request.method());
  };
  context.on('request', record);
  const opened = context.waitForEvent('page');
  await choose();
  const pdfPage = await opened;
  await pdfPage.waitForURL((url) => url.pathname === path);
  context.off('request', record);
  expect(requests[0]).toBe('HEAD');
  expect(requests).toContain('GET');
  expect(decodeURIComponent(pdfPage.url())).toMatch(/\.pdf$/);
  const answer = await context.request.get(pdfPage.url());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await pdfPage.close();
}

describe('shell: footer', () => {
  const browser = useBrowser();
  let config: PortalConfig;

  beforeAll(async () => {
    config = (await fetch(`${baseUrl()}/api/v1/config`).then((response) => response.json())) as PortalConfig;
  });
  it('shows rights for 2025 with the manufacturer, the support address and the user catalogue', async () => {
    expect(config.manufacturer).not.toBe('');
    const { context, page } = await signedInPage(browser(), 'owner@example.com');
    await page.waitForURL('**/products');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const text = await footer.textContent();
    expect(text).toContain(`© 2025 ${config.manufacturer}. All rights reserved.`);
    const support = footer.getByRole('link', { name: `Support contact: ${config.supportEmail}` });
    expect(await support.getAttribute('href')).toBe(`mailto:${config.supportEmail}`);
    expect(await catalogueItems(page)).toEqual(['Vehicle Data', 'Home Charger Data']);
    await context.close();
  });

  it('adds Data Prices to the catalogue for an active company', async () => {
    const { context, page } = await signedInPage(browser(), 'fleet@example.com', 'mobile');
    await page.waitForURL('**/users');
    expect(await page.getByRole('contentinfo').textContent()).toContain(`© 2025 ${config.manufacturer}`);
    expect(await catalogueItems(page)).toEqual(['Vehicle Data', 'Home Charger Data', 'Data Prices']);
    await context.close();
  });

  it('is hidden without a user and for a company that is not active', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    // The login page keeps its own rights line, but not the app footer's support contact or catalogue.
    expect(await page.getByRole('button', { name: 'Download catalogue' }).count()).toBe(0);
    expect(await page.getByText(`Support contact: ${config.supportEmail}`).count()).toBe(0);
    await context.close();

    for (const email of ['pending@example.com', 'newco@example.com', 'rejected@example.com']) {
      const agent = await signedInPage(browser(), email);
      await agent.page.waitForURL('**/agent-registration');
      await agent.page.locator('#main').waitFor();
      expect(await agent.page.getByRole('contentinfo').count(), email).toBe(0);
      expect(await agent.page.getByRole('button', { name: 'Download catalogue' }).count(), email).toBe(0);
      await agent.context.close();
    }
  });

  const catalogues = [
    ['Vehicle Data', 'for a user', 'owner@example.com', '**/products', 'mouse'],
    ['Data Prices', 'for a company, keyboard only', 'fleet@example.com', '**/users', 'keyboard'],
  ] as const;
  for (const [catalogue, who, email, home, by] of catalogues) {
    it(`opens the ${catalogue} catalogue PDF after the HEAD check, ${who}`, async () => {
      const { context, page } = await signedInPage(browser(), email);
      await page.waitForURL(home);
      const path = `/catalogue/${encodeURIComponent(catalogue)}.pdf`;
      await expectOpensPdf(context, () => chooseMenuItem(page, 'Download catalogue', catalogue, by), path);
      await context.close();
    });
  }

  it('opens the user guide PDF from the account menu after the HEAD check', async () => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com');
    await page.waitForURL('**/products');
    const requests: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/manuals') requests.push(request.method());
    });
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'View user guide' }).click();
    const guide = await opened;
    await guide.waitForURL('**/manuals');
    expect(requests[0]).toBe('HEAD');
    const answer = await context.request.get(guide.url());
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(answer.headers()['content-disposition'] ?? '').toMatch(/\.pdf"?$/);
    await context.close();
  });
});
