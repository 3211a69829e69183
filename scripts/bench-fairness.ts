// Fairness benchmark: one user floods the export queue, a second user starts a single export.
// Reference: the second user's export on an idle server, measured in the same run. Target: with
// the flood, it finishes within 2× its idle time (median of ≥3 runs).
//
//   node --import tsx scripts/bench-fairness.ts [--runs 3]
//
// Starts the real server (test mode on loopback, so the personas are called with X-User-Id) on a
// random port with a fresh data directory, at the default simulation speed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHealthyServer } from '@portal/test-support/server-process';

const FLOODER = 'owner@example.com';
const FLOODER_PRODUCT = 'prod-veh-1';
const VICTIM = 'second@example.com';
const VICTIM_PRODUCT = 'prod-veh-4';
const runsArg = process.argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3);

interface Job {
  id: string;
  status: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-fairness-'));
  const { url, child } = await startHealthyServer({ PORTAL_MODE: 'test', DATA_DIR: dataDir });
  return { url, child, dataDir };
}

function client(url: string) {
  const call = (method: string, route: string, who: string) =>
    fetch(`${url}${route}`, { method, headers: { 'x-user-id': who } });
  return {
    createExport: (who: string, product: string) => call('POST', `/api/v1/products/${product}/download`, who),
    async jobs(who: string): Promise<Job[]> {
      return (await call('GET', '/api/v1/products/download/jobs', who)).json() as Promise<Job[]>;
    },
  };
}

type Client = ReturnType<typeof client>;

/** Seconds from creating one export of the victim's product until its job is COMPLETED. */
async function timeOneExport(api: Client): Promise<number> {
  const started = performance.now();
  const response = await api.createExport(VICTIM, VICTIM_PRODUCT);
  if (response.status !== 201)
    throw new Error(`victim's export refused: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as Job;
  for (;;) {
    const job = (await api.jobs(VICTIM)).find((entry) => entry.id === id);
    if (job?.status === 'COMPLETED') return (performance.now() - started) / 1000;
    if (job?.status === 'FAILED') throw new Error('victim export failed');
    await sleep(100);
  }
}

async function waitUntilIdle(api: Client): Promise<void> {
  for (;;) {
    const pending = (await api.jobs(FLOODER)).filter(
      (job) => job.status === 'CREATED' || job.status === 'RUNNING',
    );
    if (pending.length === 0) return;
    await sleep(500);
  }
}

/** The flooder keeps asking for exports (every 50 ms) for as long as `flooding` is true. */
function flood(api: Client, state: { flooding: boolean; accepted: number; refused: number }): Promise<void> {
  return (async () => {
    while (state.flooding) {
      const response = await api.createExport(FLOODER, FLOODER_PRODUCT);
      if (response.status === 201) state.accepted += 1;
      else if (response.status === 429) state.refused += 1;
      else throw new Error(`flooder got ${response.status}`);
      await sleep(50);
    }
  })();
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
};
const fmt = (s: { min: number; median: number; max: number }) =>
  `min ${s.min.toFixed(2)} s, median ${s.median.toFixed(2)} s, max ${s.max.toFixed(2)} s`;

const server = await startServer();
try {
  const api = client(server.url);
  const idle: number[] = [];
  const flooded: number[] = [];
  let accepted = 0;
  let refused = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    await waitUntilIdle(api);
    idle.push(await timeOneExport(api));
    const state = { flooding: true, accepted: 0, refused: 0 };
    const flooding = flood(api, state);
    await sleep(1_000); // the flooder's queue is full before the victim asks
    flooded.push(await timeOneExport(api));
    state.flooding = false;
    await flooding;
    accepted += state.accepted;
    refused += state.refused;
    console.log(
      `run ${run}: idle ${idle.at(-1)?.toFixed(2)} s, under flood ${flooded.at(-1)?.toFixed(2)} s ` +
        `(flooder: ${state.accepted} accepted, ${state.refused} refused with 429)`,
    );
  }
  const idleStats = stats(idle);
  const floodStats = stats(flooded);
  const ratio = floodStats.median / idleStats.median;
  console.log(`\nsecond user's export, idle server:   ${fmt(idleStats)}`);
  console.log(`second user's export, under flood:   ${fmt(floodStats)}`);
  console.log(`flood requests: ${accepted} accepted, ${refused} refused (429 TOO_MANY_EXPORTS)`);
  console.log(
    `ratio (median flood / median idle): ${ratio.toFixed(2)}  target ≤ 2.00  ${ratio <= 2 ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ratio <= 2 ? 0 : 1;
} finally {
  server.child.kill('SIGTERM');
  await sleep(500);
  rmSync(server.dataDir, { recursive: true, force: true });
}
