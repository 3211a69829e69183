import { describe, expect, it } from 'vitest';
import { as, createTestApp } from '../../test/app.ts';

// X-User-Id is an identity anyone can claim: only an explicit test server on loopback accepts it.
const me = (t: Awaited<ReturnType<typeof createTestApp>>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: as('admin@example.com') });

describe('X-User-Id header identity', () => {
  it('is accepted in explicit test mode on a loopback address', async () => {
    const t = await createTestApp();
    try {
      expect((await me(t)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json().mode).toBe('test');
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
      const response = await me(t);
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json().mode).toBe(mode);
    } finally {
      await t.close();
    }
  });
});
