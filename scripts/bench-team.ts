// Team-mode benchmark (issue 24): the reference server on PostgreSQL against the same server on SQLite,
// in one run on one machine. Figures:
// - every listed GET operation on PostgreSQL vs SQLite (req/s ratio, target ≥ 0.5×) and PostgreSQL's p99
//   at 50 connections (target ≤ 15 ms), each with its persona's real session cookie;
// - two instances vs one on PostgreSQL: server CPU per request (target ≤ 1.1×), the same load split over
//   two processes on one database; beside it the same split over two SQLite servers, each on a file of its
//   own (nothing shared, no barrier): what splitting a load over two processes costs on this machine alone;
//   each side's CPU µs per request and requests per second are printed beside the ratio;
// - `large-fleet` loaded into PostgreSQL with `npm run db:seed` (target ≤ 30 s);
// - sandbox creation on PostgreSQL with 200 alive (p50 ≤ 150 ms, p99 ≤ 400 ms), and the server RSS each
//   sandbox it made added (its handle: a Prisma client, a pool, the world).
// PostgreSQL is a throwaway server of the benchmark's own (server/scripts/postgres-cluster.ts).
// Usage: node --import tsx scripts/bench-team.ts [--runs 3] [--seconds 3] [--only reads,instances,fleet,sandboxes]
//   [--reads listProducts,getCurrentUser] [--cpu-prof DIR] [--alive 200] [--creations 100] [--keep-log FILE]
// --only: the parts to measure (default all); --reads: the GET operations (default every representative read);
// --cpu-prof DIR: V8 CPU profiles of the PostgreSQL servers, taken over the inspector while a timed load
// runs (the first run of each): `read-<operation>.cpuprofile` for each GET, `instances-one.cpuprofile`
// for listProducts on one instance, `instances-two-a` / `instances-two-b` for the same load split over two
// (summarise one with scripts/bench/profile-summary.ts FILE --top 30); --keep-log FILE: the sandbox
// server's log (each creation's 'sandbox created' line says where its database came from and its steps' times).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from '../server/scripts/postgres-cluster.ts';
import { createSession } from '../server/src/auth/sessions.ts';
import { loadConfig } from '../server/src/config.ts';
import { createPrisma } from '../server/src/db/client.ts';
import { createWallClock } from '../server/src/lib/clock.ts';
import { connectInspector, type Inspector } from './bench/inspector.ts';
import { load as timedLoad } from './bench/load.ts';
import { freePort, type Started, serverStart, startProcess } from './bench/processes.ts';
import { representativeReads } from './bench/reads.ts';
import { argument, printTable, type Row, runsArgument } from './bench/stats.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const connections = 50;

const parts = new Set((argument('--only') ?? 'reads,instances,fleet,sandboxes').split(','));
const readIds = argument('--reads')?.split(',');
const operations = representativeReads.filter((read) => !readIds || readIds.includes(read.id));
const cpuProfileDir = argument('--cpu-prof');

interface Portal {
  server: Started;
  url: string;
  cookies: Record<string, string>;
  /** The server's log (its standard output), kept for a failed run. */
  logFile: string;
  /** With `--cpu-prof`: the PostgreSQL server's inspector, to profile a load. */
  inspector?: Inspector;
}

let portals = 0;

