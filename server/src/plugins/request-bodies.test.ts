import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.ts';
import { createManualClock, createSimulationClock } from '../lib/clock.ts';
import { makePdf } from '../scenarios/demo-files.ts';

// Bodies and content types: the contract decides what a body may be, before any parser runs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = as('admin@example.com');
const owner = as('owner@example.com');
const company = as('newco@example.com');
const errorOf = (response: { json(): unknown }) => (response.json() as { errors: unknown[] }).errors[0];

describe('request bodies and content types', () => {
  it('refuses a JSON-looking text/plain clock change with 415 and keeps the clock valid', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sim/clock',
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: '{"speed":5}',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This call takes application/json; the body was sent as "text/plain".',
    });
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
      const missing = await t.app.inject({ method, url, headers: who });
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The request body is missing.',
      });

      const noType = await t.app.inject({ method, url, headers: who, payload: '{}' });
      expect(noType.statusCode).toBe(415);
      expect(errorOf(noType)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

      const boundary = 'x';
      const multipart = await t.app.inject({
        method,
        url,
        headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(415);

      const broken = await t.app.inject({
        method,
        url,
        headers: { ...who, 'content-type': 'application/json' },
        payload: '{"speed":',
      });
      expect(broken.statusCode).toBe(400);
      expect(errorOf(broken)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The request body is not valid JSON.',
      });
    },
  );

  it('answers a JSON body over 1 MB with 413 BODY_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify([{ productId: 'x'.repeat(1_100_000), includeSensitiveData: false }]),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({
      code: 'BODY_TOO_LARGE',
      message: 'The request body is larger than this call accepts.',
    });
  });

  it('states "at least one of" for a fault with neither status, code nor delay', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/faults',
      headers: admin,
      payload: { operationId: 'listProducts' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'body needs at least one of "status", "code", "delayMs".',
    });
  });

  it('ignores a body sent to a call that takes none', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/sim/faults',
      headers: { ...admin, 'content-type': 'application/xml' },
      payload: '<not-json',
    });
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
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...company, 'content-type': 'multipart/form-data' },
        payload: part('b'),
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The multipart body has no boundary in its Content-Type.',
      });
    });

    it('refuses a truncated multipart body with 400 and stores nothing', async () => {
      const full = part('b');
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...company, 'content-type': 'multipart/form-data; boundary=b' },
        payload: full.subarray(0, full.length - 20),
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The multipart body is malformed or incomplete.',
      });
      expect(await t.prisma.agentFile.count({ where: { userId: 'user-newco' } })).toBe(0);
    });

    it('refuses JSON with 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: company,
        payload: { file: ['x'] },
      });
      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This call takes multipart/form-data; the body was sent as "application/json".',
      });
    });
  });
});
