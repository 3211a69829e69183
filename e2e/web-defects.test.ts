import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn } from './support/browser.ts';
import { apiAs, delayOperation, injectFault, pendingCompanyFor } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { sawNotice } from './support/notices.ts';
import { cardOf, expectNotice, loadFailing, ownerPage } from './support/owner-screens.ts';

// Issue 13 in Chromium against the reference server: the defects a careful user hits, each reached
// on purpose through the simulator's faults and delays.

const OWNER = 'owner@example.com';
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const PERSONAL = /Personal data here means the vehicle's GPS position/;

async function openWizard(page: Page) {
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Invite data recipients' }).click();
  return page.getByRole('dialog', { name: 'Invite data recipients' });
}

describe('web defects (issue 13)', () => {
  const browser = useBrowser();

  it('a fast double click on Next creates one invitation (with an Idempotency-Key) and keeps its code', async () => {
    const { context, page } = await ownerPage(browser());
    const creations: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/invitations'))
        creations.push(request);
    });
    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: 'Get started' }).click();
    await wizard.getByText(PERSONAL).waitFor();
    await cardOf(wizard, 'ID.4').getByRole('switch', { name: 'Share data' }).click();
    // A double click whose first click already brought step 2: the second click lands where Next
    // was, outside the now smaller dialog, and must not close the wizard.
    const next = await wizard.getByRole('button', { name: 'Next' }).boundingBox();
    if (!next) throw new Error('Next is not on screen');
    const [x, y] = [next.x + next.width / 2, next.y + next.height / 2];
    await page.mouse.click(x, y);
    await wizard.getByRole('heading', { name: 'Copy link' }).waitFor();
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    await page.waitForTimeout(300);
    expect(await wizard.isVisible()).toBe(true);
    expect(await wizard.locator('.wizard-link__code').textContent()).toMatch(/^[A-Z0-9-]{8,}$/);
    expect(creations).toHaveLength(1);
    expect(creations[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  it('a failed load is never shown as empty: agents list and wizard step 0 show the failure and a retry', async () => {
    const { context, page } = await ownerPage(browser());
    await loadFailing(page, 'listClaimedInvitations', 'Failed to fetch connected invitations', {
      path: '/agents',
    });
    const panel = page.getByRole('tabpanel', { name: 'All data recipients' });
    await panel.getByText('This could not be loaded.').waitFor();
    expect(await panel.getByText('No data recipients yet').count()).toBe(0);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await cardOf(panel, 'Fleet Analytics').first().waitFor();

    // The products query retries once: two failures make it fail.
    await injectFault('listProducts', 500, undefined, 2);
    await page.reload();
    const wizard = await openWizard(page);
    await wizard.getByText("Your products couldn't be loaded.").waitFor({ timeout: 15_000 });
    expect(await wizard.getByText(/None of your products has data export enabled/).count()).toBe(0);
    await wizard.getByRole('button', { name: 'Try again' }).click();
    await wizard.getByText('Only products with data export enabled can be shared.').waitFor();
    await context.close();
  });

  it("the connected users' failed load is the notification 'Failed to get your connected users.', with a retry", async () => {
    const context = await newContext(browser(), 'mobile');
    const page = await context.newPage();
    await injectFault('listConnectedInvitations', 500);
    await signIn(page, 'fleet@example.com');
    await page.waitForURL('**/users');
    await notifications(page).getByRole('alert').getByText('Failed to get your connected users.').waitFor();
    await page.getByText('This could not be loaded.').waitFor();
    expect(await page.getByText('No connected users yet').count()).toBe(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('listitem').first().waitFor();
    await context.close();
  });

  it('accepting a pending company sends the id uppercased; permissions are read-only switches with the personal-data line', async () => {
    await pendingCompanyFor(OWNER, 'chargewise@example.com');
    const { context, page } = await ownerPage(browser());
    await page.goto('/agents');
    const decisions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/redeem/')) decisions.push(request.url());
    });
    const pending = cardOf(page, 'ChargeWise', 'pending');
    await pending.getByRole('button', { name: 'Accept', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Accept data recipient?' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expectNotice(page, 'Data recipient accepted');
    expect(decisions).toHaveLength(1);
    const id = decisions[0]?.match(/invitations\/([^/]+)\/redeem/)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(id).toBe(id.toUpperCase());

    await cardOf(page, 'ChargeWise', 'active')
      .getByRole('button', { name: 'Actions for ChargeWise' })
      .click();
    await page.getByRole('menuitem', { name: 'View permissions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data permissions' });
    await dialog.getByText(PERSONAL).waitFor();
    const sharing = dialog.getByRole('switch', { name: 'Sharing data' }).first();
    expect(await sharing.getAttribute('aria-checked')).toBe('true');
    expect(await sharing.isDisabled()).toBe(true);
    await context.close();
  });

  it('while collection is being enabled, the card downloads nothing (product rules: lock)', async () => {
    const { context, page } = await ownerPage(browser());
    const card = cardOf(page, 'Carport wallbox');
    const toggle = card.getByRole('switch', { name: 'Enable data export' });
    await toggle.and(page.locator('[aria-checked="false"]')).waitFor();
    await delayOperation('setProductCollection', 1500);
    await toggle.click();
    await page
      .getByRole('dialog', { name: 'Enable data sharing?' })
      .getByRole('button', { name: 'Enable', exact: true })
      .click();
    await card.getByText(/This can take a while/).waitFor();
    const download = card.getByRole('button', { name: /^Download data of/ });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await download.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download data', exact: true }).isDisabled()).toBe(true);
    await expectNotice(page, 'Action was succesful');
    await download.and(page.locator(':enabled')).waitFor();
    await context.close();
  });

  it('a failed sign-out says the user is still signed in, and the session is', async () => {
    const { context, page } = await ownerPage(browser());
    await injectFault('logout', 500);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await sawNotice(page, 'Signing out failed: you are still signed in. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/products');
    expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);
    // A second try works and really ends the session.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);
    await context.close();
  });

  it('the PDF check before opening the user guide reaches the server every time', async () => {
    const { context, page } = await ownerPage(browser());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const heads = new Map<string, { fromCache: boolean }>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.method === 'HEAD' && event.request.url.endsWith('/manuals'))
        heads.set(event.requestId, { fromCache: false });
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const head = heads.get(event.requestId);
      if (head) head.fromCache = true;
    });
    cdp.on('Network.responseReceived', (event) => {
      const head = heads.get(event.requestId);
      if (head && (event.response.fromDiskCache || event.response.status === 304)) head.fromCache = true;
    });
    for (let i = 0; i < 2; i += 1) {
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'View user guide' }).click();
      await (await popup).close();
    }
    expect(heads.size).toBe(2);
    expect([...heads.values()].every((head) => !head.fromCache)).toBe(true);
    await context.close();
  });

  it('unread badges use server times: a browser clock five years ahead still sees a new link', async () => {
    const context = await newContext(browser());
    // The browser's clock runs five years ahead of the server's.
    await context.addInitScript(() => {
      const skew = 5 * 365 * 24 * 3600 * 1000;
      const RealDate = Date;
      const realNow = RealDate.now.bind(RealDate);
      class SkewedDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(realNow() + skew);
          else super(...(args as [string]));
        }
        static override now() {
          return realNow() + skew;
        }
      }
      globalThis.Date = SkewedDate as DateConstructor;
    });
    const page = await context.newPage();
    await signIn(page, OWNER);
    await page.goto('/agents');
    await page.getByRole('tab', { name: /^Invitation Links/ }).click();
    await page.getByRole('tabpanel', { name: 'Invitation Links' }).getByRole('listitem').first().waitFor();
    await page.getByRole('tab', { name: /^All data recipients/ }).click();
    await apiAs(OWNER, 'POST', '/api/v1/invitations', [
      { productId: 'prod-veh-1', includeSensitiveData: false },
    ]);
    await page.reload();
    // The tab's name is its label, the visible count and the spoken count.
    await page.getByRole('tab', { name: /^Invitation Links.*, 1 new$/ }).waitFor();
    await context.close();
  });

  it("typing a letter in the VAT number says 'You can only type numbers' at once", async () => {
    const context = await newContext(browser(), 'mobile');
    const page = await context.newPage();
    await signIn(page, 'newco@example.com');
    await page.waitForURL('**/agent-registration');
    const vat = page.getByLabel('VAT number');
    await vat.pressSequentially('12A');
    await page.getByText('You can only type numbers').waitFor();
    expect(await vat.evaluate((input) => input === document.activeElement)).toBe(true);
    await vat.press('Backspace');
    await page.getByText('You can only type numbers').waitFor({ state: 'detached' });
    await context.close();
  });

  it('session lost in another tab: the next call tells the user, sends them to sign in and back to the page', async () => {
    const { context, page } = await ownerPage(browser());
    await page.goto('/agents');
    await page.getByRole('tab', { name: /^Invitation Links/ }).click();
    // Logged out in another tab.
    const other = await context.newPage();
    await other.goto('/products');
    await other.getByRole('button', { name: 'Account menu' }).click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await other.waitForURL('**/login');
    await other.close();
    // Back in the first tab the next call answers 401.
    await page.getByRole('button', { name: /^Filter:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Active' }).click();
    await page.waitForURL('**/login');
    await sawNotice(page, /^Your session has ended\. Please sign in again/);
    await page.getByRole('button', { name: 'Login / Sign up' }).click();
    await page.getByRole('button', { name: /owner@example\.com/i }).click();
    // Back to the same page, on the same tab (it is in the URL).
    await page.waitForURL((url) => url.pathname === '/agents');
    await page.getByRole('heading', { level: 1, name: 'Data recipients' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('invitations');
    await page.getByRole('tab', { name: /^Invitation Links/, selected: true }).waitFor();
    await context.close();
  });

  it('a failing sign-in (503) shows the login page with an explanation and the request id, not JSON', async () => {
    const context = await newContext(browser(), 'mobile');
    const page = await context.newPage();
    await page.goto('/login');
    await injectFault('login', 503);
    await page.getByRole('button', { name: 'Login / Sign up' }).click();
    await page.waitForURL(/\/login\?error=unavailable&requestId=/);
    const alert = page.getByRole('alert');
    await alert.getByText("We're unable to connect you at the moment. Please try login later...").waitFor();
    await alert.getByText(/^Request id for support: \S+/).waitFor();
    await context.close();
  });
});
