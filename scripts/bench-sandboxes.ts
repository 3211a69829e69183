// Sandbox benchmark: a real server process (test mode: header identity on loopback; temporary data) with 50 sandboxes alive.
// Measures how long creating a sandbox takes, and how fast a sandbox answers compared with the shared
// world in the same run (ratio of median latencies, min/median/max over the runs), plus the memory the
// sandboxes add to the process.
// Usage (from the repository root):
//   node --import tsx scripts/bench-sandboxes.ts [--sandboxes 50] [--runs 3] [--requests 200]
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startHealthyServer } from '@portal/test-support/server-process';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`);
  return value;
}

const sandboxCount = numberArgument('sandboxes', 50);
const runs = numberArgument('runs', 3);
const requests = numberArgument('requests', 200);

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // SANDBOX_PREPARE as in demo and development mode (test mode leaves it off for the server's unit
  // tests): the server answers health once the template is built and a warm-up sandbox was made.
  const env = {
    PORTAL_MODE: 'test',
    DATA_DIR: dataDir,
    SANDBOX_MAX: String(sandboxCount + 10),
    SANDBOX_PREPARE: '1',
  };
  return (await startHealthyServer(env, port)).child;
}

const rssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const summary = (values: number[]) =>
  `min ${Math.min(...values).toFixed(2)} / median ${median(values).toFixed(2)} / max ${Math.max(...values).toFixed(2)}`;

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-sandboxes-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startServer(port, dataDir);
  const pid = child.pid ?? 0;
  try {
    const owner = { 'x-user-id': 'owner@example.com' };
    const products = `${base}/api/v1/products`;
    for (let i = 0; i < 20; i += 1) await timed(products, owner);
    const rssBefore = await rssMb(pid);

    // The first sandbox, right after the server answers: what a developer's or test runner's first
    // call pays (the start-up preparation should leave it the price of any later one).
    const firstCreation = await timed(products, { ...owner, 'x-sandbox': 'bench-0' });
    const creations: number[] = [];
    for (let i = 1; i < sandboxCount; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/sim/sandboxes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: `bench-${i}`, scenario: 'demo' }),
      });
      if (response.status !== 201) throw new Error(`sandbox ${i}: ${response.status}`);
      creations.push(performance.now() - started);
    }
    const rssAfter = await rssMb(pid);
    for (let i = 0; i < sandboxCount; i += 1) await timed(products, { ...owner, 'x-sandbox': `bench-${i}` });

    const ratios: number[] = [];
    const sharedMedians: number[] = [];
    const sandboxMedians: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const shared: number[] = [];
      const sandboxed: number[] = [];
      // Interleaved, so both see the same machine load.
      for (let i = 0; i < requests; i += 1) {
        shared.push(await timed(products, owner));
        sandboxed.push(await timed(products, { ...owner, 'x-sandbox': `bench-${i % sandboxCount}` }));
      }
      sharedMedians.push(median(shared));
      sandboxMedians.push(median(sandboxed));
      ratios.push(median(sandboxed) / median(shared));
    }

    console.log(`sandboxes alive: ${sandboxCount}`);
    console.log(
      `first sandbox, right after start (GET /api/v1/products with a new X-Sandbox): ${firstCreation.toFixed(0)} ms`,
    );
    console.log(`creating a sandbox (POST /api/v1/sim/sandboxes), ms: ${summary(creations)}`);
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with ${sandboxCount} sandboxes`,
    );
    console.log(`GET /api/v1/products median, shared world, ms: ${summary(sharedMedians)}`);
    console.log(
      `GET /api/v1/products median, ${sandboxCount} sandboxes round-robin, ms: ${summary(sandboxMedians)}`,
    );
    console.log(
      `ratio sandbox / shared (1.00 = as fast), over ${runs} runs of ${requests}: ${summary(ratios)}`,
    );
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
