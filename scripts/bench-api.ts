// API benchmark: authenticated GET /api/v1/products (a real session cookie, 50 connections) on the
// reference server, against Stoplight Prism 5 mocking the same openapi.yaml (the stateless mock a
// front-end team would run instead) and a bare Fastify route answering the same JSON (the ceiling).
// Every target runs in its own process; each run measures all three, ratios are per run.
// The portal runs with the Node flags of `npm start` (server/package.json), e.g. its young-generation size.
// Usage: node --import tsx scripts/bench-api.ts [--runs 3] [--seconds 5] [--cpu-prof DIR]
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSession } from '../server/src/auth/sessions.ts';
import { loadConfig } from '../server/src/config.ts';
import { createPrisma } from '../server/src/db/client.ts';
import { createWallClock } from '../server/src/lib/clock.ts';
import { freePort, type Started, startProcess } from './bench/processes.ts';
import { argument, printTable, runsArgument } from './bench/stats.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const path = '/api/v1/products';
const connections = 50;

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** CPU time the server process spent per answered request (NaN where /proc is not readable). */
  cpuMicrosPerRequest: number;
}

/**
 * User + system CPU time of a process so far, in microseconds, from Linux's /proc. Unlike req/s it
 * hardly depends on what else the machine runs, so it compares changes made hours apart.
 */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<Load> {
  const before = cpuMicros(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest: (cpuMicros(pid) - before) / result.requests.total,
  };
}

/**
 * The Node flags `npm start` gives the server (its script in server/package.json), so the server is
 * measured as it runs, e.g. with its larger young generation (--max-semi-space-size, decision 0034).
 */
function serverStartFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'server/package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(' ');
  return words.slice(1, words.indexOf('src/main.ts'));
}

