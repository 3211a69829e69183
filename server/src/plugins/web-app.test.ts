import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const t = useTestApp({ config: { webDist } });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('answers client routes such as /redeem/{code} with index.html', async () => {
    for (const url of ['/', '/products', '/redeem/ABCD-EFGH-JKMN-PQRS', '/auth/callback?code=x']) {
      const response = await t.http({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      // It names the current build's assets: always revalidated, never kept for an hour.
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const direct = await t.http({ method: 'GET', url: '/index.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets with a long cache life, and a missing asset is a 404, not the page', async () => {
    const asset = await t.http({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.http({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('NOT_FOUND');
  });

  it('never answers an unknown API path or a POST with the page', async () => {
    expect((await t.http({ method: 'GET', url: '/api/v1/unknown' })).statusCode).toBe(404);
    expect((await t.http({ method: 'POST', url: '/products' })).statusCode).toBe(404);
  });
});
