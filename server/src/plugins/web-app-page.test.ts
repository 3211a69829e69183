import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type HttpResponse, injectFault, useTestApp } from '../../test/app.ts';
import { createSession } from '../auth/sessions.ts';
import { scriptSafeJson } from './web-app-page.ts';

// A signed-in visit's page: the user written in (exactly GET /users/me's answer), the screen and its
// first calls preloaded; never for a visit without a valid session, never kept by a cache.
describe('the app page of a signed-in visit', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  const files = {
    'index.html':
      '<!doctype html><html><head><title>Portal</title>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/login-entry-abc.js" data-login-preload>\n' +
      '</head><body><div id="root"></div></body></html>',
    'route-preloads.json': JSON.stringify({
      '/products': { modules: ['/assets/products-page-abc.js'], styles: ['/assets/products-page-abc.css'] },
    }),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(webDist, name), text);
  const t = useTestApp({ config: { webDist } });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  const cookieName = () => t.config.session.cookieName;
  const tokens = new Map<string, string>();
  const userId = async (email: string) => (await t.prisma.user.findUniqueOrThrow({ where: { email } })).id;
  beforeAll(async () => {
    for (const email of ['owner@example.com', 'fleet@example.com']) {
      const { token } = await createSession(t.app.portal, await userId(email));
      tokens.set(email, token);
    }
  });
  const get = (url: string, email?: string) =>
    t.http({
      method: 'GET',
      url,
      cookies: email ? { [cookieName()]: tokens.get(email) ?? '' } : undefined,
    });

  /** The embedded user's JSON, or undefined when the page has none. */
  const embedded = (page: HttpResponse): unknown => {
    const match = page.body.match(
      new RegExp(`<script type="application/json" id="${PAGE_ELEMENT_IDS.currentUser}">(.*?)</script>`, 's'),
    );
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  };

  it('embeds exactly what GET /api/v1/users/me answers, and is never cached', async () => {
    const page = await get('/products', 'owner@example.com');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    const me = await get('/api/v1/users/me', 'owner@example.com');
    expect(me.statusCode).toBe(200);
    expect(embedded(page)).toEqual(me.json());
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('preloads the screen of the route and the configuration, with credentials as the app sends them', async () => {
    const page = await get('/products', 'owner@example.com');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/products-page-abc.js">');
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/products-page-abc.css">',
    );
    // The app asks for the configuration before its first render (the page's own calls follow).
    expect(page.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/config">',
    );
    // Another route has no screen files listed; the user is still embedded.
    const other = await get('/redeem/ABCD-EFGH-JKMN-PQRS', 'owner@example.com');
    expect(embedded(other)).toMatchObject({ email: 'owner@example.com' });
    expect(other.body).not.toContain('products-page-abc');
  });

  it("keeps the start's shared preloads and drops those only the sign-in page needs", async () => {
    const page = await get('/products', 'owner@example.com');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(page.body).not.toContain('login-entry-abc');
  });

  it('embeds nothing without a valid session cookie: none, an unknown one, or only a test-mode header', async () => {
    const pages = [
      await get('/products'),
      await t.http({ method: 'GET', url: '/products', cookies: { [cookieName()]: 'not-a-session' } }),
      await t.http({ method: 'GET', url: '/products', headers: as('owner@example.com') }),
    ];
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(embedded(page)).toBeUndefined();
      // index.html as built: no screen or configuration preloaded for a visitor without a session.
      expect(page.body).not.toContain('products-page-abc');
      expect(page.body).not.toContain('/api/v1/config');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes a hostile name so that it cannot end the script element', async () => {
    const id = await userId('owner@example.com');
    const hostile = 'Olivia </script><script>alert(1)</script><!-- Owner';
    const original = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    await t.prisma.user.update({ where: { id }, data: { fullName: hostile } });
    try {
      const page = await get('/products', 'owner@example.com');
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).not.toContain('<!-- Owner');
      expect(embedded(page)).toMatchObject({ fullName: hostile });
    } finally {
      await t.prisma.user.update({ where: { id }, data: { fullName: original.fullName } });
    }
    expect(scriptSafeJson({ name: '</script>' })).toBe('{"name":"\\u003c/script>"}');
  });

  it('leaves the profile call to the app while a simulated fault waits for it', async () => {
    await injectFault(t, 'getCurrentUser');
    const page = await get('/products', 'owner@example.com');
    expect(embedded(page)).toBeUndefined();
    // The fault is still there for the app's own call.
    expect((await get('/api/v1/users/me', 'owner@example.com')).statusCode).toBe(500);
    expect(embedded(await get('/products', 'owner@example.com'))).toBeDefined();
  });
});
