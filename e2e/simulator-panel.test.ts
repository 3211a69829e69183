import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedInvitationCode } from '../server/src/simulator/scenarios/demo-invitations.ts';
import { appStarted, viewports } from './support/browser.ts';
import { openRedeemModal } from './support/journey.ts';
import { useBrowser } from './support/kit.ts';
import { baseUrl } from './support/world.ts';

// The simulator panel, driven like a developer would: each test works in its own sandbox
// (X-Sandbox on every request of its browser context), so none needs a reset.
let browser: ReturnType<typeof useBrowser>;

let sandboxCount = 0;
/** A page in a sandbox of its own, at `/` (which leads a fresh visitor to /login), or at `/login`. */
async function pageInSandbox(start: '/' | '/login' = '/'): Promise<{ page: Page; sandbox: string }> {
  sandboxCount += 1;
  const sandbox = `panel-${process.pid}-${sandboxCount}`;
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: viewports.desktop,
    locale: 'en-GB',
    extraHTTPHeaders: { 'X-Sandbox': sandbox },
  });
  const page = await context.newPage();
  // From `/`, through the full app (a fresh load of /login is the light sign-in entry).
  await page.goto(start);
  await page.waitForURL('**/login');
  return { page, sandbox };
}

/** The same sandbox through the API, as a test runner or fixture would call it. */
async function api(sandbox: string, method: string, route: string, user = 'admin@example.com') {
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { 'x-sandbox': sandbox, 'x-user-id': user },
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

async function openPanel(page: Page, tab: string) {
  // The launcher is in the page the server draws; the shortcut works once the app has taken over (it
  // loads the panel's code, then opens it).
  await page.getByRole('button', { name: 'Simulator' }).waitFor();
  await appStarted(page);
  await page.keyboard.press('Alt+Shift+S');
  const panel = page.getByRole('dialog', { name: 'Simulator' });
  await panel.waitFor();
  await panel.getByRole('tab', { name: tab }).click();
  return panel;
}

/** Escape closes the newest layer first: a notification shown over the panel, then the panel. */
async function closePanel(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Simulator' });
  for (let press = 0; press < 3 && (await panel.isVisible()); press += 1) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
  }
  await panel.waitFor({ state: 'hidden' });
}

async function switchPersona(page: Page, email: string) {
  const panel = await openPanel(page, 'Persona');
  await panel.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) }).click();
  await panel
    .getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&')), pressed: true })
    .waitFor();
  await closePanel(page);
}

/** The owner's products page after the panel armed `answer` for listProducts and the page reloaded. */
async function productsFailingWith(answer: string): Promise<Page> {
  const { page } = await pageInSandbox();
  await switchPersona(page, 'owner@example.com');
  await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
  await injectFromPanel(page, 'listProducts', answer);
  await page.reload();
  return page;
}

async function injectFromPanel(page: Page, operation: string, answer: string) {
  const panel = await openPanel(page, 'Faults');
  await panel.getByLabel('Operation').selectOption({ value: operation });
  await panel.getByLabel('Answer').selectOption({ label: answer });
  // The products screen retries once: fail every call for a while.
  await panel.getByLabel('Calls affected').fill('5');
  await panel.getByRole('button', { name: 'Inject' }).click();
  await panel.getByRole('list', { name: 'Armed faults' }).getByText(operation).waitFor();
  await closePanel(page);
}

