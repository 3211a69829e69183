import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { expectInContract } from '../../test/in-contract.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createManualClock } from '../lib/clock.ts';
import { type EarlyPort, openEarlyPort } from './early-port.ts';

// Readiness and liveness over a whole life: the port answers before the app exists (alive, not ready),
// the app answers once ready, and from the beginning of its close readiness fails while the calls
// being answered finish. Every answer is judged against the contract.
const contract = loadContract();
const index = indexOperations(contract);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  reusedSocket: boolean;
}

function send(port: number, method: string, path: string, agent: Agent, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            reusedSocket: call.reusedSocket,
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

const config = (port = 0) => loadConfig({ PORTAL_MODE: 'test', PORT: String(port), HOST: '127.0.0.1' });

async function open(): Promise<{ port: EarlyPort; agent: Agent }> {
  const port = await openEarlyPort(config());
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cleanups.push(
    () => port.close(),
    () => agent.destroy(),
  );
  return { port, agent };
}

describe('while the server starts', () => {
  it('is alive and not ready: liveness 200, readiness and every other call 503 with Retry-After, in the envelope', async () => {
    const { port, agent } = await open();
    const live = await send(port.port, 'GET', '/api/v1/health/live', agent);
    expect([live.status, JSON.parse(live.body)]).toEqual([200, { status: 'ok' }]);
    expectInContract(live, 'getLiveness');

    const health = await send(port.port, 'GET', '/api/v1/health', agent);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({
      errors: [
        { code: 'SERVICE_UNAVAILABLE', message: 'The server is starting. Please try again in a moment.' },
      ],
    });
    expect(health.headers['retry-after']).toBe('1');
    expect(health.headers['cache-control']).toBe('no-store');
    expectInContract(health, 'getHealth');

    // Every operation of the contract (path parameters filled in), and addresses it does not have.
    const requests = [
      ...index.operations.map(({ method, path, operationId }) => ({
        method,
        path: path.replace(/\{[^}]+\}/g, 'x1'),
        operationId,
      })),
      { method: 'GET', path: '/api/v1/no-such-thing', operationId: null },
      { method: 'GET', path: '/products', operationId: null },
      { method: 'DELETE', path: '/api/v1/health/live', operationId: null },
    ];
    for (const { method, path, operationId } of requests) {
      const answer = await send(port.port, method, path, agent);
      const expected = operationId === 'getLiveness' ? 200 : 503;
      expect([method, path, answer.status]).toEqual([method, path, expected]);
      if (method === 'HEAD') expect(answer.body).toBe('');
      expectInContract(answer, operationId, method);
    }
    expect(requests.length).toBeGreaterThan(40);
  });

  it('drops a refused body, so the next request on the same connection is answered', async () => {
    const { port, agent } = await open();
    const refused = await send(
      port.port,
      'POST',
      '/api/v1/invitations',
      agent,
      JSON.stringify({ productIds: ['x'.repeat(50_000)] }),
    );
    expect(refused.status).toBe(503);
    expectInContract(refused, 'createInvitation', 'POST');
    const next = await send(port.port, 'GET', '/api/v1/health/live', agent);
    expect([next.status, next.reusedSocket]).toEqual([200, true]);
  });
});

async function readyApp(): Promise<{
  port: EarlyPort;
  agent: Agent;
  db: TestDatabase;
  app: Awaited<ReturnType<typeof buildApp>>;
}> {
  const { port, agent } = await open();
  const db = await createTestDatabase({ seed: false });
  cleanups.push(() => db.cleanup());
  const clock = createManualClock(new Date('2026-03-01T09:00:00Z'));
  const app = await buildApp(
    {
      config: loadConfig({ PORTAL_MODE: 'test', DATA_DIR: db.dir }, { databaseUrl: db.url }),
      prisma: db.prisma,
      clock,
      wallClock: clock,
    },
    { port },
  );
  cleanups.unshift(() => app.close());
  await app.ready();
  port.takeOver();
  return { port, agent, db, app };
}

/** A raw connection, for requests sent in pieces. */
async function socketTo(port: number): Promise<Socket & { received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  cleanups.push(() => {
    socket.destroy();
  });
  return Object.assign(socket, { received: () => received });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('once the app is ready', () => {
  it('answers on the same port: readiness 200, liveness 200, the operations themselves', async () => {
    const { port, agent } = await readyApp();
    const health = await send(port.port, 'GET', '/api/v1/health', agent);
    expect([health.status, JSON.parse(health.body)]).toEqual([200, { status: 'ok' }]);
    expectInContract(health, 'getHealth');
    const live = await send(port.port, 'GET', '/api/v1/health/live', agent);
    expect(live.status).toBe(200);
    expectInContract(live, 'getLiveness');
    const products = await send(port.port, 'GET', '/api/v1/products', agent);
    expect(products.status).toBe(401);
    expectInContract(products, 'listProducts');
  });

  it('from the beginning of its close: readiness 503 "stopping" while a call being answered finishes; then the port is closed', async () => {
    const { port, app } = await readyApp();
    // A call that is still arriving holds the close open.
    const slow = await socketTo(port.port);
    slow.write(
      'POST /api/v1/invitations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // A readiness check whose request is on its way when the close begins.
    const probe = await socketTo(port.port);
    probe.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    probe.write('\r\n');
    await until(() => probe.received().includes('\r\n\r\n{'), 'the readiness answer');
    const [head, body] = probe.received().split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(body)).toEqual({
      errors: [
        { code: 'SERVICE_UNAVAILABLE', message: 'The server is stopping. Please try again in a moment.' },
      ],
    });
    // New connections are not taken any more; the close waits for the call still arriving.
    await expect(
      new Promise((resolve, reject) =>
        connect(port.port, '127.0.0.1').once('connect', resolve).once('error', reject),
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(closed).toBe(false);
    slow.destroy();
    await closing;
    expect(closed).toBe(true);
  });
});
