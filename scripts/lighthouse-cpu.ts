// Lighthouse (mobile preset, simulated throttling) side by side for several builds, read twice: as the
// browser observed the load, and with every task of the page's threads shrunk to its CPU time (issue 26).
// Usage (from the repository root, against servers already running in test or demo mode):
//   node --import tsx scripts/lighthouse-cpu.ts --variant before=http://localhost:4801 \
//     --variant after=http://localhost:4802 [--runs 3] -- owner@example.com:/products /login
// Lighthouse multiplies the wall time of each main-thread task by four. On a shared 2-core machine a
// task waits for a core, so its wall time is several times its CPU time and the score measures the
// machine (the same build scored 41–72 on /products within ten minutes at load 8–20). The trace records
// each task's CPU time too (`tdur`): the second reading audits the same gathered load with each task
// (and everything inside it, proportionally) as long as its CPU time, what an idle machine would have
// observed of the page's own work. Speed index and the network part are left as observed.
// The runs alternate between the variants; per target and variant it prints each run's figures.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/test-support/server-process';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { pageRunArgs, signIn } from './support/page-runs.ts';

type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
};

const { variants, targets, runs } = pageRunArgs(process.argv.slice(2), 3);

/**
 * Each top-level task (`RunTask`) of every thread shortened to its CPU time, the events inside it moved
 * and shortened by the same factor (so they stay inside it); the gaps between tasks are kept.
 */
function tasksAtCpuTime(events: TraceEvent[]): void {
  const tasks = new Map<string, TraceEvent[]>();
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X' && event.tdur !== undefined && (event.dur ?? 0) > 0) {
      const thread = `${event.pid}:${event.tid}`;
      tasks.set(thread, [...(tasks.get(thread) ?? []), event]);
    }
  for (const list of tasks.values()) list.sort((a, b) => a.ts - b.ts);
  const scale = new Map<TraceEvent, { start: number; factor: number }>();
  for (const event of events) {
    if (event.ph !== 'X' && event.ph !== 'B' && event.ph !== 'E') continue;
    const list = tasks.get(`${event.pid}:${event.tid}`);
    if (!list) continue;
    let low = 0;
    let high = list.length - 1;
    let holder: TraceEvent | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const task = list[middle] as TraceEvent;
      if (task.ts <= event.ts) {
        holder = task;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (!holder || event.ts > holder.ts + (holder.dur ?? 0)) continue;
    let entry = scale.get(holder);
    if (!entry) {
      entry = { start: holder.ts, factor: Math.min(1, (holder.tdur ?? 0) / (holder.dur ?? 1)) };
      scale.set(holder, entry);
    }
    event.ts = entry.start + (event.ts - entry.start) * entry.factor;
    if (event.dur !== undefined) event.dur *= entry.factor;
  }
}

const summary = (result: RunnerResult | undefined) => {
  if (!result) return 'no result';
  const { audits, categories, finalDisplayedUrl } = result.lhr;
  const shown = (id: string) => audits[id]?.displayValue ?? '?';
  const measured = new URL(finalDisplayedUrl);
  return (
    `performance ${Math.round((categories.performance?.score ?? 0) * 100)} (FCP ${shown('first-contentful-paint')}, ` +
    `LCP ${shown('largest-contentful-paint')}, TBT ${shown('total-blocking-time')}, SI ${shown('speed-index')}, ` +
    `CLS ${audits['cumulative-layout-shift']?.numericValue ?? '?'})` +
    (measured.pathname === '/login' ? ' [measured /login]' : '')
  );
};

const port = await freePort();
const browser = await launchChromium([`--remote-debugging-port=${port}`]);
const folder = mkdtempSync(path.join(tmpdir(), 'lighthouse-cpu-'));
try {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  for (const { email, path: page } of targets) {
    for (let run = 0; run < runs; run++) {
      for (const { name, url } of variants) {
        // The visitor's cookies in the default context, where Lighthouse audits (as e2e/lighthouse.test.ts).
        const jar = cdp.contexts()[0];
        await jar?.clearCookies();
        if (email) {
          const context = await browser.newContext({ locale: 'en-GB' });
          await signIn(context, url, email);
          await jar?.addCookies((await context.cookies()).filter((cookie) => cookie.path === '/'));
          await context.close();
        }
        const gathered = path.join(folder, `${name}-${run}`);
        const flags = {
          port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: ['performance'],
        };
        await lighthouse(`${url}${page}`, { ...flags, gatherMode: gathered });
        const observed = await lighthouse(`${url}${page}`, { ...flags, auditMode: gathered });
        const traceFile = path.join(
          gathered,
          readdirSync(gathered).find((file) => file.endsWith('.trace.json')) ?? '',
        );
        const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
        tasksAtCpuTime(trace.traceEvents);
        writeFileSync(traceFile, JSON.stringify(trace));
        const atCpu = await lighthouse(`${url}${page}`, { ...flags, auditMode: gathered });
        const label = `${page}${email ? ` (${email})` : ''} ${name} run ${run}`;
        console.log(`${label}: observed ${summary(observed)}\n${label}: at CPU time ${summary(atCpu)}`);
      }
    }
  }
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
