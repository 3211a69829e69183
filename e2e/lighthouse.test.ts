import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@portal/test-support/server-process';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { type Browser, type Cookie, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SIGNED_IN_PAGES } from './support/pages.ts';
import { baseUrl, resetSharedWorld } from './support/world.ts';

// Lighthouse (mobile preset: a mid-range phone, simulated slow 4G) against the built app on the real
// server: the sign-in page as a first visit, and every signed-in route of every role (each tab and
// each registration status) with that persona's session. Asserted for every route: performance ≥ 95,
// accessibility 100, SEO 100 and a layout shift of 0 (issue 26); every run's figures are printed.
//
// How performance is measured fairly on a shared machine (decision 0145). Lighthouse's simulated
// throttling multiplies the main thread's observed work by a CPU slowdown meant to turn the host into a
// mid-tier phone; the preset's 4x assumes a high-end desktop, and on a busy 2-core machine every task
// also waits for a core, so one run's score followed the load (72–100 for one build at load 7–11).
// Lighthouse's own guidance answers both: (1) calibrate the slowdown from the host's benchmarkIndex
// (its throttling docs and CPU-throttling calculator; `calibratedSlowdown` below), here per run, from
// the index that run measured just before its load, in proportion to the quiet machine's, so the
// simulated phone stays the preset's phone whatever the host's speed at that moment; (2) run several
// times and take the median run (its variability docs; `computeMedianRun`, Lighthouse's own choice by
// FCP and TTI). Each run gathers the
// load once (`gatherMode`), then audits those artifacts with the calibrated slowdown (`auditMode`); the
// rest of the mobile preset (network, screen, user agent) is unchanged. PORTAL_LIGHTHOUSE_RUNS sets
// the runs per route (default 3).