describe('simulator panel', () => {
  browser = useBrowser();

  it('has its launcher on a fresh /login too, and a persona switch there opens its home page', async () => {
    const { page } = await pageInSandbox('/login');
    await page.getByRole('button', { name: 'Simulator' }).waitFor();
    await page.keyboard.press('Alt+Shift+S');
    const panel = page.getByRole('dialog', { name: 'Simulator' });
    await panel.getByRole('button', { name: /fleet@example\.com/ }).click();
    await page.waitForURL('**/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  });

  it('opens from the launcher, switches persona in one click and keeps the page where allowed', async () => {
    const { page } = await pageInSandbox();
    await page.getByRole('button', { name: 'Simulator' }).click();
    await page.getByRole('dialog', { name: 'Simulator' }).waitFor();
    await closePanel(page);
    await switchPersona(page, 'owner@example.com');
    await page.waitForURL('**/products');
    await switchPersona(page, 'second@example.com');
    await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/products');
    // An admin may not see /products: the guard takes the admin home.
    await switchPersona(page, 'admin@example.com');
    await page.waitForURL('**/admin');
  });

  it('loads a scenario: the world starts over and the persona stays signed in', async () => {
    const { page, sandbox } = await pageInSandbox();
    await switchPersona(page, 'admin@example.com');
    await page.waitForURL('**/admin');
    // Seeded dates move with the reset's now: compare which sharings exist and their status.
    const sharings = async () =>
      ((await api(sandbox, 'GET', '/api/v1/admin/sharings')).body as { id: string; status: string }[]).map(
        (sharing) => `${sharing.id}:${sharing.status}`,
      );
    const fresh = await sharings();
    await api(sandbox, 'PUT', '/api/v1/admin/sharings/inv-owner-accepted/suspend');
    expect(await sharings()).not.toEqual(fresh);
    const panel = await openPanel(page, 'World');
    await panel.getByRole('button', { name: 'Load scenario' }).click();
    await page.getByText('Scenario demo loaded.').waitFor();
    expect(await sharings()).toEqual(fresh);
    await closePanel(page);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('saves a snapshot and restores it to an equal state', async () => {
    const { page, sandbox } = await pageInSandbox();
    await switchPersona(page, 'owner@example.com');
    const state = async () => ({
      sharings: (await api(sandbox, 'GET', '/api/v1/admin/sharings')).body,
      invitations: (await api(sandbox, 'GET', '/api/v1/invitations/claimed/ALL', 'owner@example.com')).body,
    });
    const before = await state();
    let panel = await openPanel(page, 'World');
    await panel.getByLabel('Snapshot name').fill('before suspend');
    await panel.getByRole('button', { name: 'Save snapshot' }).click();
    await panel.getByRole('button', { name: 'Restore snapshot before suspend' }).waitFor();
    await closePanel(page);
    await api(sandbox, 'PUT', '/api/v1/admin/sharings/inv-owner-accepted/suspend');
    await api(sandbox, 'POST', '/api/v1/invitations/inv-owner-claimed/redeem/decline', 'owner@example.com');
    expect(await state()).not.toEqual(before);
    panel = await openPanel(page, 'World');
    await panel.getByRole('button', { name: 'Restore snapshot before suspend' }).click();
    await expect.poll(state, { timeout: 10_000 }).toEqual(before);
    await closePanel(page);
    await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
  });

  it('injects an error the contract declares and the app shows its message for it', async () => {
    const page = await productsFailingWith('500 INTERNAL_ERROR');
    await page.getByText('Failed to fetch products').first().waitFor();
  });

  it('jumps the clock and an access code is then expired', async () => {
    const { page, sandbox } = await pageInSandbox();
    const code = seedInvitationCode('inv-owner-created');
    await switchPersona(page, 'fleet@example.com');
    await page.waitForURL('**/users');
    const panel = await openPanel(page, 'Clock');
    const now = panel.locator('time');
    const before = await now.getAttribute('datetime');
    await panel.getByRole('button', { name: '+30 days' }).click();
    await expect
      .poll(async () => Date.parse((await now.getAttribute('datetime')) ?? '') - Date.parse(before ?? ''))
      .toBeGreaterThan(29 * 86_400_000);
    await closePanel(page);
    const dialog = await openRedeemModal(page);
    await dialog.getByLabel('Access code').fill(code);
    await dialog.getByRole('button', { name: 'Request access' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Invalid or expired code.');
    // The same code in a sandbox whose clock did not move is still valid.
    const other = `${sandbox}-control`;
    const redeemed = await api(other, 'PUT', `/api/v1/invitations/redeem/${code}`, 'fleet@example.com');
    expect(redeemed.status).toBe(200);
  });

  it('lists the calls of this browser and highlights a contract violation', async () => {
    const page = await productsFailingWith('418 (not in the contract: a violation)');
    const panel = await openPanel(page, 'Calls');
    const violation = panel.locator('.simulator__call--violation').filter({ hasText: '/api/v1/products' });
    await violation.first().waitFor();
    await violation.first().getByText('Contract violation').waitFor();
    await violation.first().locator('summary').click();
    await violation.first().getByText('status 418 is not declared for listProducts').waitFor();
  });
});
