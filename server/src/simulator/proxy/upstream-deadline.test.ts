import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

// A back end that accepts connections and never answers (a raw TCP server that stays silent): each
// proxied call ends at PROXY_TIMEOUT_MS, answered by the simulation and recorded in the drift list.
const sockets: Socket[] = [];
let silent: Server;
const env: Record<string, string> = { PROXY_FALLBACK: 'unimplemented', PROXY_TIMEOUT_MS: '500' };
beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  env.PROXY_TARGET = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const t = useTestApp({ env });

describe('validating proxy: a back end that never answers', () => {
  it('ends the call at the deadline, answers from the simulation and records it in the drift list', async () => {
    const startedAt = Date.now();
    const products = await t.call('GET', '/api/v1/products', 'owner@example.com');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(products.statusCode).toBe(200);
    expect(products.headers['x-portal-source']).toBe('simulation');
    expect(sockets.length).toBeGreaterThan(0);
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
