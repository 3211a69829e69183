// One timed load against one server: autocannon with 50 connections (by default) for a duration, or
// undici's pool for a fixed list of requests (writes that need a fresh object per request), plus the CPU
// the server process spent per answered request, read from Linux's /proc. Either way only requests sent
// once every connection is open and has answered are timed (decision 0177): a client keeps its
// connections, so opening them is not part of a request's latency.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { type Dispatcher, Pool } from 'undici';

/**
 * autocannon decodes every answer's body into a string, whether or not anything reads it: about
 * 200 µs per 19 kB export zip on these machines, more than the server spends answering it, on the
 * same two cores. The load generator keeps a body only for a request that reads it (its list entry's
 * `readsBody`; decision 0169), so a large answer measures the server, not the decoding.
 */
interface PendingAnswer {
  req?: { readsBody?: boolean };
  body: string;
}
const answerQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void; peek(): PendingAnswer | undefined };
};
if (typeof answerQueue.prototype.addBody !== 'function' || typeof answerQueue.prototype.peek !== 'function') {
  throw new Error('autocannon no longer keeps answers in PipelinedRequestsQueue: see decision 0169');
}
answerQueue.prototype.addBody = function addBody(this: { peek(): PendingAnswer | undefined }, data: Buffer) {
  const pending = this.peek();
  if (pending?.req?.readsBody) pending.body += data;
};

/** One request as autocannon sends it. */
export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Answers with another status than the expected ones, and socket errors or timeouts. */
  failures: number;
  /** Answers by status, e.g. `{ 200: 1500 }`. */
  statuses: Record<string, number>;
  /** CPU time the server process spent per answered request (NaN without /proc or a pid). */
  cpuMicrosPerRequest: number;
  /** CPU time this process (the load generator) spent per answered request. */
  loadMicrosPerRequest: number;
}

export interface LoadOptions {
  /** http://host:port */
  origin: string;
  connections: number;
  /** Seconds to run; ignored when `requests` is a list (each sent once). */
  seconds: number;
  /**
   * One request sent over and over, a list sent once each in order (fresh objects), or a function
   * called per request (the mixed workload) with the connection's context and the step in its cycle.
   */
  requests: LoadRequest | readonly LoadRequest[] | SessionScript;
  /** Statuses that count as answered as expected (default: any 2xx or 3xx). */
  expected?: readonly number[];
  /** The server's process id, for its CPU time. */
  pid?: number;
  /**
   * For a list or HEAD requests: the request that opens each connection before anything is timed,
   * answered and not counted. By default the contract's liveness call, which every server measured here
   * answers cheaply (the portal, Prism's mock of it, the bare routes' 404).
   */
  opener?: LoadRequest;
}

/**
 * A replayed user session: each connection runs one cycle of `length` calls, then starts a new one.
 * `next` builds call `step` of the cycle from the connection's context (fresh at each cycle);
 * `answered` sees each answer (e.g. to follow a `Link` header to the next page).
 */
export interface SessionScript {
  length: number;
  next(step: number, context: Record<string, unknown>): LoadRequest;
  answered?(
    step: number,
    answer: { status: number; body: string; headers: Record<string, string> },
    context: Record<string, unknown>,
  ): void;
  /** Whether `answered` reads the body of step `step`'s answer (default: every step); else it gets ''. */
  readsBody?(step: number): boolean;
}

/**
 * User + system CPU time of a process so far, in microseconds, from Linux's /proc. Unlike req/s it
 * hardly depends on what else the machine runs, so it compares changes made hours apart.
 */
export function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until the process is (nearly) idle: at most one clock tick (10 ms) of CPU in 100 ms, waiting
 * at most `limitMs`. A timed load then measures its own requests, not work the server does on its own
 * after a start, a restore or a previous load (compiling the contract's validators in the background,
 * decision 0072; a checkpoint; calls still being answered).
 */
export async function settle(pid: number | undefined, limitMs = 10_000): Promise<void> {
  if (pid === undefined) return;
  const windowMs = 100;
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    const before = cpuMicros(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const used = cpuMicros(pid) - before;
    if (!Number.isFinite(used) || used <= 10_000) return;
  }
}

