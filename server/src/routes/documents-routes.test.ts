import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

// The public PDFs: user guide, catalogues and terms, with GET and HEAD answering the same headers.
const t = useTestApp();
// A second instance of the portal (its own process state, its own render of every document).
const other = useTestApp();

const request = (method: 'GET' | 'HEAD', url: string) => t.call(method, url);

const documents = [
  ['/manuals', 'User Guide.pdf'],
  ['/catalogue/Vehicle%20Data.pdf', 'Vehicle Data.pdf'],
  ['/catalogue/Home%20Charger%20Data.pdf', 'Home Charger Data.pdf'],
  ['/catalogue/Data%20Prices.pdf', 'Data Prices.pdf'],
  ['/tnc/2025-06_user_en.pdf', '2025-06_user_en.pdf'],
  ['/tnc/2025-01_user_en.pdf', '2025-01_user_en.pdf'],
  ['/tnc/2025-01_agent_en.pdf', '2025-01_agent_en.pdf'],
  ['/tnc/2025-01_admin_en.pdf', '2025-01_admin_en.pdf'],
] as const;

describe('documents', () => {
  it.each(documents)('GET %s answers an inline PDF without a session', async (url, fileName) => {
    const response = await request('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(parse(String(response.headers['content-disposition']))).toEqual({
      type: 'inline',
      parameters: { filename: fileName },
    });
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.each(documents)('HEAD %s answers the same headers and no body', async (url) => {
    const [get, head] = [await request('GET', url), await request('HEAD', url)];
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['content-type', 'content-disposition', 'content-length']) {
      expect(head.headers[name]).toBe(get.headers[name]);
    }
  });

  it('serves the same bytes again from its cache', async () => {
    const first = await request('GET', '/catalogue/Data%20Prices.pdf');
    const second = await request('GET', '/catalogue/Data%20Prices.pdf');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each(documents)(
    '%s: another instance answers the same bytes, ETag and Last-Modified, and 304 to a copy from the first',
    async (url) => {
      const first = await request('GET', url);
      const second = await other.call('GET', url);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['last-modified']).toBe(first.headers['last-modified']);
      const revalidated = await other.call('GET', url, { 'if-none-match': String(first.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
    },
  );

  it('dates terms by their publication and generated documents by their edition, never by the render', async () => {
    const terms = await request('GET', '/tnc/2025-01_user_en.pdf');
    const guide = await request('GET', '/manuals');
    expect(new Date(String(terms.headers['last-modified'])).getTime()).toBeLessThan(Date.now() - 86_400_000);
    expect(terms.headers['last-modified']).not.toBe(guide.headers['last-modified']);
  });

  it('answers 404 DOCUMENT_NOT_FOUND for a terms version that does not exist, on GET and HEAD', async () => {
    for (const url of ['/tnc/2024-12_user_en.pdf', '/tnc/2025-06_agent_en.pdf']) {
      const get = await request('GET', url);
      expect(get.statusCode).toBe(404);
      expect(get.json().errors[0].code).toBe('DOCUMENT_NOT_FOUND');
      const head = await request('HEAD', url);
      expect([head.statusCode, head.rawPayload.length]).toEqual([404, 0]);
    }
  });

  it('answers 400 VALIDATION_FAILED for a malformed terms name or an unknown catalogue', async () => {
    for (const url of [
      '/tnc/2025-01_owner_en.pdf',
      '/tnc/..%2F2025-01_user_en.pdf',
      '/catalogue/Secrets.pdf',
    ]) {
      const response = await request('GET', url);
      expect([response.statusCode, response.json().errors[0].code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
