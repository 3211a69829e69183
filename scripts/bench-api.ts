// API benchmark: every operation of the contract, as a front-end team uses the reference server,
// side by side with Stoplight Prism 5 mocking the same openapi.yaml (the stateless mock the team
// would run instead), in the same run.
//
// - Operations come from the contract: each with its example's request and persona (the conformance
//   kit's plan; the README's persona table), signed in with real session cookies from the sign-in
//   flow. Reads and repeatable writes are sent over and over for `--seconds`; writes that cannot
//   repeat (redeeming a code, decisions and revocations, registrations, uploads, ...) get `--fresh`
//   new objects made through the API before each timed run, one per request. Before each run the
//   shared world is restored to the same snapshot (demo data, signed-in personas), so no operation
//   sees what another one wrote. Operations that cannot be timed are listed with the reason.
// - One row per operation: req/s, p50, p99, ratio to Prism, server CPU per request (from /proc),
//   and for reads the CPU per request of a bare Fastify route answering the same bytes.
// - The mixed workload (scripts/bench/mixed-workload.ts) in the shared world and in a sandbox
//   (`X-Sandbox`), and against Prism.
// - `npm run serve` from process start to the first 200 of /api/v1/health (SANDBOX_PREPARE off).
// Min/median/max over `--runs` (3); each run measures every target back to back, ratios are per run.
//
// The server runs in development mode with the Node flags of `npm start` and two limits raised so one
// persona can repeat a write: EXPORTS_PER_USER (5 downloads waiting) and REDEEM_RATE_LIMIT_MAX (10
// redemptions a minute); the limits are still counted on every request. The simulation clock runs at
// 0.1× so download jobs made by a timed run do not start building exports during later runs.
//
// Usage: node --import tsx scripts/bench-api.ts [--runs 3] [--seconds 3] [--mix-seconds 5]
//   [--fresh 500] [--connections 50] [--only listProducts,createInvitation,mixed,startup]
//   [--warm-seconds 2] [--cpu-prof DIR] [--skip prism]
// --cpu-prof DIR: the server's CPU profile of the first timed run of each operation (and of the mixed
// workload), DIR/<operationId>.cpuprofile; summarise one with scripts/bench/profile-summary.ts, or open
// it in Chrome DevTools or speedscope for the flame graph.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { fillPath } from '@portal/conformance/contract-operations';
import { loadContract } from '@portal/contract/document';
import {
  type BenchOperation,
  benchOperations,
  type PrepareContext,
  preparedOnce,
  toLoadRequest,
} from './bench/api-operations.ts';
import type { RecordedAnswer } from './bench/bare-server.ts';
import { type Browser, createBrowser, signIn } from './bench/browser.ts';
import { connectInspector } from './bench/inspector.ts';
import { type Load, type LoadRequest, load } from './bench/load.ts';
import { mixedScript, prepareMixedSlots } from './bench/mixed-workload.ts';
import { freePort, type Started, serverStart, startProcess } from './bench/processes.ts';
import { argument, type Row as Figure, printTable, runsArgument, spread } from './bench/stats.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const runs = runsArgument();
const seconds = Number(argument('--seconds') ?? 3);
const mixSeconds = Number(argument('--mix-seconds') ?? 5);
// Long enough for V8 to finish compiling the operation's code: `perf` of a 10 s run put two thirds of
// V8's worker threads (29 % of the server's CPU) in TurboFan, and none 18 s in (docs/benchmarks.md, session 20).
const warmSeconds = Number(argument('--warm-seconds') ?? 2);
const freshCount = Number(argument('--fresh') ?? 500);
const connections = Number(argument('--connections') ?? 50);
const only = argument('--only')?.split(',').filter(Boolean);
const skipPrism = argument('--skip')?.split(',').includes('prism') ?? false;
const cpuProfileDir = argument('--cpu-prof');
const wanted = (name: string) => !only || only.includes(name);

/** Targets of issue 23. */
const targets = {
  readRatio: 5,
  readP99: 10,
  writeRatio: 2,
  writeP99: 50,
  mixedRatio: 5,
  mixedP99: 20,
  sandboxRatio: 0.9,
  cpuRatio: 2,
  startSeconds: 1.5,
};

