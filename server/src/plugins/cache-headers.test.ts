import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

// What browsers and proxies may keep: nothing of the API's JSON; PDFs only with revalidation.
const t = useTestApp();

describe('Cache-Control', () => {
  it('marks authenticated JSON and error answers no-store', async () => {
    const me = await t.call('GET', '/api/v1/users/me', 'owner@example.com');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.call('GET', '/api/v1/products');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('gives PDFs validators and no-cache instead of a max-age, and answers 304 to a current copy', async () => {
    for (const url of ['/manuals', '/catalogue/Vehicle%20Data.pdf']) {
      const first = await t.call('GET', url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(new Date(String(first.headers['last-modified'])).getTime()).not.toBeNaN();

      const head = await t.call('HEAD', url);
      expect([head.statusCode, head.headers.etag, head.headers['content-type']]).toEqual([
        200,
        etag,
        'application/pdf',
      ]);
      const again = await t.call('GET', url, { 'if-none-match': `"old", W/${etag}` });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const checked = await t.call('HEAD', url, { 'if-none-match': etag });
      expect(checked.statusCode).toBe(304);
      const stale = await t.call('GET', url, { 'if-none-match': '"old"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(first.rawPayload.length);
    }
  });
});
