import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { useProxyTarget } from '../../../test/proxy-target.ts';

// PROXY_FALLBACK_AS in demo mode, where X-User-Id means nothing: the caller is signed in to the back
// end only, and the simulation answers the operations the back end lacks as that persona.
const env: Record<string, string> = {
  PORTAL_MODE: 'demo',
  PROXY_FALLBACK: 'unimplemented',
  PROXY_FALLBACK_AS: 'owner@example.com',
};
// A back end that implements nothing yet.
useProxyTarget(env, () =>
  createServer((_request, response) => response.writeHead(501).end('Not Implemented')),
);

const t = useTestApp({ env });
const backendSession = { portal_session: 'session-of-the-back-end' };

describe('PROXY_FALLBACK_AS', () => {
  it('answers a fallback as the persona for a caller signed in to the back end only, without X-User-Id', async () => {
    for (let i = 0; i < 2; i += 1) {
      const products = await t.http({ method: 'GET', url: '/api/v1/products', cookies: backendSession });
      expect([products.statusCode, products.headers['x-portal-source']]).toEqual([200, 'simulation']);
      expect(products.json().vehicles.map((v: { id: string }) => v.id)).toContain('prod-veh-1');
    }
    const me = await t.call('GET', '/api/v1/users/me');
    expect(me.json()).toMatchObject({ email: 'owner@example.com' });
    // The proxy's own session stays inside: the caller gets no cookie of it.
    expect([me.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith('portal_session='))).toEqual(
      [],
    );
  });

  it('signs the persona in again after a reset ended its session', async () => {
    await t.prisma.session.deleteMany();
    const products = await t.call('GET', '/api/v1/products');
    expect(products.statusCode).toBe(200);
  });
});
