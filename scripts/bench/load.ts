// One timed load against one server: autocannon with 50 connections (by default), for a duration or
// for a fixed number of requests (writes that need a fresh object per request), plus the CPU the
// server process spent per answered request, read from Linux's /proc.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

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

function autocannonRequests(requests: LoadOptions['requests']): {
  list: autocannon.Request[];
  amount?: number;
} {
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
    return { list: list as unknown as autocannon.Request[] };
  }
  if (Array.isArray(requests)) {
    let next = 0;
    const list = [
      {
        setupRequest: () => ({ ...(requests[next++ % requests.length] as LoadRequest) }),
      },
    ];
    return { list: list as unknown as autocannon.Request[], amount: requests.length };
  }
  return { list: [requests as LoadRequest] as unknown as autocannon.Request[] };
}

export async function load(options: LoadOptions): Promise<Load> {
  const single = options.requests as LoadRequest;
  if (!isScript(options.requests) && !Array.isArray(options.requests) && single.method === 'HEAD') {
    return loadHead(options, single);
  }
  const { list, amount } = autocannonRequests(options.requests);
  await settle(options.pid);
  const before = cpuMicros(options.pid);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  // When the last answer came: autocannon ends a run of a fixed number of requests on its next
  // one-second tick, so the time until it resolves would cap such a run at `amount` req/s.
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: options.origin,
        connections: Math.min(options.connections, amount ?? Number.POSITIVE_INFINITY),
        ...(amount === undefined ? { duration: options.seconds } : { amount }),
        requests: list,
        // A slow answer is measured, not dropped: autocannon's default is 10 s.
        timeout: 30,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    run.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const elapsed = (lastAnswer - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = stat?.count ?? 0;
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const unexpected = unexpectedAnswers(statuses, options.expected);
  return {
    // autocannon's own average counts whole seconds; a run of a fixed number of requests is shorter.
    requestsPerSecond: amount === undefined ? result.requests.average : answered / elapsed,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: answered,
    failures: unexpected + result.errors + result.timeouts,
    statuses,
    cpuMicrosPerRequest: (cpuMicros(options.pid) - before) / Math.max(1, answered),
    loadMicrosPerRequest: (own.user + own.system) / Math.max(1, answered),
  };
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

/**
 * HEAD requests, which autocannon cannot time (it waits for the body the headers announce): the same
 * closed loop of `connections` kept-alive connections, through Node's HTTP client.
 */
async function loadHead(options: LoadOptions, head: LoadRequest): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(head.path, options.origin);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  await settle(options.pid);
  const before = cpuMicros(options.pid);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const call = httpRequest(url, { method: 'HEAD', headers: head.headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - sent);
          const status = String(response.statusCode);
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
      });
      call.on('error', () => {
        errors += 1;
        resolve();
      });
      call.end();
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const unexpected = unexpectedAnswers(statuses, options.expected);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total: latencies.length,
    failures: unexpected + errors,
    statuses,
    cpuMicrosPerRequest: (cpuMicros(options.pid) - before) / Math.max(1, latencies.length),
    loadMicrosPerRequest: (own.user + own.system) / Math.max(1, latencies.length),
  };
}
