import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { HotReads, PortalPrisma } from '../src/db/client.ts';
import { createManualClock, type ManualClock } from '../src/lib/clock.ts';
import { JOB_MIN_RUNNING_MS, JOB_START_DELAY_MS } from '../src/services/job-snapshot.ts';
import { createTestDatabase } from './db.ts';

// The server test kit: the real app listening on a loopback socket over a fresh migrated database,
// called through supertest. Every server test that speaks HTTP goes through `http`/`call` below.

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** One HTTP request, in the shape of Fastify's `inject` options (so tests read the same either way). */
export interface HttpRequest {
  method: Method;
  url: string;
  headers?: Record<string, string | undefined>;
  /** An object or array is sent as JSON; a string or Buffer as is (set the content type yourself). */
  payload?: object | string | Buffer;
  cookies?: Record<string, string>;
}

/** What a test reads from an answer. */
export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text. */
  body: string;
  payload: string;
  /** The body as bytes (downloads, zips, PDFs). */
  rawPayload: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: like Fastify's inject, tests narrow the body where they read it
  json<T = any>(): T;
}

export interface TestApp {
  app: FastifyInstance;
  prisma: PortalPrisma;
  /** The app world's prepared reads (db/hot-reads.ts). */
  reads: HotReads;
  clock: ManualClock;
  /** The same manual clock: tests move session expiry along with simulated time. */
  wallClock: ManualClock;
  config: Config;
  databaseUrl: string;
  /** `http://127.0.0.1:<port>` of the listening app. */
  baseUrl: string;
  /** Sends one request over the socket. */
  http(request: HttpRequest): Promise<HttpResponse>;
  /**
   * `http` as a caller: a seeded persona (by email), or the request headers of one that is not a
   * persona (a session cookie, another host or origin); with an optional JSON or raw body.
   */
  call(method: Method, url: string, who?: Caller, payload?: HttpRequest['payload']): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the personas (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  config?: Partial<Config>;
}

/** Who calls: a seeded persona's email, or the headers a caller sends instead (cookie, host, origin). */
export type Caller = string | Record<string, string | undefined>;

export const testNow = new Date('2026-03-01T09:00:00Z');

/** Headers that sign a request in as a seeded persona (development and test modes only). */
export const as = (email: string) => ({ 'x-user-id': email });

/** Collects the whole body as bytes, whatever its type. */
function bytes(res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
  res.on('error', (error: Error) => done(error, Buffer.alloc(0)));
}

/** One request to the server at `baseUrl` (tests of several instances pick one per request). */
export async function send(baseUrl: string, options: HttpRequest): Promise<HttpResponse> {
  const agent = request(baseUrl);
  let test = agent[options.method.toLowerCase() as 'get'](options.url)
    .redirects(0)
    .ok(() => true)
    .buffer(true)
    .parse(bytes as never);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) test = test.set(name, value);
  }
  if (options.cookies) {
    const cookie = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`);
    test = test.set('cookie', cookie.join('; '));
  }
  const { payload } = options;
  if (payload !== undefined) {
    // A string keeps the caller's content type; superagent labels an unlabelled one a form.
    test = test.send(payload);
  }
  const response = await test;
  const rawPayload = Buffer.isBuffer(response.body) ? response.body : Buffer.alloc(0);
  const text = rawPayload.toString('utf8');
  return {
    statusCode: response.status,
    headers: response.headers,
    body: text,
    payload: text,
    rawPayload,
    json: () => JSON.parse(text),
  };
}

/**
 * The real app on a freshly migrated SQLite file (seeded with the personas unless `seed: false`),
 * a manual simulation clock and a temporary data folder, listening on a random loopback port.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = createManualClock(testNow);
  const db = await createTestDatabase({ seed: options.seed ?? true, now: clock.now() });
  // The database's temporary folder doubles as DATA_DIR, where seeded documents already are.
  const dataDir = db.dir;
  const config = loadConfig(
    // No sandbox template is prepared at start unless a test asks (SANDBOX_PREPARE: sandbox-prepare.test.ts).
    {
      PORTAL_MODE: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      SANDBOX_PREPARE: '0',
      ...options.env,
    },
    { databaseUrl: db.url, ...options.config },
  );
  const app = await buildApp({ config, prisma: db.prisma, clock, wallClock: clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const http = (options: HttpRequest) => send(baseUrl, options);
  return {
    app,
    prisma: db.prisma,
    reads: app.portal.reads,
    clock,
    wallClock: clock,
    config,
    databaseUrl: db.url,
    baseUrl,
    http,
    call: (method, url, who, payload) =>
      http({ method, url, headers: typeof who === 'string' ? as(who) : (who ?? {}), payload }),
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/**
 * One test app for the whole file: created before the first test, closed after the last. The
 * returned object is filled in by `beforeAll`, so read its fields inside tests and hooks only.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const kit = {} as TestApp;
  beforeAll(async () => {
    Object.assign(kit, await createTestApp(options));
  });
  afterAll(async () => kit.close?.());
  return kit;
}

/**
 * Runs the download jobs waiting now to their end on the manual clock: their CREATED time, a runner
 * pass that starts them, their minimum RUNNING time, a pass that builds and completes them.
 */
export async function runDownloadJobs(t: Pick<TestApp, 'app' | 'clock'>): Promise<void> {
  t.clock.advance(JOB_START_DELAY_MS);
  await t.app.portal.jobs.tick();
  t.clock.advance(JOB_MIN_RUNNING_MS);
  await t.app.portal.jobs.tick();
}

/** Arms a simulated 500 for the next call of an operation (POST /api/v1/sim/faults, test mode). */
export async function injectFault(
  t: TestApp,
  operationId: string,
  caller = 'owner@example.com',
): Promise<void> {
  const injected = await t.http({
    method: 'POST',
    url: '/api/v1/sim/faults',
    headers: as(caller),
    payload: { operationId, status: 500, count: 1 },
  });
  expect(injected.statusCode).toBe(201);
}

/** The error envelope `{"errors":[{"code","message","field"?}]}`. */
interface ErrorEnvelope {
  errors: { code: string; message: string; field?: string }[];
}

/** Asserts the answer is the one error envelope and answers its first code. */
export function codeOf(response: Pick<HttpResponse, 'json'>): string | undefined {
  const body = response.json() as ErrorEnvelope;
  const item = expect.objectContaining({ code: expect.any(String), message: expect.any(String) });
  expect(body, 'an error answer carries the {"errors":[{"code","message"}]} envelope').toEqual({
    errors: [item, ...(body.errors?.slice(1) ?? []).map(() => item)],
  });
  return body.errors[0]?.code;
}

/** One refusal of a call: who calls (`undefined`: nobody is signed in), the status and the envelope's first code. */
export type Refusal = [who: Caller | undefined, status: number, code: string];

/** The refusal every signed-in call gives when nobody is signed in. */
export const signedOut: Refusal = [undefined, 401, 'UNAUTHENTICATED'];

/** Asserts that each caller of the table is refused this call with its status and code. */
export async function expectRefusals(
  t: Pick<TestApp, 'call'>,
  method: Method,
  url: string,
  refusals: Refusal[],
): Promise<void> {
  for (const [who, status, code] of refusals) {
    const response = await t.call(method, url, who);
    expect([response.statusCode, codeOf(response)], `${method} ${url} as ${JSON.stringify(who)}`).toEqual([
      status,
      code,
    ]);
  }
}

/** Asserts a refusal: this status, the error envelope, and this first code (and, given one, its exact message). */
export function expectError(
  response: Pick<HttpResponse, 'statusCode' | 'json'>,
  status: number,
  code: string,
  message?: string,
): void {
  expect([response.statusCode, codeOf(response)]).toEqual([status, code]);
  if (message !== undefined) expect(response.json().errors).toEqual([{ code, message }]);
}
