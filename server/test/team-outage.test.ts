// PostgreSQL stopped for 20 s under a running team and a load of calls (issue 24): every call answers 503
// in the envelope with Retry-After, /api/v1/health answers 503, no instance ends, and service comes back by
// itself within 5 s of the database's return. The test's own throwaway server, so stopping it disturbs no other file.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@portal/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgres } from '../scripts/postgres-cluster.ts';

let cluster: PostgresCluster;
let dataDir: string;
const instances: ServerProcess[] = [];
const owner = { 'x-user-id': 'owner@example.com' };
/** How long PostgreSQL stays down, and the clients that call each instance meanwhile without pause. */
const OUTAGE_MS = 20_000;
const CLIENTS = 4;

beforeAll(async () => {
  cluster = await startPostgres();
  dataDir = await mkdtemp(join(tmpdir(), 'portal-outage-'));
  const env = {
    PORTAL_MODE: 'test',
    DATABASE_URL: cluster.url(`outage_${randomBytes(4).toString('hex')}`),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SANDBOX_PREPARE: 'false',
  };
  instances.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  await Promise.all(instances.map((instance) => instance.healthy()));
}, 180_000);

afterAll(async () => {
  for (const instance of instances) {
    if (instance.child.exitCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
  await cluster?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const calls: [string, string, Record<string, string>, unknown?][] = [
  ['GET', '/api/v1/health', {}],
  ['GET', '/api/v1/products', owner],
  ['GET', '/api/v1/users/me', owner],
  ['GET', '/api/v1/invitations/unclaimed/ALL', owner],
  [
    'POST',
    '/api/v1/invitations',
    { ...owner, origin: 'http://localhost:3000' },
    [{ productId: 'prod-veh-1', includeSensitiveData: false }],
  ],
  ['GET', '/api/v1/admin/applications', { 'x-user-id': 'admin@example.com' }],
];

async function send(instance: ServerProcess, [method, path, headers, body]: (typeof calls)[number]) {
  const response = await fetch(instance.url + path, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    text: await response.text(),
  };
}

describe('PostgreSQL stopped under two instances', () => {
  it('answers 503 with Retry-After meanwhile, never crashes, and serves again by itself', async () => {
    for (const instance of instances) {
      for (const call of calls) expect((await send(instance, call)).status, call[1]).toBeLessThan(300);
    }
    await cluster.stop('immediate');
    // 20 s down under load (the case): clients calling each instance without pause, every call of
    // the list in turn; each answer is a 503 in the envelope with Retry-After.
    const downUntil = Date.now() + OUTAGE_MS;
    const wrong: string[] = [];
    let answered = 0;
    const client = async (instance: ServerProcess, first: number) => {
      for (let index = first; Date.now() < downUntil; index += 1) {
        const call = calls[index % calls.length] as (typeof calls)[number];
        const answer = await send(instance, call);
        answered += 1;
        let envelope: unknown;
        try {
          envelope = JSON.parse(answer.text);
        } catch {
          envelope = answer.text;
        }
        const ok =
          answer.status === 503 &&
          Number(answer.retryAfter) > 0 &&
          JSON.stringify(envelope).startsWith('{"errors":[{"code":"SERVICE_UNAVAILABLE","message":"');
        if (!ok) wrong.push(`${call[0]} ${call[1]}: ${answer.status} ${answer.retryAfter} ${answer.text}`);
      }
    };
    await Promise.all(
      instances.flatMap((instance) => Array.from({ length: CLIENTS }, (_, first) => client(instance, first))),
    );
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();

    await cluster.start();
    const back = Date.now();
    for (const instance of instances) {
      for (;;) {
        const answers = await Promise.all(calls.map((call) => send(instance, call)));
        if (answers.every((answer) => answer.status < 300)) break;
        expect(Date.now() - back, 'full service within 5 s of the return').toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();
  }, 120_000);
});