const isScript = (value: LoadOptions['requests']): value is SessionScript =>
  typeof (value as SessionScript).next === 'function';

function autocannonRequests(requests: LoadRequest | SessionScript): autocannon.Request[] {
  if (isScript(requests)) {
    const list = Array.from({ length: requests.length }, (_, step) => ({
      setupRequest: (_request: autocannon.Request, context: Record<string, unknown>) =>
        ({ ...requests.next(step, context) }) as autocannon.Request,
      readsBody: requests.answered !== undefined && (requests.readsBody?.(step) ?? true),
      onResponse: (status: number, body: string, context: Record<string, unknown>, headers?: object) =>
        requests.answered?.(
          step,
          { status, body, headers: (headers ?? {}) as Record<string, string> },
          context,
        ),
    }));
    return list as unknown as autocannon.Request[];
  }
  return [requests] as unknown as autocannon.Request[];
}

export async function load(options: LoadOptions): Promise<Load> {
  const { requests } = options;
  if (Array.isArray(requests)) return loadList(options, requests);
  const single = requests as LoadRequest | SessionScript;
  if (!isScript(single) && single.method === 'HEAD') return loadHead(options, single);
  return loadFor(options, single);
}

/** How long the connections may take to open before the timed window starts anyway. */
const OPENING_LIMIT_S = 10;

/** The answers of a timed window: each one's latency and status, and the socket errors. */
interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
}

const newTally = (): Tally => ({ latencies: [], statuses: {}, errors: 0 });

function count(tally: Tally, status: number, latencyMs: number): void {
  tally.latencies.push(latencyMs);
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
}

/** Where a timed window starts: the time, and the CPU both processes had spent until then. */
interface WindowStart {
  at: number;
  serverMicros: number;
  own: NodeJS.CpuUsage;
}

const windowStart = (pid: number | undefined): WindowStart => ({
  at: performance.now(),
  serverMicros: cpuMicros(pid),
  own: process.cpuUsage(),
});

/** The figures of a window from `start` to `end` (taken at the last answer counted, or just after). */
function windowLoad(options: LoadOptions, tally: Tally, start: WindowStart, end: WindowStart): Load {
  const total = tally.latencies.length;
  const latencies = tally.latencies.sort((a, b) => a - b);
  const ownMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
  return {
    requestsPerSecond: total / Math.max(1e-3, (end.at - start.at) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total,
    failures: unexpectedAnswers(tally.statuses, options.expected) + tally.errors,
    statuses: tally.statuses,
    cpuMicrosPerRequest: (end.serverMicros - start.serverMicros) / Math.max(1, total),
    loadMicrosPerRequest: (ownMicros(end.own) - ownMicros(start.own)) / Math.max(1, total),
  };
}

/**
 * One request, or a session script, repeated for `seconds` by autocannon. Its connections open as the
 * run starts, and the first answer on a connection waits for that (and for the server to accept it
 * among the others): the window starts once every connection has answered, and counts the answers
 * that come from then on, for `seconds`.
 */
async function loadFor(options: LoadOptions, requests: LoadRequest | SessionScript): Promise<Load> {
  const list = autocannonRequests(requests);
  await settle(options.pid);
  const tally = newTally();
  const answeredOnce = new Set<unknown>();
  let start: WindowStart | undefined;
  let end: WindowStart | undefined;
  let opening: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: options.origin,
        connections: options.connections,
        // Stopped once the window is over; this only bounds a run whose window never starts.
        duration: options.seconds + OPENING_LIMIT_S,
        requests: list,
        // A slow answer is measured, not dropped: autocannon's default is 10 s.
        timeout: 30,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    const begin = () => {
      if (start) return;
      clearTimeout(opening);
      start = windowStart(options.pid);
    };
    opening = setTimeout(begin, OPENING_LIMIT_S * 1000);
    run.on('response', (client: unknown, status: number, _bytes: number, latencyMs: number) => {
      if (end) return;
      const now = performance.now();
      if (!start) {
        answeredOnce.add(client);
        if (answeredOnce.size >= options.connections) begin();
        return;
      }
      // autocannon stops on its next one-second tick: the window ends at its time, not then.
      if (now - start.at >= options.seconds * 1000) {
        end = windowStart(options.pid);
        run.stop();
        return;
      }
      // Every answer from then on was asked for on an open connection (each had answered once).
      count(tally, status, latencyMs);
    });
  });
  clearTimeout(opening);
  tally.errors += result.errors + result.timeouts;
  const now = windowStart(options.pid);
  return windowLoad(options, tally, start ?? now, end ?? now);
}

