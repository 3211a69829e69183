import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { useProxyTarget } from '../../../test/proxy-target.ts';

// A back end that accepts connections and never answers (a raw TCP server that stays silent): each
// proxied call ends at PROXY_TIMEOUT_MS, answered by the simulation and recorded in the drift list.
const env: Record<string, string> = { PROXY_FALLBACK: 'unimplemented', PROXY_TIMEOUT_MS: '500' };
let connections = 0;
useProxyTarget(env, () =>
  createServer(() => {
    connections += 1;
  }),
);

const t = useTestApp({ env });

describe('validating proxy: a back end that never answers', () => {
  it('ends the call at the deadline, answers from the simulation and records it in the drift list', async () => {
    const startedAt = Date.now();
    const products = await t.call('GET', '/api/v1/products', 'owner@example.com');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(products.statusCode).toBe(200);
    expect(products.headers['x-portal-source']).toBe('simulation');
    expect(connections).toBeGreaterThan(0);
    const report = (await t.call('GET', '/api/v1/sim/drift', 'admin@example.com')).json();
    expect(report.drifts).toContainEqual(
      expect.objectContaining({
        operationId: 'listProducts',
        status: 0,
        message: 'the back end did not answer within 500 ms (PROXY_TIMEOUT_MS)',
      }),
    );
  });
});
