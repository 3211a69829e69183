import { describe, expect, it } from 'vitest';
import { as, expectError, useTestApp } from '../../test/app.ts';
import { createManualClock, createSimulationClock } from '../lib/clock.ts';
import { makePdf } from '../simulator/scenarios/demo-files.ts';

// Bodies and content types: the contract decides what a body may be, before any parser runs.
// Through `inject`, so each body reaches the server byte for byte with exactly the content type given.
const t = useTestApp();

const admin = as('admin@example.com');
const owner = as('owner@example.com');
const company = as('newco@example.com');

/** One call as `who`, with this content type (none: only what `inject` adds for an object) and body. */
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Record<string, string>,
  contentType?: string,
  payload?: string | Buffer | object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...who, ...(contentType && { 'content-type': contentType }) },
    payload,
  });

describe('request bodies and content types', () => {
  it('refuses a JSON-looking text/plain clock change with 415 and keeps the clock valid', async () => {
    const response = await send('PUT', '/api/v1/sim/clock', admin, 'text/plain', '{"speed":5}');
    const message = 'This call takes application/json; the body was sent as "text/plain".';
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', message);
    const clock = await t.app.inject({ method: 'GET', url: '/api/v1/sim/clock', headers: admin });
    expect(clock.json()).toEqual({ speed: 1, now: t.clock.now().toISOString() });
    const products = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: owner });
    expect(products.statusCode).toBe(200);
  });

  it('never lets a clock hold a speed that is not a number in range', () => {
    for (const clock of [createSimulationClock(), createManualClock()]) {
      for (const speed of [Number.NaN, undefined, 0, 1001, Number.POSITIVE_INFINITY]) {
        expect(() => clock.setSpeed(speed as number)).toThrow(RangeError);
      }
      expect(clock.speed).toBe(1);
      expect(Number.isNaN(clock.now().getTime())).toBe(false);
    }
  });

  it.each([
    ['POST', '/api/v1/invitations', owner],
    ['POST', '/api/v1/agents', company],
    ['POST', '/api/v1/sim/faults', admin],
    ['PUT', '/api/v1/sim/clock', admin],
  ] as const)(
    '%s %s: a missing body is 400, another media type 415, broken JSON 400',
    async (method, url, who) => {
      expectError(await send(method, url, who), 400, 'VALIDATION_FAILED', 'The request body is missing.');
      expectError(await send(method, url, who, undefined, '{}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const form = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
      expect((await send(method, url, who, 'multipart/form-data; boundary=x', form)).statusCode).toBe(415);
      const broken = await send(method, url, who, 'application/json', '{"speed":');
      expectError(broken, 400, 'VALIDATION_FAILED', 'The request body is not valid JSON.');
    },
  );

  it('answers a JSON body over 1 MB with 413 BODY_TOO_LARGE', async () => {
    const body = JSON.stringify([{ productId: 'x'.repeat(1_100_000), includeSensitiveData: false }]);
    const response = await send('POST', '/api/v1/invitations', owner, 'application/json', body);
    expectError(response, 413, 'BODY_TOO_LARGE', 'The request body is larger than this call accepts.');
  });

  it('states "at least one of" for a fault with neither status, code nor delay', async () => {
    const response = await send('POST', '/api/v1/sim/faults', admin, undefined, {
      operationId: 'listProducts',
    });
    const message = 'body needs at least one of "status", "code", "delayMs".';
    expectError(response, 400, 'VALIDATION_FAILED', message);
  });

  it('ignores a body sent to a call that takes none', async () => {
    const response = await send('DELETE', '/api/v1/sim/faults', admin, 'application/xml', '<not-json');
    expect(response.statusCode).toBe(204);
  });

  describe('multipart uploads', () => {
    const url = '/api/v1/agents/files/upload/section/REGISTRATION';
    const part = (boundary: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        makePdf(['Registration']),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);

    it('refuses multipart without a boundary with 400', async () => {
      const response = await send('POST', url, company, 'multipart/form-data', part('b'));
      const message = 'The multipart body has no boundary in its Content-Type.';
      expectError(response, 400, 'VALIDATION_FAILED', message);
    });

    it('refuses a truncated multipart body with 400 and stores nothing', async () => {
      const full = part('b');
      const response = await send(
        'POST',
        url,
        company,
        'multipart/form-data; boundary=b',
        full.subarray(0, -20),
      );
      expectError(response, 400, 'VALIDATION_FAILED', 'The multipart body is malformed or incomplete.');
      expect(await t.prisma.agentFile.count({ where: { userId: 'user-newco' } })).toBe(0);
    });

    it.each([
      // The file part cut off before its closing boundary: 500 INTERNAL_ERROR every time before.
      ['cut off inside the file', (full: Buffer) => full.subarray(0, full.indexOf('%%EOF'))],
      ['without its closing boundary', (full: Buffer) => full.subarray(0, full.lastIndexOf('\r\n--b--'))],
      ['cut off inside the part headers', (full: Buffer) => full.subarray(0, full.indexOf('filename='))],
    ])('refuses a body %s with 400 and stores nothing', async (_what, cut) => {
      const response = await send('POST', url, company, 'multipart/form-data; boundary=b', cut(part('b')));
      expectError(response, 400, 'VALIDATION_FAILED', 'The multipart body is malformed or incomplete.');
      expect(await t.prisma.agentFile.count({ where: { userId: 'user-newco' } })).toBe(0);
    });

    it.each([
      [
        'a part with no name',
        'Content-Disposition: form-data; filename="a.pdf"',
        'A part of the upload has no name; send files in "file".',
      ],
      [
        'a form field (no file name), also a nested multipart',
        'Content-Disposition: form-data; name="file"\r\nContent-Type: multipart/mixed; boundary=inner',
        'A part of the upload is a form field, not a file; send files in "file".',
      ],
    ])('refuses %s with 400 saying what is wrong', async (_what, headers, message) => {
      const body = `--b\r\n${headers}\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n\r\n--b--\r\n`;
      const response = await send('POST', url, company, 'multipart/form-data; boundary=b', body);
      expectError(response, 400, 'VALIDATION_FAILED', message);
    });

    it('refuses JSON with 415', async () => {
      const response = await send('POST', url, company, undefined, { file: ['x'] });
      const message = 'This call takes multipart/form-data; the body was sent as "application/json".';
      expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', message);
    });
  });
});
