import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../../test/app.ts';

// X-User-Id is an identity anyone can claim: only an explicit test server on loopback accepts it.
const me = (t: TestApp) => t.call('GET', '/api/v1/users/me', 'admin@example.com');
const modeOf = async (t: TestApp) => (await t.call('GET', '/api/v1/config')).json().mode;

describe('X-User-Id header identity', () => {
  it('is accepted in explicit test mode on a loopback address', async () => {
    const t = await createTestApp();
    try {
      expect((await me(t)).statusCode).toBe(200);
      expect(await modeOf(t)).toBe('test');
    } finally {
      await t.close();
    }
  });

  it.each([
    ['demo', {}],
    ['development', {}],
    ['test, listening on every address', { HOST: '0.0.0.0' }],
    ['production', { PUBLIC_URL: 'https://portal.example.com' }],
  ])('is refused in %s', async (label, extra) => {
    const mode = label.split(',')[0] as string;
    const t = await createTestApp({ env: { PORTAL_MODE: mode, ...extra } });
    try {
      expectError(await me(t), 401, 'UNAUTHENTICATED');
      expect(await modeOf(t)).toBe(mode);
    } finally {
      await t.close();
    }
  });
});