/**
 * A list of requests sent once each (fresh objects), through undici's pool: see `loadPool`. autocannon
 * could not: it opens its connections with the first requests, which then wait for the others' opening
 * (a quarter of a list of 200 at 50 connections).
 */
function loadList(options: LoadOptions, list: readonly LoadRequest[]): Promise<Load> {
  let next = 0;
  return loadPool(options, Math.min(options.connections, list.length), () => {
    next += 1;
    return list[next - 1];
  });
}

/**
 * HEAD requests, which autocannon cannot time (it waits for the body the headers announce): repeated
 * for `seconds` through Node's client (`loadPool`).
 */
function loadHead(options: LoadOptions, head: LoadRequest): Promise<Load> {
  return loadPool(
    options,
    options.connections,
    (start) => (performance.now() - start.at < options.seconds * 1000 ? head : undefined),
    // undici closes a connection after each HEAD (against servers that send a body with one): Node's
    // client keeps it.
    nodeClient,
  );
}

/** Sends one request on a kept-alive connection of at most `connections`, and reads its whole answer. */
interface Client {
  send(request: LoadRequest): Promise<number>;
  close(): Promise<void>;
}

function undiciClient(origin: string, connections: number): Client {
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
    keepAliveTimeout: 60_000,
  });
  return {
    async send(request) {
      const answer = await pool.request({
        method: request.method as Dispatcher.HttpMethod,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
      await answer.body.dump();
      return answer.statusCode;
    },
    close: () => pool.destroy(),
  };
}

function nodeClient(origin: string, connections: number): Client {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return {
    send: (request) =>
      new Promise<number>((resolve, reject) => {
        const call = httpRequest(
          new URL(request.path, origin),
          { method: request.method, headers: request.headers, agent },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        call.on('error', reject);
        call.end(request.body);
      }),
    close: async () => agent.destroy(),
  };
}

/**
 * A closed loop of `connections` kept-alive connections (undici's pool by default), each sending the next
 * request `take` gives until it gives none. The connections are opened first, each with one `opener`
 * answered and not counted; the window starts after.
 */
async function loadPool(
  options: LoadOptions,
  connections: number,
  take: (start: WindowStart) => LoadRequest | undefined,
  client: (origin: string, connections: number) => Client = undiciClient,
): Promise<Load> {
  const open = Math.max(1, connections);
  const { send, close } = client(options.origin, open);
  try {
    await settle(options.pid);
    const opener = options.opener ?? { method: 'GET', path: '/api/v1/health/live', headers: {} };
    await Promise.all(Array.from({ length: open }, () => send(opener)));
    const tally = newTally();
    const start = windowStart(options.pid);
    await Promise.all(
      Array.from({ length: open }, async () => {
        for (let request = take(start); request; request = take(start)) {
          const sent = performance.now();
          try {
            const status = await send(request);
            count(tally, status, performance.now() - sent);
          } catch {
            tally.errors += 1;
          }
        }
      }),
    );
    return windowLoad(options, tally, start, windowStart(options.pid));
  } finally {
    await close();
  }
}

/** How many answers have a status other than the expected ones (by default any 2xx or 3xx). */
function unexpectedAnswers(statuses: Record<string, number>, expected?: readonly number[]): number {
  const good = (status: number) => (expected ? expected.includes(status) : status >= 200 && status < 400);
  return Object.entries(statuses)
    .filter(([status]) => !good(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
