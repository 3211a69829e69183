// List benchmark on the large-fleet scenario (issue 14's targets), against a real server on loopback.
// Usage (from the repository root, after `npm run build`):
//   node --import tsx scripts/bench-lists.ts [--runs 3] [--load-runs 3] [--no-browser]
// Prints min / median / max over the runs of: loading large-fleet, one page of 50 connected users
// (p50 of 30 calls), one page with a search, the whole 50,000-row list, and in Chromium the time from
// navigation to the first card of /users, list items in the DOM and the JS heap after scrolling to
// row 2,000 (CDP). The reference is GET /api/v1/health p50 measured in the same run.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHealthyServer } from '@portal/test-support/server-process';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { cpuMicros } from './bench/load.ts';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const RUNS = option('runs', 3);
const LOAD_RUNS = option('load-runs', 3);
const CALLS = 30;
const FLEET = { 'x-user-id': 'fleet@example.com' };

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lists-'));
  const { url, child } = await startHealthyServer({
    // Test mode: the X-User-Id header identity the calls below use (loopback only).
    PORTAL_MODE: 'test',
    DATA_DIR: dataDir,
    VALIDATE_RESPONSES: 'false',
  });
  // The browser part uses localhost, as the portal's own pages do.
  return { url: url.replace('127.0.0.1', 'localhost'), child, dataDir };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const stats = (values: number[]) => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
});

async function timed(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** CPU time the server process has used, in ms (`cpuMicros`: user + system from /proc). */
const cpuMs = (pid: number | undefined) => cpuMicros(pid) / 1000;

/** p50 wall time of CALLS calls, and the server's mean CPU time per call. */
async function p50(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
): Promise<{ wall: number; cpu: number }> {
  const times: number[] = [];
  const before = cpuMs(pid);
  for (let i = 0; i < CALLS; i++) times.push((await timed(url, headers)).ms);
  return { wall: median(times), cpu: (cpuMs(pid) - before) / CALLS };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login / Sign up' }).click();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'),
  );
}

async function browserRun(url: string) {
  const browser = await launchChromium(['--js-flags=--expose-gc']);
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, 'fleet@example.com');
    await page.goto('/products').catch(() => undefined);
    const started = performance.now();
    await page.goto('/users');
    await page.locator('ul.user-list > li[aria-posinset="1"]').waitFor();
    const firstCardMs = performance.now() - started;
    const target = page.locator('ul.user-list > li[aria-posinset="2000"]');
    for (let step = 0; step < 3_000 && (await target.count()) === 0; step++) {
      await page.mouse.wheel(0, 2_400);
      await page.waitForTimeout(20);
    }
    const domItems = await page.locator('ul.user-list > li').count();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    return { firstCardMs, domItems, heapMb: heap / 1024 / 1024 };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const { url, child, dataDir } = await startServer();
  try {
    const reset = (scenario: string) =>
      fetch(`${url}/api/v1/sim/reset`, {
        method: 'POST',
        headers: { 'x-user-id': 'admin@example.com', 'content-type': 'application/json' },
        body: JSON.stringify({ scenario }),
      });
    const loads: number[] = [];
    for (let i = 0; i < LOAD_RUNS; i++) {
      const started = performance.now();
      if ((await reset('large-fleet')).status !== 204) throw new Error('loading large-fleet failed');
      loads.push((performance.now() - started) / 1000);
    }
    const list = `${url}/api/v1/agents/invitations/ALL`;
    const rows: Record<string, number[]> = {
      reference: [],
      page: [],
      search: [],
      whole: [],
      wholeMb: [],
      pageCpu: [],
      searchCpu: [],
      wholeCpu: [],
    };
    const browser: Record<string, number[]> = { firstCardMs: [], domItems: [], heapMb: [] };
    for (let run = 0; run < RUNS; run++) {
      rows.reference?.push((await p50(`${url}/api/v1/health`, {}, child.pid)).wall);
      const page = await p50(`${list}?limit=50`, FLEET, child.pid);
      const search = await p50(`${list}?limit=50&q=${encodeURIComponent('müller')}`, FLEET, child.pid);
      rows.page?.push(page.wall);
      rows.pageCpu?.push(page.cpu);
      rows.search?.push(search.wall);
      rows.searchCpu?.push(search.cpu);
      const cpuBefore = cpuMs(child.pid);
      const whole = await timed(list, FLEET);
      rows.wholeCpu?.push(cpuMs(child.pid) - cpuBefore);
      rows.whole?.push(whole.ms);
      rows.wholeMb?.push(whole.bytes / 1024 / 1024);
      if (!process.argv.includes('--no-browser')) {
        const result = await browserRun(url);
        for (const [key, value] of Object.entries(result)) browser[key]?.push(value);
      }
    }
    const reference = median(rows.reference ?? []);
    const line = (label: string, values: number[] | undefined, unit: string, target: string) => {
      if (!values?.length) return;
      const s = stats(values);
      const ratio = unit === 'ms' ? `  (${(s.median / reference).toFixed(1)}x health p50)` : '';
      console.log(
        `${label.padEnd(44)} min ${s.min.toFixed(1)}  median ${s.median.toFixed(1)}  max ${s.max.toFixed(1)} ${unit}  target ${target}${ratio}`,
      );
    };
    console.log(
      `large-fleet, ${RUNS} runs (${CALLS} calls per p50), reference GET /health p50 ${reference.toFixed(1)} ms`,
    );
    line('load large-fleet (reset call)', loads, 's', '<= 30 s');
    line('one page of 50 connected users, p50', rows.page, 'ms', '<= 20 ms');
    line('one page with a search q, p50', rows.search, 'ms', '<= 50 ms');
    line('whole list, 50,000 rows', rows.whole, 'ms', '<= 500 ms');
    line('whole list size', rows.wholeMb, 'MB', '(8 MB before)');
    line('server CPU per call: page of 50', rows.pageCpu, 'ms CPU', '(shared-machine check)');
    line('server CPU per call: page with q', rows.searchCpu, 'ms CPU', '(shared-machine check)');
    line('server CPU: whole list', rows.wholeCpu, 'ms CPU', '(shared-machine check)');
    line('/users: navigation to first card', browser.firstCardMs, 'ms', '<= 1500 ms');
    line('/users: list items in the DOM at row 2,000', browser.domItems, 'items', '<= 200');
    line('/users: JS heap after 2,000 rows', browser.heapMb, 'MB', '<= 150 MB');
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
