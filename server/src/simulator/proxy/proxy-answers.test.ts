import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { expectInContract } from '../../../test/in-contract.ts';
import { useProxyTarget } from '../../../test/proxy-target.ts';

// The proxy's own answers when no fallback is set: a back end that stays silent gets 504
// GATEWAY_TIMEOUT, one that answers something that is not HTTP gets 502 BAD_GATEWAY, both in the
// envelope and declared by the operation. The server's own health and configuration are never forwarded.
const requested: string[] = [];
const env: Record<string, string> = { PROXY_TIMEOUT_MS: '500' };
useProxyTarget(env, () =>
  createServer((socket) => {
    socket.once('data', (data) => {
      const line = data.toString('latin1').split('\r\n')[0] ?? '';
      requested.push(line);
      // /api/v1/users/me gets bytes that are no HTTP answer; everything else gets silence.
      if (line.includes('/api/v1/users/me')) socket.end('NOT HTTP AT ALL\r\n\r\n');
    });
  }),
);

const t = useTestApp({ env });
describe('validating proxy without fallback: its own answers', () => {
  it('a back end that never answers: 504 GATEWAY_TIMEOUT in the envelope at the deadline, declared', async () => {
    const products = await t.call('GET', '/api/v1/products', 'owner@example.com');
    expect(products.statusCode).toBe(504);
    expect(products.headers['x-portal-source']).toBe('proxy');
    expect(products.json()).toEqual({
      errors: [{ code: 'GATEWAY_TIMEOUT', message: 'The back end did not answer in time.' }],
    });
    expectInContract(products, 'listProducts');
  });

  it('an answer to HEAD has no body, and is declared too', async () => {
    const head = await t.call('HEAD', '/manuals');
    expect(head.statusCode).toBe(504);
    expect(head.body).toBe('');
    expectInContract(head, 'headUserGuide', 'HEAD');
  });

  it('a back end that answers something that is not HTTP: 502 BAD_GATEWAY in the envelope, declared, and drift', async () => {
    const me = await t.call('GET', '/api/v1/users/me', 'owner@example.com');
    expect(me.statusCode).toBe(502);
    expect(me.json()).toEqual({
      errors: [{ code: 'BAD_GATEWAY', message: 'The back end could not be reached.' }],
    });
    expectInContract(me, 'getCurrentUser');
    const report = (await t.call('GET', '/api/v1/sim/drift', 'admin@example.com')).json();
    expect(report.drifts).toContainEqual(
      expect.objectContaining({
        operationId: 'getCurrentUser',
        status: 0,
        message: expect.stringMatching(/^the back end could not be reached or gave no valid HTTP answer: /),
      }),
    );
    // Nothing fell back: no PROXY_FALLBACK.
    expect(report.fallbacks).toEqual([]);
  });

  it("answers its own health and configuration (its mode, not the back end's) without forwarding them", async () => {
    const before = requested.length;
    const config = await t.call('GET', '/api/v1/config');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ mode: 'test', devMode: true });
    expect(config.headers['x-portal-source']).toBeUndefined();
    const health = await t.call('GET', '/api/v1/health');
    expect(health.statusCode).toBe(200);
    expect(requested.slice(before)).toEqual([]);
  });
});
