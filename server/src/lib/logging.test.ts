import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { as, testNow } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createManualClock } from './clock.ts';
import { requestLoggerFactory } from './logging.ts';

// The access log: errors and slow answers at info (with their request id), every answer at debug.
const opened: { db: TestDatabase; app: Awaited<ReturnType<typeof buildApp>> }[] = [];
afterAll(async () => {
  for (const { db, app } of opened) {
    await app.close();
    await db.cleanup();
  }
});

async function appLoggingAt(level: string) {
  const clock = createManualClock(testNow);
  const db = await createTestDatabase({ seed: true, now: clock.now() });
  const config = loadConfig(
    { PORTAL_MODE: 'test', DATA_DIR: db.dir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: level },
    { databaseUrl: db.url },
  );
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ config, prisma: db.prisma, clock, wallClock: clock }, { logStream });
  await app.ready();
  opened.push({ db, app });
  // The first calls build their validators: on a loaded machine they may pass the slow-answer mark.
  await app.inject({ method: 'GET', url: '/api/v1/products', headers: as('owner@example.com') });
  await app.inject({ method: 'GET', url: '/api/v1/products' });
  lines.length = 0;
  const completed = () => lines.filter((line) => line.msg === 'request completed');
  return { app, completed };
}

describe('access log', () => {
  it('at info, logs refused and failed requests with their request id, not successful ones', async () => {
    const { app, completed } = await appLoggingAt('info');
    const ok = await app.inject({ method: 'GET', url: '/api/v1/products', headers: as('owner@example.com') });
    expect(ok.statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(refused.statusCode).toBe(401);

    expect(completed()).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/v1/products',
        statusCode: 401,
        reqId: refused.headers['x-request-id'] ?? expect.any(String),
      }),
    ]);
  });

  it('at debug, logs every answered request', async () => {
    const { app, completed } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/v1/products', headers: as('owner@example.com') });
    expect(completed()).toEqual([expect.objectContaining({ level: 20, statusCode: 200 })]);
  });
});

describe("a request's logger", () => {
  const parentAt = (level: string) => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const parent = pino({ level, base: { service: 'portal' } }, stream) as unknown as FastifyBaseLogger;
    return { parent, lines, settle: () => new Promise((resolve) => setImmediate(resolve)) };
  };

  it("writes each line with the parent's and the request's bindings, at the parent's level", async () => {
    const { parent, lines, settle } = parentAt('info');
    const log = requestLoggerFactory(parent, { reqId: 'req-1' }, {}) as FastifyBaseLogger & pino.Logger;
    expect(log.level).toBe('info');
    expect(log.isLevelEnabled('debug')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    log.debug({ hidden: true }, 'below the level');
    log.info({ shown: 1 }, 'first');
    log.warn('second %s', 'line');
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 'portal', reqId: 'req-1', shown: 1, msg: 'first' }),
      expect.objectContaining({ level: 40, service: 'portal', reqId: 'req-1', msg: 'second line' }),
    ]);
    expect(log.bindings()).toEqual({ service: 'portal', reqId: 'req-1' });
  });

  it("follows a route's own level, a level set on it, and makes children with both bindings", async () => {
    const { parent, lines, settle } = parentAt('info');
    const quiet = requestLoggerFactory(parent, { reqId: 'req-2' }, { level: 'error' });
    expect(quiet.level).toBe('error');
    quiet.warn('dropped');
    quiet.error('kept');
    const verbose = requestLoggerFactory(parent, { reqId: 'req-3' }, {});
    verbose.level = 'debug';
    verbose.debug('now shown');
    verbose.child({ step: 'inner' }).info('from a child');
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, reqId: 'req-2', msg: 'kept' }),
      expect.objectContaining({ level: 20, reqId: 'req-3', msg: 'now shown' }),
      expect.objectContaining({ level: 30, reqId: 'req-3', step: 'inner', msg: 'from a child' }),
    ]);
  });
});
