// The main thread's long tasks while a page starts, side by side for several builds (issue 26).
// Usage (from the repository root, against servers already running in test mode):
//   node --import tsx scripts/start-trace.ts --variant before=http://localhost:4202 \
//     --variant after=http://localhost:4201 [--runs 5] [--detail] -- /login owner@example.com:/products
// Each target is `path` (signed out) or `email:path` (signed in through the development provider). The
// runs alternate between the variants. Per page load it reads a Chromium trace: every task of the page's
// main thread from its first parse until 4 s after `load`, measured in the thread's CPU time (far less
// sensitive to a busy machine than wall time). It prints, per target and variant, the median over the
// runs of: the CPU time in tasks of 12 ms or more, the longest task, and Σ(4·task − 50 ms) over the
// tasks, which is Lighthouse's total blocking time on its mobile preset (CPU slowed down 4×) if every
// task kept its share. `--detail` lists each long task with its wall time (a task that waits for a core
// or for something else lasts longer than its CPU time) and what it spent its CPU time on.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { pageRunArgs, signIn } from './support/page-runs.ts';

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
};
type Task = { ts: number; cpu: number; wall: number; parts: Map<string, number> };

const args = process.argv.slice(2);
const { variants, targets, runs } = pageRunArgs(args, 5);
const detail = args.includes('--detail');
const LONG_US = 12_000;
const SETTLE_MS = 4000;

const fileOf = (url: string | undefined) =>
  url ? url.replace(/^.*\//, '').replace(/\?.*/, '') || '(page)' : '';

/** The page's main-thread tasks from its first parse on, with their CPU time split by direct child. */
function tasksOf(events: TraceEvent[], path: string): Task[] {
  const parse = events.find(
    (event) =>
      event.name === 'ParseHTML' && (event.args?.beginData?.url ?? '').includes(path.split('?')[0] ?? ''),
  );
  if (!parse) return [];
  const cpu = (event: TraceEvent) => event.tdur ?? event.dur ?? 0;
  const thread = events
    .filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Task[] = [];
  let current: Task | undefined;
  const open: TraceEvent[] = [];
  for (const event of thread) {
    if (event.name === 'RunTask') {
      open.length = 0;
      open.push(event);
      current =
        event.ts >= parse.ts - 50_000
          ? { ts: event.ts, cpu: cpu(event), wall: event.dur ?? 0, parts: new Map() }
          : undefined;
      if (current) tasks.push(current);
      continue;
    }
    while (open.length > 0) {
      const last = open[open.length - 1];
      if (last && last.ts + (last.dur ?? 0) >= event.ts + (event.dur ?? 0)) break;
      open.pop();
    }
    if (open.length === 1 && current) {
      const data = event.args?.data;
      const label = `${event.name}${data?.url ? ` ${fileOf(data.url)}` : ''}`;
      current.parts.set(label, (current.parts.get(label) ?? 0) + cpu(event));
    }
    open.push(event);
  }
  return tasks.map((task) => ({ ...task, ts: task.ts - parse.ts }));
}

async function measure(
  browser: Browser,
  context: BrowserContext,
  url: string,
  path: string,
): Promise<Task[]> {
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await page.goto(`${url}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await page.close();
  return tasksOf(trace.traceEvents, path);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (us: number) => Math.round(us / 1000);

const browser = await launchChromium();
const contexts = new Map<string, BrowserContext>();
try {
  for (const { email, path } of targets) {
    const results = new Map(variants.map(({ name }) => [name, [] as Task[][]]));
    for (let run = 0; run < runs; run++) {
      for (const { name, url } of variants) {
        const key = `${name} ${email}`;
        let context = contexts.get(key);
        if (!context) {
          context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-GB' });
          contexts.set(key, context);
          if (email) await signIn(context, url, email);
        }
        const tasks = await measure(browser, context, url, path);
        results.get(name)?.push(tasks);
        if (detail)
          for (const task of tasks.filter((item) => item.cpu >= LONG_US))
            console.log(
              `  ${name} run ${run} @${ms(task.ts)} ms: ${ms(task.cpu)} ms, wall ${ms(task.wall)} ms (${[
                ...task.parts,
              ]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 4)
                .map(([label, cpu]) => `${label} ${ms(cpu)}`)
                .join(', ')})`,
            );
      }
    }
    for (const [name, loads] of results) {
      const long = loads.map((tasks) => tasks.filter((task) => task.cpu >= LONG_US));
      const busy = long.map((tasks) => ms(tasks.reduce((sum, task) => sum + task.cpu, 0)));
      const longest = long.map((tasks) => ms(Math.max(0, ...tasks.map((task) => task.cpu))));
      const blocking = long.map((tasks) =>
        Math.round(tasks.reduce((sum, task) => sum + Math.max(0, (4 * task.cpu) / 1000 - 50), 0)),
      );
      console.log(
        `${path}${email ? ` (${email})` : ''} ${name}: median of ${loads.length} loads: ` +
          `in tasks ≥ 12 ms ${median(busy)} ms, longest ${median(longest)} ms, ` +
          `Σ(4·task − 50) ${median(blocking)} ms   [each load: ${busy.join('/')} ms]`,
      );
    }
  }
} finally {
  await browser.close();
}
