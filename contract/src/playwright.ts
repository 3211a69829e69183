/**
 * Playwright fixtures for browser tests of a front end against a back end with the portal's
 * simulator (the reference server in demo, development or test mode): each test gets its own
 * sandbox (`POST /api/v1/sim/sandboxes`, its own database and files, removed after the test) and,
 * when it names a persona, a browser context signed in as that persona (`POST /api/v1/sim/persona`).
 * Tests never see each other's writes, so they can run in parallel against one server.
 *
 * ```ts
 * import { expect, test } from '@portal/contract/playwright';
 * // or, with fixtures of your own: base.extend<PortalFixtures>(portalFixtures)
 *
 * // products.spec.ts  (playwright.config.ts sets `use: { baseURL: 'http://localhost:3000' }`)
 * test.use({ persona: 'owner@example.com', scenario: 'demo' });
 * test('lists my products', async ({ page, sandbox }) => { await page.goto('/products'); ... });
 * ```
 *
 * `@playwright/test` is a peer dependency: the fixtures extend the copy the team installs.
 */
import { randomBytes } from 'node:crypto';
import {
  type APIResponse,
  test as base,
  type Fixtures,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
} from '@playwright/test';

export interface PortalSandbox {
  /** The sandbox's name (the `X-Sandbox` value that reaches it from any API client). */
  id: string;
  scenario: string;
  /** The persona the context is signed in as, or null. */
  persona: string | null;
  /** Headers that send a direct API call (outside the browser context) to this sandbox. */
  headers: Record<string, string>;
}

export interface PortalFixtures {
  /** Option: the seeded user (an email) each test's context is signed in as; null for a visitor. */
  persona: string | null;
  /** Option: the scenario the sandbox starts from (`GET /api/v1/sim/scenarios`). */
  scenario: string;
  /** The test's own sandbox; every request of the test's context (pages and `context.request`) reaches it. */
  sandbox: PortalSandbox;
}

type Use<T> = (value: T) => Promise<void>;
type SandboxDependencies = Pick<PlaywrightTestArgs, 'context'> &
  Pick<PlaywrightTestOptions, 'baseURL'> &
  Pick<PortalFixtures, 'persona' | 'scenario'>;

async function expectStatus(answer: APIResponse, status: number, what: string): Promise<void> {
  if (answer.status() !== status) {
    throw new Error(
      `${what} answered ${answer.status()} instead of ${status}: ${(await answer.text()).slice(0, 300)}`,
    );
  }
}

/** Creates the sandbox in `context`, signs `persona` in there, hands it to the test, then removes it. */
async function sandboxFixture(
  { context, baseURL, persona, scenario }: SandboxDependencies,
  use: Use<PortalSandbox>,
): Promise<void> {
  if (!baseURL)
    throw new Error('the portal fixtures need `use: { baseURL }` in the Playwright configuration');
  const origin = new URL(baseURL).origin;
  // A page of the portal sends its own origin on writes; the server refuses other sites' writes.
  const headers = { origin };
  const id = `pw-${randomBytes(9).toString('base64url')}`;
  const created = await context.request.post(new URL('/api/v1/sim/sandboxes', origin).href, {
    data: { id, scenario },
    headers,
  });
  await expectStatus(created, 201, `creating sandbox ${id} (POST /api/v1/sim/sandboxes)`);
  try {
    if (persona) {
      const signedIn = await context.request.post(new URL('/api/v1/sim/persona', origin).href, {
        data: { email: persona },
        headers,
      });
      await expectStatus(signedIn, 200, `signing ${persona} in (POST /api/v1/sim/persona)`);
    }
    await use({ id, scenario, persona, headers: { 'x-sandbox': id } });
  } finally {
    // The sandbox's database and files go with the test; a server already gone has nothing to remove.
    await context.request
      .delete(new URL('/api/v1/sim/sandbox', origin).href, { headers: { ...headers, 'x-sandbox': id } })
      .catch(() => undefined);
  }
}

/**
 * The fixture definitions for `test.extend<PortalFixtures>(portalFixtures)`. The sandbox fixture is
 * automatic: every test of the extended `test` runs in its own sandbox, used or not.
 */
export const portalFixtures: Fixtures<PortalFixtures, object, PlaywrightTestArgs & PlaywrightTestOptions> = {
  persona: [null, { option: true }],
  scenario: ['demo', { option: true }],
  sandbox: [sandboxFixture, { auto: true }],
};

/** Playwright's `test` with the portal fixtures: `import { test, expect } from '@portal/contract/playwright'`. */
export const test = base.extend<PortalFixtures>(portalFixtures);
export { expect } from '@playwright/test';