async function startPortal(env: Record<string, string>, dir: string): Promise<Portal> {
  const port = await freePort();
  portals += 1;
  const logFile = join(dir, `server-${portals}.log`);
  const full = {
    PORTAL_MODE: 'development',
    SANDBOX_PREPARE: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
  // Profiles are taken over the inspector while a load runs, not with `--cpu-prof` at exit: a stop that
  // ends in SIGKILL, or a profile of the whole life too large to write in time, left none.
  const inspectPort = cpuProfileDir && env.DATABASE_URL ? await freePort() : undefined;
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const { flags, entry } = serverStart(root);
  const server = await startProcess(process.execPath, [...inspect, ...flags, entry], {
    logFile,
    env: full,
    readyUrl: `http://127.0.0.1:${port}/api/v1/health`,
    name: `reference server (${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
    timeoutMs: 180_000,
  });
  const config = loadConfig({ ...process.env, ...full });
  const prisma = createPrisma(config.databaseUrl);
  const cookies: Record<string, string> = {};
  try {
    for (const email of new Set(operations.map((operation) => operation.persona))) {
      const user = await prisma.user.findUniqueOrThrow({ where: { email } });
      const { token } = await createSession(
        { prisma, wallClock: createWallClock(), config },
        user.id,
        'bench-team',
      );
      cookies[email] = `${config.session.cookieName}=${token}`;
    }
  } finally {
    await prisma.$disconnect();
  }
  const inspector = inspectPort ? await connectInspector(inspectPort) : undefined;
  return { server, url: `http://127.0.0.1:${port}`, cookies, logFile, inspector };
}

/** Runs `work` with the portal's profiler on when `--cpu-prof` is set, writing `name.cpuprofile`. */
async function profiled<T>(portal: Portal, name: string, work: () => Promise<T>): Promise<T> {
  if (!portal.inspector || !cpuProfileDir) return work();
  const { result, profile } = await portal.inspector.profile(work);
  await mkdir(cpuProfileDir, { recursive: true });
  await writeFile(join(cpuProfileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  return result;
}

interface Load {
  rps: number;
  p99: number;
  requests: number;
  cpu: number;
}

/** `operation` repeated on `portal` for `seconds`, timed as every load of the benchmarks (decision 0177). */
async function load(
  portal: Portal,
  operation: (typeof operations)[number],
  seconds: number,
  clients = connections,
) {
  const measured = await timedLoad({
    origin: portal.url,
    connections: clients,
    seconds,
    requests: {
      method: 'GET',
      path: operation.path,
      headers: { cookie: portal.cookies[operation.persona] ?? '' },
    },
    pid: portal.server.child.pid,
  });
  if (measured.failures > 0) throw new Error(`${operation.id}: ${measured.failures} failed requests`);
  return {
    rps: measured.requestsPerSecond,
    p99: measured.p99Ms,
    requests: measured.total,
    cpu: measured.cpuMicrosPerRequest * measured.total,
  } satisfies Load;
}

/** A process's resident memory (MB), 0 when it is gone. */
const rssMb = async (pid: number | undefined) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const percentile = (values: readonly number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
};

/**
 * The server log's account of the creations from `bench-{from}` on ('sandbox created': where its
 * database came from and how long that took): how many took a spare ready, the waits of those that
 * waited for a copy under way, and how many copied the template.
 */
async function creationSteps(logFile: string, from: number) {
  const counted = { ready: 0, awaited: [] as number[], copied: 0 };
  for (const line of (await readFile(logFile, 'utf8').catch(() => '')).split('\n')) {
    if (!line.includes('"sandbox created"')) continue;
    const entry = JSON.parse(line) as { sandbox?: string; spare?: string; waitedMs?: number };
    if (Number(/^bench-(\d+)$/.exec(entry.sandbox ?? '')?.[1] ?? -1) < from) continue;
    if (entry.spare === 'ready') counted.ready += 1;
    else if (entry.spare === 'awaited') counted.awaited.push(entry.waitedMs ?? 0);
    else if (entry.spare === 'copied') counted.copied += 1;
  }
  return counted;
}

/** The sandbox part's `SANDBOX_MAX`: every sandbox it makes stays alive. */
const sandboxMax = () => Number(argument('--alive') ?? 200) + Number(argument('--creations') ?? 100) + 10;

/**
 * Sandbox creation on PostgreSQL with `--alive` (200) sandboxes alive: `POST /api/v1/sim/sandboxes` one
 * after another on one instance (test mode, its template prepared at start as in development), the
 * first `--alive` to fill the team, then `--creations` (100) more, whose p50 and p99 are the figures.
 */
async function sandboxCreation(databaseUrl: string, dir: string): Promise<boolean> {
  const alive = Number(argument('--alive') ?? 200);
  const creations = Number(argument('--creations') ?? 100);
  const portal = await startPortal(
    {
      PORTAL_MODE: 'test',
      // Its log is printed when a creation or removal fails.
      LOG_LEVEL: 'info',
      SANDBOX_PREPARE: 'true',
      SANDBOX_MAX: String(sandboxMax()),
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'sandboxes'),
    },
    dir,
  );
  try {
    const create = async (index: number) => {
      const started = performance.now();
      const response = await fetch(`${portal.url}/api/v1/sim/sandboxes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: `bench-${index}`, scenario: 'demo' }),
      });
      if (response.status !== 201)
        throw new Error(`sandbox ${index}: ${response.status} ${await response.text().catch(() => '')}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const rssBefore = await rssMb(portal.server.child.pid);
    const filling: number[] = [];
    for (let index = 0; index < alive; index += 1) filling.push(await create(index));
    const timed: number[] = [];
    for (let index = alive; index < alive + creations; index += 1) timed.push(await create(index));
    const steps = await creationSteps(portal.logFile, alive);
    // The server's log kept for a closer look at the creations' steps (the run's folder is removed).
    const keptLog = argument('--keep-log');
    if (keptLog) await writeFile(keptLog, await readFile(portal.logFile));
    // What the instance's handles on the sandboxes it made weigh (each a Prisma client, pool and world).
    const rssPerSandbox = ((await rssMb(portal.server.child.pid)) - rssBefore) / (alive + creations);
    // Leaving answers before the database is dropped (in the background, one at a time).
    const removals: number[] = [];
    for (let index = 0; index < Math.min(creations, alive); index += 1) {
      const started = performance.now();
      const response = await fetch(`${portal.url}/api/v1/sim/sandbox`, {
        method: 'DELETE',
        headers: { 'x-sandbox': `bench-${index}` },
      });
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`sandbox ${index} removal: ${response.status}`);
      removals.push(performance.now() - started);
    }
    return printTable(`sandbox creation on PostgreSQL, one instance (${creations} creations)`, [
      { figure: `p50 while filling 0 → ${alive}`, unit: 'ms', values: [percentile(filling, 0.5)] },
      {
        figure: `p50 with ${alive} alive`,
        unit: 'ms',
        values: [percentile(timed, 0.5)],
        target: '≤ 150',
        meets: (m) => m <= 150,
      },
      {
        figure: `p99 with ${alive} alive`,
        unit: 'ms',
        values: [percentile(timed, 0.99)],
        target: '≤ 400',
        meets: (m) => m <= 400,
      },
      // Where the timed creations' database came from (the server's log): a copy's wait is the tail.
      { figure: 'timed creations that took a spare ready', unit: 'n', values: [steps.ready] },
      { figure: 'timed creations that waited for a copy', unit: 'n', values: [steps.awaited.length] },
      { figure: 'their wait for the copy, max', unit: 'ms', values: [Math.max(0, ...steps.awaited)] },
      { figure: 'timed creations that copied the template', unit: 'n', values: [steps.copied] },
      { figure: 'p50 removal (DELETE /sim/sandbox)', unit: 'ms', values: [percentile(removals, 0.5)] },
      { figure: 'p99 removal', unit: 'ms', values: [percentile(removals, 0.99)] },
      { figure: 'server RSS added per sandbox made', unit: 'MB', values: [rssPerSandbox] },
    ]);
  } catch (error) {
    // The server's own account of the failure (the run's folder is removed at the end).
    const log = await readFile(portal.logFile, 'utf8').catch(() => '');
    console.error(
      `bench-team: the sandbox server's log, last lines:\n${log.split('\n').slice(-40).join('\n')}`,
    );
    throw error;
  } finally {
    portal.inspector?.close();
    await portal.server.stop();
  }
}

async function main(): Promise<void> {
  const runs = runsArgument();
  const seconds = Number(argument('--seconds') ?? 3);
  const dir = await mkdtemp(join(tmpdir(), 'bench-team-'));
  const cluster = await startPostgres({
    // Inside BENCH_PORTS when set, like the servers.
    port: await freePort(),
    // Each sandbox an instance serves holds a listening connection and up to a small pool: sized as
    // docs/deployment.md says (4 per sandbox the sandbox part's SANDBOX_MAX allows, and the instance's own).
    settings: {
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      max_connections: String(Math.max(1000, 4 * sandboxMax() + 200)),
    },
  });
  const stops: Started[] = [];
  const inspectors: Array<Inspector | undefined> = [];
  let met = true;
  try {
    console.log('bench-team: a throwaway PostgreSQL, the server on SQLite, two servers on PostgreSQL...');
    const teamEnv = { DATABASE_URL: cluster.url('bench_team'), DATA_DIR: join(dir, 'team') };
    const sqlite = await startPortal({ DATA_DIR: join(dir, 'sqlite') }, dir);
    stops.push(sqlite.server);
    // The split's reference: a second SQLite server on a file of its own (shares nothing with the first).
    const sqliteTwin = parts.has('instances')
      ? await startPortal({ DATA_DIR: join(dir, 'sqlite-twin') }, dir)
      : undefined;
    if (sqliteTwin) stops.push(sqliteTwin.server);
    const first = await startPortal(teamEnv, dir);
    stops.push(first.server);
    inspectors.push(first.inspector);
    const second = await startPortal(teamEnv, dir);
    stops.push(second.server);
    inspectors.push(second.inspector);

    const rows: Row[] = [];
    for (const operation of parts.has('reads') ? operations : []) {
      await load(sqlite, operation, 1);
      await load(first, operation, 1);
      const ratios: number[] = [];
      const p99s: number[] = [];
      const sqliteP99s: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const onSqlite = await load(sqlite, operation, seconds);
        sqliteP99s.push(onSqlite.p99);
        const onPostgres = await (run === 0
          ? profiled(first, `read-${operation.id}`, () => load(first, operation, seconds))
          : load(first, operation, seconds));
        ratios.push(onPostgres.rps / onSqlite.rps);
        p99s.push(onPostgres.p99);
      }
      rows.push(
        {
          figure: `${operation.id}: PostgreSQL vs SQLite`,
          unit: '×',
          values: ratios,
          target: '≥ 0.5',
          meets: (m) => m >= 0.5,
        },
        {
          figure: `${operation.id}: PostgreSQL p99`,
          unit: 'ms',
          values: p99s,
          target: '≤ 15',
          meets: (m) => m <= 15,
        },
        // The same load's tail on SQLite: how much of PostgreSQL's is the machine's.
        { figure: `${operation.id}: SQLite p99 (reference)`, unit: 'ms', values: sqliteP99s },
      );
    }
    if (rows.length > 0)
      met = printTable(`GET operations, ${connections} connections, ${seconds} s per run`, rows) && met;

    // The same load on one instance, then split over two on the same database.
    const products = representativeReads.find((operation) => operation.id === 'listProducts');
    if (!products) throw new Error('listProducts is missing from the representative reads');
    const perRequest: number[] = [];
    const splitOnSqlite: number[] = [];
    // What the ratio is made of: each side's CPU per request and requests per second (they move together
    // with the machine's load far more than the ratio does; docs/benchmarks.md, session 22).
    const oneMicros: number[] = [];
    const twoMicros: number[] = [];
    const oneRps: number[] = [];
    const twoRps: number[] = [];
    if (parts.has('instances')) {
      // Both warmed alike (compiled code, prepared statements, the contract's schemas), as in service.
      for (const portal of [first, second, sqlite, ...(sqliteTwin ? [sqliteTwin] : [])])
        await load(portal, products, seconds);
    }
    for (let run = 0; run < (parts.has('instances') ? runs : 0); run += 1) {
      const alone = await (run === 0
        ? profiled(first, 'instances-one', () => load(first, products, seconds))
        : load(first, products, seconds));
      const half = (portal: Portal) => () => load(portal, products, seconds, connections / 2);
      const [a, b] = await Promise.all(
        run === 0
          ? [
              profiled(first, 'instances-two-a', half(first)),
              profiled(second, 'instances-two-b', half(second)),
            ]
          : [half(first)(), half(second)()],
      );
      perRequest.push((a.cpu + b.cpu) / (a.requests + b.requests) / (alone.cpu / alone.requests));
      oneMicros.push(alone.cpu / alone.requests);
      twoMicros.push((a.cpu + b.cpu) / (a.requests + b.requests));
      oneRps.push(alone.requests / seconds);
      twoRps.push((a.requests + b.requests) / seconds);
      if (sqliteTwin) {
        // The same measure on two SQLite servers that share nothing, right after (same machine load).
        const single = await load(sqlite, products, seconds);
        const [c, d] = await Promise.all([
          load(sqlite, products, seconds, connections / 2),
          load(sqliteTwin, products, seconds, connections / 2),
        ]);
        splitOnSqlite.push((c.cpu + d.cpu) / (c.requests + d.requests) / (single.cpu / single.requests));
      }
    }
    if (perRequest.length > 0)
      met =
        printTable('two instances vs one on PostgreSQL (listProducts)', [
          {
            figure: 'server CPU per request, two instances vs one',
            unit: '×',
            values: perRequest,
            target: '≤ 1.1',
            meets: (m) => m <= 1.1,
          },
          { figure: 'server CPU per request, one instance', unit: 'µs', values: oneMicros },
          { figure: 'server CPU per request, two instances', unit: 'µs', values: twoMicros },
          { figure: 'requests per second, one instance', unit: '/s', values: oneRps },
          { figure: 'requests per second, two instances together', unit: '/s', values: twoRps },
          // No target: the split's own cost (two processes sharing nothing), to read the row above by.
          {
            figure: 'reference: two SQLite servers vs one, nothing shared',
            unit: '×',
            values: splitOnSqlite,
          },
        ]) && met;

    const seedSeconds: number[] = [];
    for (let run = 0; run < (parts.has('fleet') ? Math.min(runs, 2) : 0); run += 1) {
      const started = performance.now();
      const seeded = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          join(root, 'server/scripts/migrate.ts'),
          'seed',
          cluster.url(`bench_fleet_${run}`),
          join(dir, `fleet-${run}`),
          '--scenario',
          'large-fleet',
        ],
        { stdio: 'inherit' },
      );
      if (seeded.status !== 0)
        throw new Error('npm run db:seed -- --scenario large-fleet failed on PostgreSQL');
      seedSeconds.push((performance.now() - started) / 1000);
    }
    if (seedSeconds.length > 0)
      met =
        printTable('large-fleet loaded into PostgreSQL (db:seed, process start to end)', [
          { figure: 'load time', unit: 's', values: seedSeconds, target: '≤ 30', meets: (m) => m <= 30 },
        ]) && met;
    if (parts.has('sandboxes')) met = (await sandboxCreation(cluster.url('bench_sandboxes'), dir)) && met;
  } finally {
    for (const inspector of inspectors) inspector?.close();
    for (const started of stops.reverse()) await started.stop();
    await cluster.remove();
    await rm(dir, { recursive: true, force: true });
  }
  if (!met) process.exitCode = 1;
}

await main();
