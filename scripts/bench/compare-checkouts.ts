// Two checkouts of the server measured side by side in one run (e.g. the commits before and after a
// change), so that whatever else loads the machine weighs on both alike. Each is started as `npm
// start` starts it (development mode, a fresh data folder with the demo scenario), the same personas
// are signed in to each through the sign-in flow, then every load is sent to one checkout and then
// the other, alternating which goes first, for `--rounds` rounds. Prints per load the requests per
// second and the server's CPU time per request of each, and the ratio after / before of each round
// (min, median, max): a ratio ≥ 1 for req/s and ≤ 1 for CPU means no slow-down.
//
// Each checkout needs its own `npm install` (the workspace packages are linked inside it):
//   git worktree add --detach /tmp/before <commit>^1 && (cd /tmp/before && npm install)
//   git worktree add --detach /tmp/after <commit> && (cd /tmp/after && npm install)
//   node --import tsx scripts/bench/compare-checkouts.ts --before /tmp/before --after /tmp/after \
//     [--rounds 5] [--seconds 5] [--connections 20]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { personaSession } from './browser.ts';
import { type Load, type LoadRequest, load } from './load.ts';
import { freePort, type Started, serverStart, startProcess } from './processes.ts';
import { representativeReads } from './reads.ts';
import { argument, printTable, type Row } from './stats.ts';

const before = resolve(argument('--before') ?? '');
const after = resolve(argument('--after') ?? '');
const rounds = Number(argument('--rounds') ?? 5);
const seconds = Number(argument('--seconds') ?? 5);
const connections = Number(argument('--connections') ?? 20);
if (!argument('--before') || !argument('--after')) {
  throw new Error('usage: compare-checkouts.ts --before DIR --after DIR [--rounds 5] [--seconds 5]');
}

/** Reads every version answers alike, each as the persona of the contract's examples. */
const loads = representativeReads.map(({ id, persona, path }) => ({ name: id, persona, path }));

interface Checkout {
  label: string;
  origin: string;
  server: Started;
  dataDir: string;
  requests: Map<string, LoadRequest>;
}

async function start(label: string, root: string): Promise<Checkout> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `compare-${label}-`));
  const { flags, entry } = serverStart(root);
  const server = await startProcess(process.execPath, [...flags, entry], {
    cwd: join(root, 'server'),
    env: {
      PORTAL_MODE: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    readyUrl: `${origin}/api/v1/health`,
    name: `${label} server`,
    timeoutMs: 180_000,
  });
  const requests = new Map<string, LoadRequest>();
  for (const { name, persona, path } of loads) {
    const browser = await personaSession(origin, persona);
    requests.set(name, { method: 'GET', path, headers: { cookie: browser.cookieHeader('/api/v1/') } });
  }
  return { label, origin, server, dataDir, requests };
}

const checkouts = [await start('before', before), await start('after', after)];
try {
  const measured = new Map<string, { before: Load[]; after: Load[] }>();
  for (let round = 0; round < rounds; round++) {
    // Alternate which checkout goes first, so neither always runs on a warmer or a busier machine.
    const order = round % 2 === 0 ? checkouts : [...checkouts].reverse();
    for (const { name } of loads) {
      const entry = measured.get(name) ?? { before: [], after: [] };
      for (const checkout of order) {
        const request = checkout.requests.get(name) as LoadRequest;
        const options = { origin: checkout.origin, connections, pid: checkout.server.child.pid };
        await load({ ...options, seconds: 1, requests: request }); // warm-up
        const result = await load({ ...options, seconds, requests: request, expected: [200] });
        if (result.failures > 0)
          throw new Error(`${name} on ${checkout.label}: ${JSON.stringify(result.statuses)}`);
        entry[checkout.label as 'before' | 'after'].push(result);
      }
      measured.set(name, entry);
    }
  }
  const rows: Row[] = [];
  for (const [name, { before: b, after: a }] of measured) {
    rows.push(
      { figure: `${name}: before`, unit: 'req/s', values: b.map((l) => l.requestsPerSecond) },
      { figure: `${name}: after`, unit: 'req/s', values: a.map((l) => l.requestsPerSecond) },
      {
        figure: `${name}: after / before`,
        unit: '× req/s',
        values: a.map((l, i) => l.requestsPerSecond / (b[i]?.requestsPerSecond ?? Number.NaN)),
      },
      {
        figure: `${name}: after / before`,
        unit: '× CPU/req',
        values: a.map((l, i) => l.cpuMicrosPerRequest / (b[i]?.cpuMicrosPerRequest ?? Number.NaN)),
      },
    );
  }
  printTable(
    `${before} (before) and ${after} (after): ${rounds} alternating rounds of ${seconds} s at ${connections} connections`,
    rows,
  );
} finally {
  for (const checkout of checkouts) {
    await checkout.server.stop();
    await rm(checkout.dataDir, { recursive: true, force: true });
  }
}
