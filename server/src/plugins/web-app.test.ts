import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { LOGIN_PAGES } from '@portal/contract/web-app';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

describe('the web app on the same port', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // A distinguishable precompressed copy: the build writes the same content, compressed.
  writeFileSync(
    path.join(webDist, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log("from the .br copy")'),
  );
  writeFileSync(
    path.join(webDist, 'login.html'),
    '<!doctype html><title>Portal</title><div id="root"><h1>Welcome</h1></div>',
  );
  const t = useTestApp({ config: { webDist } });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('answers client routes such as /redeem/{code} with index.html', async () => {
    for (const url of ['/', '/products', '/redeem/ABCD-EFGH-JKMN-PQRS', '/auth/callback?code=x']) {
      const response = await t.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      // It names the current build's assets: always revalidated, never kept for an hour.
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const direct = await t.call('GET', '/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets with a long cache life, and a missing asset is a 404, not the page', async () => {
    const asset = await t.call('GET', '/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.call('GET', '/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('NOT_FOUND');
  });

  it('answers /login with the prerendered sign-in page, other pages with index.html', async () => {
    for (const url of ['/login', '/login?error=failed']) {
      const response = await t.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<h1>Welcome</h1>');
    }
    expect((await t.call('GET', '/login/x')).body).not.toContain('<h1>Welcome</h1>');
  });

  it('sends the precompressed copy a browser accepts, and the plain file otherwise', async () => {
    const brotli = await t.call('GET', '/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('console.log("from the .br copy")');
    expect(brotli.headers['cache-control']).toContain('immutable');
    const plain = await t.call('GET', '/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('sets the security headers (Helmet) on pages and API answers', async () => {
    for (const url of ['/login', '/api/v1/health']) {
      const response = await t.call('GET', url);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('never answers an unknown API path or a POST with the page', async () => {
    expect((await t.call('GET', '/api/v1/unknown')).statusCode).toBe(404);
    expect((await t.call('POST', '/products')).statusCode).toBe(404);
  });

  it.each([
    '//api/v1/products',
    '//manuals',
    '//',
    '/./products',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
    '/%2E%2E/etc/passwd',
    '/assets//index-abc123.js',
    '/assets%2Findex-abc123.js',
    '/assets/index-abc123.js%00',
    '/API/v1/products',
  ])('answers the address %s 404 in the envelope, never the page or a 403', async (url) => {
    const response = await t.http({ method: 'GET', url, headers: { 'x-user-id': 'owner@example.com' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      errors: [{ code: 'NOT_FOUND', message: `There is no GET ${url} here.` }],
    });
  });

  it('answers files and pages whole, whatever Range or precondition is sent (no 206, 412 or 416)', async () => {
    for (const url of ['/assets/index-abc123.js', '/products']) {
      for (const headers of [
        { range: 'bytes=99999-' },
        { range: 'bytes=0-3' },
        { 'if-match': '"other"' },
        { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
      ]) {
        const response = await t.http({ method: 'GET', url, headers });
        expect([url, headers, response.statusCode]).toEqual([url, headers, 200]);
      }
    }
  });
});

describe('the sign-in page drawn for the server mode', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  const { productName, manufacturer } = LOGIN_PAGES.placeholders;
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'login.html'), '<!doctype html><head></head><div id="root">neutral</div>');
  mkdirSync(path.join(webDist, LOGIN_PAGES.dir));
  for (const mode of ['production', 'test'])
    writeFileSync(
      path.join(webDist, LOGIN_PAGES.dir, `${mode}.html`),
      `<!doctype html><head></head><div id="root"><p>${mode}</p><h1>Welcome to ${productName}</h1><footer>© ${manufacturer}</footer></div>`,
    );
  const t = useTestApp({
    env: {
      BRAND_PRODUCT_NAME: 'Fleet <Data> & Co',
      BRAND_MANUFACTURER: 'O\'Brien "Motors" </script>',
    },
    config: { webDist },
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it("answers /login with its mode's page, the branding filled in and the configuration embedded", async () => {
    const config = (await t.call('GET', '/api/v1/config')).json();
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip, br' }]) {
      const response = await t.http({ method: 'GET', url: '/login?error=failed', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const body = response.body;
      expect(body).toContain('<p>test</p>');
      // As React writes text: the app hydrates the same names from the embedded answer.
      expect(body).toContain('<h1>Welcome to Fleet &lt;Data&gt; &amp; Co</h1>');
      expect(body).toContain('<footer>© O&#x27;Brien &quot;Motors&quot; &lt;/script&gt;</footer>');
      const embedded = body.match(/<script type="application\/json" id="portal-config">(.*?)<\/script>/)?.[1];
      expect(embedded && JSON.parse(embedded)).toEqual(config);
      expect(body).not.toContain(productName);
    }
  });

  it('does not serve the pages per mode as files (the address is a page of the app)', async () => {
    const response = await t.call('GET', `/${LOGIN_PAGES.dir}/test.html`);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('<p>test</p>');
  });
});