async function startPortal(dataDir: string, cpuProfileDir: string | undefined) {
  const port = await freePort();
  const env = { PORTAL_MODE: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const server = await startProcess(
    process.execPath,
    [...profile, ...serverStartFlags(), join(root, 'server/src/main.ts')],
    { env, readyUrl: `http://127.0.0.1:${port}/api/v1/health`, name: 'reference server', timeoutMs: 120_000 },
  );
  // A real session, made the way sign-in makes it, for the data owner with vehicles and wallboxes.
  const config = loadConfig({ ...process.env, ...env });
  const prisma = createPrisma(config.databaseUrl);
  const owner = await prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
  const { token } = await createSession(
    { prisma, wallClock: createWallClock(), config },
    owner.id,
    'bench-api',
  );
  await prisma.$disconnect();
  return { server, port, cookie: `${config.session.cookieName}=${token}` };
}

async function startPrism(): Promise<{ server: Started; port: number }> {
  const port = await freePort();
  const server = await startProcess(
    'npx',
    [
      '-y',
      '@stoplight/prism-cli@5.16.0',
      'mock',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      join(root, 'openapi.yaml'),
    ],
    {
      readyUrl: `http://127.0.0.1:${port}${path}`,
      headers: { 'x-user-id': 'owner@example.com' },
      name: 'Prism',
      timeoutMs: 300_000,
    },
  );
  return { server, port };
}

async function main(): Promise<void> {
  const runs = runsArgument();
  const seconds = Number(argument('--seconds') ?? 5);
  const cpuProfileDir = argument('--cpu-prof');
  const dir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const stops: Started[] = [];
  try {
    console.log(
      'bench-api: starting the reference server, Prism 5 (npx, first time downloads it) and a bare Fastify route...',
    );
    const [portal, prism] = await Promise.all([startPortal(dir, cpuProfileDir), startPrism()]);
    stops.push(portal.server, prism.server);
    const portalUrl = `http://127.0.0.1:${portal.port}${path}`;
    const sample = await fetch(portalUrl, { headers: { cookie: portal.cookie } });
    if (sample.status !== 200) throw new Error(`reference server answered ${sample.status} to ${path}`);
    // Send back the cookies it set (the simulator's caller id), as a browser would: a client that
    // drops them is a new caller on every request, with a new id and Set-Cookie each time.
    const given = sample.headers.getSetCookie().map((line) => line.split(';')[0]);
    const portalHeaders = { cookie: [portal.cookie, ...given].join('; ') };
    const bodyFile = join(dir, 'products.json');
    await writeFile(bodyFile, await sample.text());
    const barePort = await freePort();
    const bare = await startProcess(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/bench/bare-server.ts'), String(barePort), bodyFile],
      { readyUrl: `http://127.0.0.1:${barePort}${path}`, name: 'bare Fastify route' },
    );
    stops.push(bare);
    const targets = {
      portal: { url: portalUrl, headers: portalHeaders, pid: portal.server.child.pid },
      // Prism checks only that a credential is present; the cookie is sent the same way. Its CPU is
      // not read: npx runs it as a grandchild.
      prism: { url: `http://127.0.0.1:${prism.port}${path}`, headers: portalHeaders, pid: undefined },
      bare: { url: `http://127.0.0.1:${barePort}${path}`, headers: {}, pid: bare.child.pid },
    };
    for (const target of Object.values(targets)) await load(target.url, target.headers, 1); // warm-up
    const results: Record<keyof typeof targets, Load[]> = { portal: [], prism: [], bare: [] };
    for (let run = 1; run <= runs; run += 1) {
      for (const [name, target] of Object.entries(targets) as [
        keyof typeof targets,
        (typeof targets)['portal'],
      ][]) {
        const measured = await load(target.url, target.headers, seconds, target.pid);
        if (measured.failures > 0)
          throw new Error(`${name}: ${measured.failures} failed requests in run ${run}`);
        results[name].push(measured);
      }
      console.log(
        `run ${run}: portal ${results.portal[run - 1]?.requestsPerSecond.toFixed(0)} req/s, ` +
          `Prism ${results.prism[run - 1]?.requestsPerSecond.toFixed(0)} req/s, ` +
          `bare Fastify ${results.bare[run - 1]?.requestsPerSecond.toFixed(0)} req/s`,
      );
    }
    const rps = (name: keyof typeof targets) => results[name].map((r) => r.requestsPerSecond);
    const cpu = (name: keyof typeof targets) => results[name].map((r) => r.cpuMicrosPerRequest);
    const ratio = (other: keyof typeof targets) =>
      results.portal.map(
        (r, i) => r.requestsPerSecond / (results[other][i]?.requestsPerSecond ?? Number.NaN),
      );
    const met = printTable(
      `GET ${path} with a session cookie, ${connections} connections, ${seconds} s per run`,
      [
        {
          figure: 'portal vs Prism 5 (req/s ratio)',
          unit: '×',
          values: ratio('prism'),
          target: '≥ 5',
          meets: (m) => m >= 5,
        },
        {
          figure: 'portal vs bare Fastify route (req/s ratio)',
          unit: '×',
          values: ratio('bare'),
          target: '≥ 0.5',
          meets: (m) => m >= 0.5,
        },
        {
          figure: 'portal p99 latency',
          unit: 'ms',
          values: results.portal.map((r) => r.p99Ms),
          target: '≤ 10',
          meets: (m) => m <= 10,
        },
        { figure: 'portal', unit: 'req/s', values: rps('portal') },
        { figure: 'Prism 5 mock', unit: 'req/s', values: rps('prism') },
        { figure: 'bare Fastify route', unit: 'req/s', values: rps('bare') },
        { figure: 'Prism 5 p99 latency', unit: 'ms', values: results.prism.map((r) => r.p99Ms) },
        { figure: 'portal server CPU per request', unit: 'µs', values: cpu('portal') },
        { figure: 'bare Fastify CPU per request', unit: 'µs', values: cpu('bare') },
      ],
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const started of stops.reverse()) await started.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
