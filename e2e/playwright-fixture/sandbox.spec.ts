import { appendFileSync } from 'node:fs';
import { expect, test } from '@portal/contract/playwright';

// Each test of the contract package's `test` works in its own sandbox, signed in as its persona.
const seen = (line: string) => appendFileSync(String(process.env.FIXTURE_LOG), `${line}\n`);

test.describe('with a persona', () => {
  test.use({ persona: 'owner@example.com' });

  test('the page is signed in as the persona, in its own sandbox', async ({ page, sandbox }) => {
    await page.goto('/');
    const me = await page.request.get('/api/v1/users/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe('owner@example.com');
    const world = await page.request.get('/api/v1/sim/sandbox');
    expect((await world.json()).id).toBe(sandbox.id);
    expect(sandbox).toMatchObject({ persona: 'owner@example.com', scenario: 'demo' });
    seen(`owner ${sandbox.id}`);
  });
});

test('a visitor is not signed in, and works in a sandbox of its own', async ({ page, sandbox }) => {
  const me = await page.request.get('/api/v1/users/me');
  expect(me.status()).toBe(401);
  const world = await page.request.get('/api/v1/sim/sandbox');
  expect((await world.json()).id).toBe(sandbox.id);
  seen(`visitor ${sandbox.id}`);
});

test.describe('another scenario', () => {
  test.use({ scenario: 'empty' });

  test('starts from that scenario; a call outside the page reaches the sandbox by its header', async ({
    playwright,
    baseURL,
    sandbox,
  }) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: sandbox.headers });
    const world = await api.get('/api/v1/sim/sandbox');
    expect(await world.json()).toMatchObject({ id: sandbox.id, scenario: 'empty' });
    await api.dispose();
    seen(`empty ${sandbox.id}`);
  });
});
