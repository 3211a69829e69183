import { describe, expect, it } from 'vitest';
import { as, createTestApp } from '../../test/app.ts';
import { parseTrustProxy } from '../config.ts';

// TRUST_PROXY: nobody by default; a hop count or addresses when the portal runs behind a proxy.
describe('TRUST_PROXY', () => {
  it('reads nothing, a hop count or an address list, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count or addresses/);
  });

  it('lets a spoofed X-Forwarded-For get nowhere near the redeem limit: it is kept per company', async () => {
    const t = await createTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '3' } });
    try {
      const attempt = (i: number) =>
        t.call('PUT', '/api/v1/invitations/redeem/ZZZZ-ZZZZ-ZZZZ-ZZZZ', {
          ...as('fleet@example.com'),
          'x-forwarded-for': `198.51.100.${i}`,
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt(i)).statusCode).toBe(400);
      expect((await attempt(3)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, limits sign-in per forwarded client address', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const call = (ip: string) => t.call('GET', '/api/v1/login', { 'x-forwarded-for': ip });
      for (let i = 0; i < 120; i += 1) expect((await call('203.0.113.9')).statusCode).toBe(302);
      expect((await call('203.0.113.9')).statusCode).toBe(429);
      expect((await call('203.0.113.10')).statusCode).toBe(302);
    } finally {
      await t.close();
    }
  });
});