/** Runs per route (Lighthouse recommends several and the median run); 3 by default. */
const RUNS = Number(process.env.PORTAL_LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('PORTAL_LIGHTHOUSE_RUNS must be a whole number ≥ 1');
/** A route's time: about 25 s a run on a busy machine, with room for a run made again. */
const TIMEOUT = 60_000 + RUNS * 50_000;

/** The mobile preset's CPU slowdown. */
const PRESET_SLOWDOWN = 4;
/**
 * The benchmarkIndex of this project's machine (2 cores; developers' and CI's are of one kind) when
 * quiet: 3500 (2836–4184 measured at load 3–4, 7 December 2026). The preset's 4x is applied to a host
 * of this speed or faster.
 */
const QUIET_BENCHMARK_INDEX = 3500;

/**
 * The CPU slowdown for a run whose host measured this benchmarkIndex. Lighthouse's throttling docs and
 * CPU-throttling calculator scale the slowdown with the host's benchmarkIndex, so that the simulated
 * phone is the same phone on any host (their reference points: 2x at 800, 3x at 1300, 4x at 1533).
 * Here the phone is the one the preset makes of the quiet machine: a run whose host measured less,
 * because other work took the cores, gets the slowdown in proportion (4x at 3500, 2x at 1750), never
 * more than the preset's and never less than 1x. The calculator's own line would ask 10–14x of the
 * quiet machine (beyond its table, which ends at 2000 = 6x); the target is the preset's
 * (decision 0145).
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, PRESET_SLOWDOWN * Math.min(1, benchmarkIndex / QUIET_BENCHMARK_INDEX));
}

type Scores = Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;

describe('Lighthouse, mobile preset', () => {
  let browser: Browser;
  let port: number;
  const sessions = new Map<string, Cookie[]>();

  beforeAll(async () => {
    await resetSharedWorld();
    port = await freePort();
    browser = await launchBrowser([`--remote-debugging-port=${port}`]);
    for (const email of new Set(SIGNED_IN_PAGES.map(([persona]) => persona))) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, email);
      const cookies = (await context.cookies()).filter((cookie) => cookie.path === '/');
      if (!cookies.some((cookie) => cookie.name === 'portal_session'))
        throw new Error(`Signing in as ${email} set no portal_session cookie`);
      sessions.set(email, cookies);
      await context.close();
    }
  });

  /**
   * Puts the signed-in visitor's cookies (session, simulator caller) into the jar of the browser's
   * default context, where Lighthouse audits and which it does not clear, so the app's own requests
   * carry them as a signed-in visit's would. (A fixed Cookie header sent only the session: the app's
   * calls were answered 401 and the audit measured the sign-in page the app fell back to.)
   * The connection is closed before the audit: a Playwright client left attached takes part in every
   * page the browser opens (it holds each new page until it has set it up, then follows its events),
   * and one left per audit made the later pages (the admin's, last) load with eight of them.
   */
  async function signInDefaultContext(email: string | null): Promise<void> {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = cdp.contexts()[0];
      await context?.clearCookies();
      if (email) await context?.addCookies(sessions.get(email) ?? []);
    } finally {
      // Disconnects only: the browser, its default context and the cookies stay.
      await cdp.close();
    }
  }
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * One Lighthouse run: the load gathered once, then audited with the CPU slowdown calibrated from the
   * benchmarkIndex that this run measured (the artifacts keep the settings they were gathered with, so
   * the slowdown is written there too: simulated throttling applies it only when auditing). On a busy
   * machine Chromium's trace of the load now and then lacks its start (Lighthouse's runtime error
   * NO_NAVSTART, "Please run Lighthouse again"): the page was not measured at all, so the run is made
   * again, up to three times, and the broken run is named in the output.
   */
  async function lighthouseRun(path: string): Promise<{ result: RunnerResult; slowdown: number }> {
    for (let attempt = 1; ; attempt += 1) {
      const gathered = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
      try {
        const flags = {
          port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        };
        await lighthouse(`${baseUrl()}${path}`, { ...flags, gatherMode: gathered });
        const file = join(gathered, 'artifacts.json');
        const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
          BenchmarkIndex: number;
          settings: { throttling: Record<string, number> };
        };
        const slowdown = calibratedSlowdown(artifacts.BenchmarkIndex);
        const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: slowdown };
        artifacts.settings.throttling = throttling;
        writeFileSync(file, JSON.stringify(artifacts));
        const result = await lighthouse(`${baseUrl()}${path}`, { ...flags, throttling, auditMode: gathered });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const failure = result.lhr.runtimeError;
        if (!failure || attempt === 4) return { result, slowdown };
        console.log(`Lighthouse ${path}: run ${attempt} not measured (${failure.code}), run again`);
      } finally {
        rmSync(gathered, { recursive: true, force: true });
      }
    }
  }

  /** One run's scores and figures, printed on one line. */
  function runFigures(
    result: RunnerResult,
    slowdown: number,
    path: string,
    label: string,
  ): Scores & { cls: number } {
    // The audit measured the page asked for, not a page the app fell back to (e.g. sign-in).
    const measured = new URL(result.lhr.finalDisplayedUrl);
    expect(`${measured.pathname}${measured.search}`).toBe(path);
    const { categories, audits, environment } = result.lhr;
    const scores = Object.fromEntries(
      Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    ) as Scores;
    const lcp = audits['largest-contentful-paint']?.displayValue ?? '?';
    const tbt = audits['total-blocking-time']?.displayValue ?? '?';
    const fcp = audits['first-contentful-paint']?.displayValue ?? '?';
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    console.log(
      `Lighthouse ${label}: performance ${scores.performance} (FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}; ` +
        `benchmarkIndex ${Math.round(environment.benchmarkIndex)}, CPU slowdown ${slowdown.toFixed(2)}x), ` +
        `accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}`,
    );
    const failedSeo = Object.values(audits).filter(
      (entry) => categories.seo?.auditRefs.some((ref) => ref.id === entry.id) && entry.score === 0,
    );
    if (failedSeo.length > 0)
      console.log(`  SEO audits failing: ${failedSeo.map((entry) => entry.id).join(', ')}`);
    return { ...scores, cls };
  }

  /**
   * RUNS runs of `path`, each printed; asserts accessibility 100, SEO 100 and CLS 0 on every run, and
   * performance ≥ 95 on the median run.
   */
  async function audit(path: string, label = path): Promise<void> {
    const runs: RunnerResult[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const { result, slowdown } = await lighthouseRun(path);
      // PORTAL_LIGHTHOUSE_REPORTS=<folder> keeps each full report (JSON) for a closer look.
      const reports = process.env.PORTAL_LIGHTHOUSE_REPORTS;
      if (reports)
        writeFileSync(join(reports, `${label.replace(/\W+/g, '-')}-${run}.json`), String(result.report));
      const scores = runFigures(result, slowdown, path, `${label} run ${run}/${RUNS}`);
      expect.soft(scores.seo, `SEO of ${label}, run ${run}`).toBe(100);
      expect.soft(scores.accessibility, `accessibility of ${label}, run ${run}`).toBe(100);
      expect.soft(scores.cls, `layout shift of ${label}, run ${run}`).toBe(0);
      runs.push(result);
    }
    const median = computeMedianRun(runs.map((run) => run.lhr));
    const performance = Math.round((median.categories.performance?.score ?? 0) * 100);
    console.log(
      `Lighthouse ${label}: median run ${runs.findIndex((run) => run.lhr === median) + 1}, performance ${performance}`,
    );
    expect(performance, `performance of ${label}, median of ${RUNS} runs`).toBeGreaterThanOrEqual(95);
  }

  // The sign-in page: the server sends it drawn for its mode (banner, branding), which the app hydrates
  // as it is (CLS 0).
  it('/login, a first visit', { timeout: TIMEOUT }, async () => {
    await signInDefaultContext(null);
    await audit('/login');
  });

  for (const [email, path] of SIGNED_IN_PAGES) {
    it(`${path}, signed in as ${email}`, { timeout: TIMEOUT }, async () => {
      await signInDefaultContext(email);
      await audit(path, `${path} (${email})`);
    });
  }
});
