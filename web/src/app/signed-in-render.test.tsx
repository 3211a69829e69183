// @vitest-environment node
import type { SignedInRenderInput } from '@portal/contract/web-app';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../lib/api/types.ts';
import { activeAgent, admin, newAgent, owner, pendingAgent, termsUser } from '../test/fixtures.ts';
import { errorBody, http, server } from '../test/server.ts';
import { renderSignedInPage } from './signed-in-render.tsx';

// The server's render of a signed-in page (what server/src/plugins/web-app-render.ts calls), without a
// document: it draws every screen a visitor may see from the calls the page itself makes, answered here
// by the test server, and returns the cache it drew from; anything else is left to the app.

// The test server's handlers name paths relative to the page's address, which a render has not.
beforeAll(() => {
  Object.defineProperty(globalThis, 'location', {
    value: new URL('http://localhost:3000/'),
    configurable: true,
  });
});

/** Renders `url` for `user`; every call goes to the test server and is recorded. */
async function render(user: CurrentUser, url: string, language: string | null = null) {
  const calls: string[] = [];
  const input: SignedInRenderInput = {
    url,
    user,
    language,
    fetch: (request) => {
      const { pathname, search } = new URL(request.url);
      calls.push(`${request.method} ${pathname}${search}`);
      return fetch(new URL(`${pathname}${search}`, 'http://localhost:3000'), { method: request.method });
    },
  };
  return { drawn: await renderSignedInPage(input), calls };
}

/** The markup as text, tags dropped. */
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("the server's render of a signed-in page", () => {
  it('draws the products page with its products, from the calls the page makes', async () => {
    const { drawn, calls } = await render(owner, '/products');
    expect(drawn).not.toBeNull();
    expect(textOf(drawn?.markup ?? '')).toContain('Garage charger');
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/config',
        'GET /api/v1/products',
        'GET /api/v1/products/download/jobs',
      ]),
    );
    // What it read travels with it, for the app to start from.
    const hashes = (drawn?.state.queries ?? []).map((query) => (query as { queryHash: string }).queryHash);
    expect(hashes.some((hash) => hash.includes('/api/v1/products'))).toBe(true);
  });

  it('draws the tab and the filter the URL names, and each role its own screens', async () => {
    const links = await render(owner, '/agents?tab=invitations&status=active');
    expect(links.calls.some((call) => call.startsWith('GET /api/v1/invitations/unclaimed/ACTIVE?'))).toBe(
      true,
    );
    expect(links.calls.some((call) => call.startsWith('GET /api/v1/invitations/claimed/'))).toBe(true);
    expect(textOf(links.drawn?.markup ?? '')).toContain('Filter: Active');
    for (const [user, url, text] of [
      [activeAgent, '/users?status=pending', 'Filter: Pending'],
      [newAgent, '/agent-registration', 'Complete your account'],
      [admin, '/admin?tab=sharings', 'Administration'],
    ] as const) {
      const { drawn } = await render(user, url);
      expect(textOf(drawn?.markup ?? ''), url).toContain(text);
    }
    server.use(http.get('/api/v1/agents', ({ response }) => response(200).json({ status: 'pending' })));
    const review = await render(pendingAgent, '/agent-registration');
    expect(textOf(review.drawn?.markup ?? '')).toContain('pending@example.com');
  });

  it('draws in the language asked for', async () => {
    const { drawn } = await render(owner, '/products', 'el');
    expect(textOf(drawn?.markup ?? '')).toContain('Προϊόντα');
    expect(drawn?.language).toBe('el');
    expect((await render(owner, '/products')).drawn?.language).toBe('en');
  });

  it('leaves to the app a page the visitor is sent away from, the terms to accept, and a non-screen', async () => {
    for (const [user, url] of [
      [owner, '/users'],
      [activeAgent, '/agent-registration'],
      [pendingAgent, '/users'],
      [termsUser, '/products'],
      [owner, '/login'],
      [owner, '/redeem/ABCD'],
    ] as const) {
      const { drawn, calls } = await render(user, url);
      expect(drawn, `${user.email} ${url}`).toBeNull();
      expect(calls, url).toEqual([]);
    }
  });

  it('fails when a call of the page fails: the app draws the page and meets the failure', async () => {
    server.use(
      http.get('/api/v1/products', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))),
    );
    await expect(render(owner, '/products')).rejects.toThrow();
  });
});