async function startPortal(dataDir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PORTAL_MODE: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    EXPORTS_PER_USER: '1000000000',
    REDEEM_RATE_LIMIT_MAX: '1000000000',
  };
  const inspectPort = cpuProfileDir ? await freePort() : undefined;
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const server = await startProcess(
    process.execPath,
    [...inspect, ...serverStart(root).flags, serverStart(root).entry],
    { env, readyUrl: `${origin}/api/v1/health`, name: 'reference server', timeoutMs: 180_000 },
  );
  return { server, origin, inspector: inspectPort ? await connectInspector(inspectPort) : undefined };
}

async function startPrism(): Promise<{ server: Started; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
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
      readyUrl: `${origin}/api/v1/health`,
      name: 'Prism',
      timeoutMs: 300_000,
    },
  );
  return { server, origin };
}

interface Row {
  operation: BenchOperation;
  portal: Load[];
  prism: Load[];
  bare: Load[];
}

/** What could not be measured in this run, and why: listed in the report instead of ending the run. */
interface Failed {
  name: string;
  reason: string;
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

const median = (values: readonly number[]) => (values.length ? spread(values).median : Number.NaN);
const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-GB', { maximumFractionDigits: digits }) : '-';
const ratioOf = (row: Pick<Row, 'portal' | 'prism'>) =>
  row.portal.map((load, i) => load.requestsPerSecond / (row.prism[i]?.requestsPerSecond ?? Number.NaN));

function table(header: string[], lines: string[][]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const render = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(render(header));
  console.log(render(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(render(line));
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const stops: Started[] = [];
  const failed: Failed[] = [];
  let missed = false;
  const begun = performance.now();
  try {
    console.log('bench-api: starting the reference server and Prism 5 (npx, first time downloads it)...');
    const [portal, prism] = await Promise.all([
      startPortal(dir),
      skipPrism ? Promise.resolve(undefined) : startPrism(),
    ]);
    stops.push(portal.server);
    if (prism) stops.push(prism.server);
    const pid = portal.server.child.pid;
    const contract = loadContract();
    const operations = benchOperations(contract);

    // Personas signed in once through the sign-in flow, kept in the snapshot every run starts from.
    const personas = [
      ...new Set(operations.map((operation) => operation.persona).filter(Boolean)),
    ] as string[];
    const browsers = new Map<string, Browser>();
    for (const persona of personas) browsers.set(persona, await signIn(portal.origin, persona));
    let uniqueCounter = 0;
    const runTag = Date.now().toString(36);
    const shared: PrepareContext = {
      origin: portal.origin,
      headers: {},
      as(persona) {
        const browser = browsers.get(persona);
        if (!browser) throw new Error(`${persona} is not signed in`);
        return browser;
      },
      unique: (prefix) => `${prefix}-${runTag}-${++uniqueCounter}`,
    };
    const admin = shared.as('admin@example.com');
    const adminCall = async (method: string, url: string, body?: unknown) => {
      const answer = await admin.request(method, url, body === undefined ? {} : { json: body });
      if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
      return answer;
    };
    await adminCall('PUT', '/api/v1/sim/clock', { speed: 0.1 });
    await adminCall('POST', '/api/v1/sim/snapshots', { name: 'bench-start' });
    const restore = () => adminCall('POST', '/api/v1/sim/snapshots/bench-start/restore');

    const signedIn = (operation: BenchOperation, origin: string) => {
      const browser = operation.persona ? shared.as(operation.persona) : undefined;
      const request = operation.request ?? { params: {}, query: {}, headers: {} };
      return toLoadRequest(operation.method, operation.path, request, {
        cookie: browser?.cookieHeader(fillPath(operation.path, request.params)),
        persona: operation.persona,
        origin,
      });
    };
    const timed = (operation: BenchOperation) => wanted(operation.operationId) && !operation.untimed;

    // The bare routes answer what the portal answered to each read, byte for byte.
    const reads = operations.filter((operation) => operation.kind === 'read' && timed(operation));
    const recorded: RecordedAnswer[] = [];
    // Reads change nothing: the world is put back once for all of them.
    await restore();
    for (const operation of reads) {
      const request = signedIn(operation, portal.origin);
      const response = await fetch(`${portal.origin}${request.path}`, {
        method: operation.method,
        headers: request.headers,
        redirect: 'manual',
      });
      const body = Buffer.from(await response.arrayBuffer());
      recorded.push({
        method: operation.method,
        url: request.path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        body: body.toString('base64'),
        contentLength: Number(response.headers.get('content-length') ?? body.length),
      });
    }
    let bareOrigin: string | undefined;
    let barePid: number | undefined;
    if (reads.length > 0) {
      const answersFile = join(dir, 'bare-answers.json');
      await writeFile(answersFile, JSON.stringify(recorded));
      const barePort = await freePort();
      bareOrigin = `http://127.0.0.1:${barePort}`;
      const bare = await startProcess(
        process.execPath,
        ['--import', 'tsx', join(root, 'scripts/bench/bare-server.ts'), String(barePort), answersFile],
        { readyUrl: `${bareOrigin}/api/v1/health`, name: 'bare Fastify routes' },
      );
      stops.push(bare);
      barePid = bare.child.pid;
    }

    /** With `--cpu-prof DIR`: the server's CPU profile of the first run of each load, one file each. */
    const profiled = async (name: string, work: () => Promise<Load>): Promise<Load> => {
      if (!portal.inspector || !cpuProfileDir || !name.endsWith('-1')) return work();
      const { result, profile } = await portal.inspector.profile(work);
      await mkdir(cpuProfileDir, { recursive: true });
      await writeFile(join(cpuProfileDir, `${name.slice(0, -2)}.cpuprofile`), JSON.stringify(profile));
      return result;
    };
    const rows: Row[] = [];
    const check = (name: string, target: string, measured: Load, expected: readonly number[]) => {
      if (measured.failures > 0) {
        console.log(
          `  ${name} ${target}: ${measured.failures} of ${measured.total} answers not ${expected.join('/')} (${JSON.stringify(measured.statuses)})`,
        );
      }
    };

    // Reads and writes of the product, then the simulator's own operations.
    const ordered = [
      ...operations.filter((o) => o.phase === 'product'),
      ...operations.filter((o) => o.phase === 'simulator'),
    ].filter(timed);
    // Warm-up: the portal's JIT and caches see every read once before anything is timed.
    for (const operation of reads) {
      const warm = { connections, seconds: warmSeconds, requests: signedIn(operation, portal.origin) };
      await load({ ...warm, origin: portal.origin });
      if (prism) await load({ ...warm, origin: prism.origin });
      if (bareOrigin) await load({ ...warm, origin: bareOrigin });
    }
    // Whether the world may differ from the snapshot (a write ran, or a run stopped half-way).
    let changed = false;
    for (const operation of ordered) {
      const row: Row = { operation, portal: [], prism: [], bare: [] };
      const prepared = preparedOnce[operation.operationId];
      try {
        for (let run = 1; run <= runs; run += 1) {
          if (changed || operation.kind === 'write' || prepared) await restore();
          changed = operation.kind === 'write' || Boolean(prepared);
          let requests: LoadRequest | LoadRequest[];
          if (operation.fresh) {
            // A warm-up on fresh objects of its own, then the timed run on others: the timed requests
            // meet a server in its steady state, not the start of a run.
            const limit = operation.freshMax ?? Number.POSITIVE_INFINITY;
            const warmCount = Math.min(connections, Math.floor(limit / 3));
            const count = Math.min(freshCount, limit - warmCount);
            const made = await operation.fresh(shared, warmCount + count);
            if (warmCount > 0) {
              await load({ connections, seconds, requests: made.slice(0, warmCount), origin: portal.origin });
            }
            requests = made.slice(warmCount);
          } else {
            const extra = prepared ? await prepared(shared) : undefined;
            const base = signedIn(
              extra ? { ...operation, request: mergeSpec(operation, extra) } : operation,
              portal.origin,
            );
            requests = base;
            if (operation.kind === 'write' && run === 1 && !prepared) {
              // Like the reads: the first request of a kind pays the JIT and the query plans (hundreds of
              // ms for a nested create); the timed run meets a warm server, then the same snapshot.
              const warm = { connections, seconds: warmSeconds, requests };
              await load({ ...warm, origin: portal.origin });
              if (prism) await load({ ...warm, origin: prism.origin });
              await restore();
            }
          }
          const options = { connections, seconds, requests, expected: operation.expected };
          const measured = await profiled(`${operation.operationId}-${run}`, () =>
            load({ ...options, origin: portal.origin, pid }),
          );
          check(operation.operationId, 'portal', measured, operation.expected);
          row.portal.push(measured);
          if (operation.kind === 'write') {
            // Calls still in flight when the load stopped land before the data is put back.
            await sleep(250);
            await restore();
          }
          if (prism) {
            const fromPrism = await load({ ...options, origin: prism.origin, expected: undefined });
            check(operation.operationId, 'Prism', fromPrism, [200]);
            row.prism.push(fromPrism);
          }
          if (operation.kind === 'read' && bareOrigin) {
            row.bare.push(await load({ ...options, origin: bareOrigin, pid: barePid }));
          }
        }
      } catch (error) {
        changed = true;
        failed.push({ name: operation.operationId, reason: reasonOf(error) });
        console.log(`${operation.operationId}: not measured: ${reasonOf(error)}`);
        continue;
      }
      rows.push(row);
      const last = row.portal[row.portal.length - 1];
      console.log(
        `${operation.operationId}: portal ${fmt(median(row.portal.map((l) => l.requestsPerSecond)))} req/s, p99 ${fmt(median(row.portal.map((l) => l.p99Ms)))} ms, ${fmt(median(row.portal.map((l) => l.cpuMicrosPerRequest)))} µs CPU/request, ${fmt(median(row.portal.map((l) => l.total)))} requests, load generator ${fmt(median(row.portal.map((l) => l.loadMicrosPerRequest)))} µs/request` +
          (prism ? `, Prism ${fmt(median(row.prism.map((l) => l.requestsPerSecond)))} req/s` : '') +
          (last && last.failures > 0 ? ` (${last.failures} unexpected answers)` : ''),
      );
    }

    // The mixed workload: shared world, the same in a sandbox, and Prism, back to back per run.
    const mixed: { shared: Load[]; sandbox: Load[]; prism: Load[] } = { shared: [], sandbox: [], prism: [] };
    if (wanted('mixed')) {
      try {
        await restore();
        const perRole = connections;
        const sharedSlots = await prepareMixedSlots(shared, perRole);
        await adminCall('POST', '/api/v1/sim/snapshots', { name: 'bench-mixed' });
        // A sandbox of the demo scenario, signed in and prepared the same way.
        // Made by a browser of its own: the sandbox cookie it sets must not follow the admin's calls.
        const created = await createBrowser(portal.origin).request('POST', '/api/v1/sim/sandboxes', {
          json: { scenario: 'demo' },
        });
        if (created.status !== 201) throw new Error(`sandbox: ${created.status} ${created.text}`);
        const sandboxId = (JSON.parse(created.text) as { id: string }).id;
        const inSandbox = { 'x-sandbox': sandboxId };
        const sandboxBrowsers = new Map<string, Browser>();
        for (const persona of personas)
          sandboxBrowsers.set(persona, await signIn(portal.origin, persona, inSandbox));
        const sandbox: PrepareContext = {
          ...shared,
          headers: inSandbox,
          as(persona) {
            const browser = sandboxBrowsers.get(persona);
            if (!browser) throw new Error(`${persona} is not signed in in the sandbox`);
            return browser;
          },
        };
        const sandboxAdmin = sandbox.as('admin@example.com');
        const inSandboxCall = async (method: string, url: string, body?: unknown) => {
          const answer = await sandboxAdmin.request(method, url, body === undefined ? {} : { json: body });
          if (answer.status >= 300)
            throw new Error(`${method} ${url} in the sandbox: ${answer.status} ${answer.text}`);
        };
        await inSandboxCall('PUT', '/api/v1/sim/clock', { speed: 0.1 });
        const sandboxSlots = await prepareMixedSlots(sandbox, perRole);
        await inSandboxCall('POST', '/api/v1/sim/snapshots', { name: 'bench-mixed' });
        for (let run = 1; run <= runs; run += 1) {
          await adminCall('POST', '/api/v1/sim/snapshots/bench-mixed/restore');
          const one = (
            slots: typeof sharedSlots,
            origin: string,
            headers: Record<string, string>,
            cpuOf?: number,
          ) =>
            load({
              origin,
              connections,
              seconds: mixSeconds,
              requests: mixedScript(slots, origin, headers),
              pid: cpuOf,
            });
          const sharedRun = await profiled(`mixed-${run}`, () => one(sharedSlots, portal.origin, {}, pid));
          check('mixed', 'portal', sharedRun, []);
          mixed.shared.push(sharedRun);
          await inSandboxCall('POST', '/api/v1/sim/snapshots/bench-mixed/restore');
          const sandboxRun = await profiled(`mixed-sandbox-${run}`, () =>
            one(sandboxSlots, portal.origin, inSandbox, pid),
          );
          check('mixed', 'sandbox', sandboxRun, []);
          mixed.sandbox.push(sandboxRun);
          if (prism) mixed.prism.push(await one(sharedSlots, prism.origin, {}));
          console.log(
            `mixed run ${run}: shared ${fmt(sharedRun.requestsPerSecond)} req/s, sandbox ${fmt(sandboxRun.requestsPerSecond)} req/s` +
              (prism ? `, Prism ${fmt(mixed.prism[run - 1]?.requestsPerSecond ?? Number.NaN)} req/s` : ''),
          );
        }
      } catch (error) {
        failed.push({ name: 'mixed', reason: reasonOf(error) });
        console.log(`mixed: not measured: ${reasonOf(error)}`);
      }
      await restore();
    }

    // Simulator operations that change the clock or wipe the sessions run last of all.
    const lastOnes = ['setSimulationClock', 'resetSimulation', 'advanceSimulationClock']
      .map((id) => operations.find((o) => o.operationId === id))
      .filter((o): o is BenchOperation => Boolean(o && timed(o)));
    for (const operation of lastOnes) {
      const row: Row = { operation, portal: [], prism: [], bare: [] };
      try {
        for (let run = 1; run <= runs; run += 1) {
          const requests = signedIn(operation, portal.origin);
          const options = { connections, seconds, requests, expected: operation.expected };
          const measured = await load({ ...options, origin: portal.origin, pid });
          check(operation.operationId, 'portal', measured, operation.expected);
          row.portal.push(measured);
          if (prism) row.prism.push(await load({ ...options, origin: prism.origin, expected: undefined }));
        }
        rows.push(row);
      } catch (error) {
        failed.push({ name: operation.operationId, reason: reasonOf(error) });
        console.log(`${operation.operationId}: not measured: ${reasonOf(error)}`);
      }
    }

    portal.inspector?.close();
    for (const started of stops.splice(0).reverse()) await started.stop();

    // `npm run serve` from process start to the first 200 of /api/v1/health.
    const startSeconds: number[] = [];
    if (wanted('startup')) {
      try {
        startSeconds.push(...(await measureStart(dir)));
      } catch (error) {
        failed.push({ name: 'startup', reason: reasonOf(error) });
      }
    }

    missed = !report(rows, mixed, startSeconds, Boolean(prism), operations, failed);
    console.log(`\nbench-api took ${((performance.now() - begun) / 60_000).toFixed(1)} minutes.`);
  } finally {
    for (const started of stops.reverse()) await started.stop();
    await rm(dir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

function mergeSpec(operation: BenchOperation, extra: Partial<NonNullable<BenchOperation['request']>>) {
  const base = operation.request ?? { params: {}, query: {}, headers: {} };
  return { ...base, params: { ...base.params, ...extra.params } };
}

/** Starts `npm run serve` on a seeded data folder `runs` times; seconds until health answers 200. */
async function measureStart(dataDir: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    // A port of its own per start: an answer can only come from the server this run started.
    const port = await freePort();
    const env = {
      PORTAL_MODE: 'demo',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PREPARE: '0',
    };
    const started = performance.now();
    const server = await startProcess('npm', ['run', 'serve'], {
      env,
      readyUrl: `http://127.0.0.1:${port}/api/v1/health`,
      name: 'npm run serve',
      timeoutMs: 120_000,
      pollMs: 5,
      readyStatus: 200,
    });
    const elapsed = (performance.now() - started) / 1000;
    await server.stop();
    // The first start may migrate or seed the folder; the runs measured start a set-up checkout.
    if (run > 0) times.push(elapsed);
    console.log(`npm run serve start ${run === 0 ? '(warm-up)' : run}: ${elapsed.toFixed(2)} s`);
  }
  return times;
}

function report(
  rows: Row[],
  mixed: { shared: Load[]; sandbox: Load[]; prism: Load[] },
  startSeconds: number[],
  withPrism: boolean,
  operations: BenchOperation[],
  failed: readonly Failed[],
): boolean {
  let allMet = failed.length === 0;
  console.log(
    `\nEvery operation, ${connections} connections; reads and repeatable writes ${seconds} s per run, fresh-object writes ${freshCount} requests per run after a warm-up on ${connections} others (median of ${runs} runs; ratio min–median–max; "requests": the answers one run counts)`,
  );
  const lines = rows.map((row) => {
    const read = row.operation.kind === 'read';
    const ratios = withPrism ? ratioOf(row) : [];
    const ratio = ratios.length ? spread(ratios) : undefined;
    const p99 = median(row.portal.map((l) => l.p99Ms));
    const ratioTarget = read ? targets.readRatio : targets.writeRatio;
    const p99Target = read ? targets.readP99 : targets.writeP99;
    const failures = row.portal.reduce((sum, l) => sum + l.failures, 0);
    const prismStatuses = [...new Set(row.prism.flatMap((l) => Object.keys(l.statuses)))].filter(
      (status) => !/^[23]/.test(status),
    );
    const met = (ratio ? ratio.median >= ratioTarget : true) && p99 <= p99Target && failures === 0;
    if (!met) allMet = false;
    return [
      row.operation.operationId,
      row.operation.persona?.replace('@example.com', '') ?? '-',
      row.operation.fresh ? 'write, fresh' : row.operation.kind,
      fmt(median(row.portal.map((l) => l.total))),
      fmt(median(row.portal.map((l) => l.requestsPerSecond))),
      fmt(median(row.portal.map((l) => l.p50Ms)), 1),
      fmt(p99, 1),
      withPrism ? fmt(median(row.prism.map((l) => l.requestsPerSecond))) : '-',
      ratio ? `${ratio.min.toFixed(1)}–${ratio.median.toFixed(1)}–${ratio.max.toFixed(1)}×` : '-',
      fmt(median(row.portal.map((l) => l.cpuMicrosPerRequest))),
      read ? fmt(median(row.bare.map((l) => l.cpuMicrosPerRequest))) : '',
      `≥ ${ratioTarget}×, ≤ ${p99Target} ms`,
      (met ? 'ok' : 'MISSED') +
        (failures ? ` (${failures} unexpected answers)` : '') +
        (prismStatuses.length ? ` (Prism answered ${prismStatuses.join(', ')})` : ''),
    ];
  });
  table(
    [
      'operation',
      'persona',
      'kind',
      'requests',
      'req/s',
      'p50 ms',
      'p99 ms',
      'Prism req/s',
      'vs Prism',
      'CPU µs/req',
      'bare µs/req',
      'target',
      '',
    ],
    lines,
  );
  const notTimed = operations.filter((operation) => operation.untimed);
  if (notTimed.length) {
    console.log('\nNot timed:');
    for (const operation of notTimed) console.log(`- ${operation.operationId}: ${operation.untimed}`);
  }
  if (failed.length) {
    console.log('\nNot measured in this run (the run went on without them):');
    for (const { name, reason } of failed) console.log(`- ${name}: ${reason}`);
  }

  const summary: Figure[] = [];
  const readRows = rows.filter((row) => row.operation.kind === 'read' && row.bare.length > 0);
  if (readRows.length > 0) {
    // Per run: the median over all reads of the portal's CPU per request, over the bare routes'.
    const perRun = (pick: (row: Row) => Load[]) =>
      Array.from({ length: runs }, (_, run) =>
        median(readRows.map((row) => pick(row)[run]?.cpuMicrosPerRequest ?? Number.NaN)),
      );
    const portalCpu = perRun((row) => row.portal);
    const bareCpu = perRun((row) => row.bare);
    summary.push(
      {
        figure: 'GET median server CPU per request vs bare Fastify routes',
        unit: '×',
        values: portalCpu.map((value, i) => value / (bareCpu[i] ?? Number.NaN)),
        target: `≤ ${targets.cpuRatio}`,
        meets: (m) => m <= targets.cpuRatio,
      },
      { figure: 'GET median server CPU per request, portal', unit: 'µs', values: portalCpu },
      { figure: 'GET median server CPU per request, bare routes', unit: 'µs', values: bareCpu },
    );
  }
  if (mixed.shared.length > 0) {
    if (withPrism) {
      summary.push({
        figure: 'mixed workload vs Prism 5 (req/s ratio)',
        unit: '×',
        values: ratioOf({ portal: mixed.shared, prism: mixed.prism }),
        target: `≥ ${targets.mixedRatio}`,
        meets: (m) => m >= targets.mixedRatio,
      });
    }
    summary.push(
      {
        figure: 'mixed workload p99 latency',
        unit: 'ms',
        values: mixed.shared.map((l) => l.p99Ms),
        target: `≤ ${targets.mixedP99}`,
        meets: (m) => m <= targets.mixedP99,
      },
      {
        figure: 'mixed workload in a sandbox vs shared world (req/s ratio)',
        unit: '×',
        values: mixed.sandbox.map(
          (l, i) => l.requestsPerSecond / (mixed.shared[i]?.requestsPerSecond ?? Number.NaN),
        ),
        target: `≥ ${targets.sandboxRatio}`,
        meets: (m) => m >= targets.sandboxRatio,
      },
      // The plain figures: what of each load of the shared world or of the sandbox.
      ...(
        [
          ['mixed workload, shared world', 'req/s', mixed.shared, (l) => l.requestsPerSecond],
          ['mixed workload, sandbox', 'req/s', mixed.sandbox, (l) => l.requestsPerSecond],
          ['mixed workload, sandbox p99 latency', 'ms', mixed.sandbox, (l) => l.p99Ms],
          ['mixed workload, server CPU per request', 'µs', mixed.shared, (l) => l.cpuMicrosPerRequest],
          [
            'mixed workload, load generator CPU per request',
            'µs',
            mixed.shared,
            (l) => l.loadMicrosPerRequest,
          ],
        ] satisfies [string, string, Load[], (load: Load) => number][]
      ).map(([figure, unit, loads, pick]) => ({ figure, unit, values: loads.map(pick) })),
      {
        figure: 'mixed workload, unexpected answers (shared, sandbox)',
        unit: 'n',
        values: mixed.shared.map((l, i) => l.failures + (mixed.sandbox[i]?.failures ?? 0)),
        target: '0',
        meets: (m) => m === 0,
      },
    );
    if (withPrism) {
      summary.push({
        figure: 'mixed workload, Prism 5',
        unit: 'req/s',
        values: mixed.prism.map((l) => l.requestsPerSecond),
      });
    }
  }
  if (startSeconds.length > 0) {
    summary.push({
      figure: '`npm run serve` start to first 200 of /api/v1/health',
      unit: 's',
      values: startSeconds,
      target: `≤ ${targets.startSeconds}`,
      meets: (m) => m <= targets.startSeconds,
    });
  }
  if (summary.length > 0 && !printTable('Whole-API figures', summary)) allMet = false;
  return allMet;
}

await main();
