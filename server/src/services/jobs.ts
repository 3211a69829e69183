// The job runner: one timer per world that runs what falls due on the simulation clock: due
// collection toggles (products.ts), download jobs (export-runs.ts, claimed under leases so that
// several instances share them, job-leases.ts), expired and orphaned export files (export-expiry.ts).
// Creating jobs is download-jobs.ts.
import type { FastifyBaseLogger } from 'fastify';
import { engineOfClient } from '../db/client.ts';
import { type DataWatch, JOB_TABLES, watchDataChanges } from '../db/data-changes.ts';
import type { PortalDeps } from '../deps.ts';
import { type FaultHooks, noFaults } from '../hooks.ts';
import { expireOldExports, removeOrphanExports } from './export-expiry.ts';
import { createExportRuns, type JobCompletedHook } from './export-runs.ts';
import { createExportStorage } from './export-storage.ts';
import { unleased } from './job-leases.ts';
import { EXPORT_RETENTION_MS } from './job-snapshot.ts';
import { applyDueCollectionChanges } from './products.ts';

export type { JobCompletedHook } from './export-runs.ts';

/** Longest a timer may wait (setTimeout's limit); a later due time is simply looked at again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Real-time pause before running again when work is still due after a run (never a busy loop). */
const RETRY_FLOOR_MS = 20;
/**
 * On PostgreSQL other instances add work (and may die holding a job): the database announces every
 * change of the job tables on the team signal and the runner plans again on each; while its listening
 * connection is down it looks again at least this often (real time) instead.
 */
export const TEAM_LOOK_MS = 5_000;

export interface JobRunnerOptions {
  onCompleted?: JobCompletedHook[];
  /** Simulated job faults (the simulator's); none by default. */
  faults?: Pick<FaultHooks, 'takeJobFault'>;
}

/**
 * Moves download jobs CREATED → RUNNING → COMPLETED | FAILED on the simulation clock, applies due
 * collection toggles and expires old exports. All state is in the database, so a restart picks up
 * where it stopped: a job found RUNNING is built again once its lease has ended (a stopping instance
 * gives its leases back; exports are written to a temporary file and renamed).
 *
 * On SQLite it never polls: after each run it asks the database when the next thing falls due and
 * sets one timer for that moment (in real time, at the clock's speed); with nothing pending no timer
 * is set. On PostgreSQL it plans again whenever the database announces a change of the job tables
 * (another instance may have added work or claimed a job), and polls every TEAM_LOOK_MS only while it
 * cannot hear the announcements.
 * `wake()` (after a write that adds work) and any change of the simulation clock (speed, skip ahead)
 * run it again at once. Runs never overlap; `tick()` lets tests drive it after advancing a manual clock.
 */
export function createJobRunner(deps: PortalDeps, log: FastifyBaseLogger, options: JobRunnerOptions = {}) {
  const storage = createExportStorage(deps);
  const hooks: JobCompletedHook[] = [...(options.onCompleted ?? [])];
  const exports = createExportRuns(deps, log, {
    storage,
    hooks,
    faults: options.faults ?? noFaults,
    onTakeover: async () => {
      await removeOrphanExports(deps, storage);
    },
  });
  const team = engineOfClient(deps.prisma) === 'postgresql';
  /** Team mode: the announcements of the job tables (db/data-changes.ts), each followed by a new plan. */
  let watch: DataWatch | undefined;
  // Polls only while the announcements cannot be heard.
  const longestWaitMs = () => (team && watch?.current() === undefined ? TEAM_LOOK_MS : MAX_TIMER_MS);
  /** A change was announced while a run or a plan was under way: plan again after it. */
  let replanWanted = false;
  let planning = false;
  let timer: NodeJS.Timeout | null = null;
  let wakeAt: Date | null = null;
  let queue: Promise<void> = Promise.resolve();
  let started = false;
  let running = false;
  /** The earliest due time a wake-up announced while a run was under way (its plan may have missed it). */
  let dueWhileRunning: Date | null = null;
  let runs = 0;
  let unsubscribeClock: (() => void) | null = null;
  // Aborted on stop, so shutdown does not wait for a long export; the job stays RUNNING and is
  // built again after the next start.
  let stopping = new AbortController();

  async function runOnce(): Promise<void> {
    runs += 1;
    await applyDueCollectionChanges(deps);
    await exports.startDue();
    await exports.completeDue(stopping.signal);
    await expireOldExports(deps, storage);
  }

  /** The earliest moment anything pending falls due on the simulation clock, or null when idle. */
  async function nextDueAt(): Promise<Date | null> {
    const wallNow = deps.wallClock.now();
    const [created, running, leased, changes, exports] = await Promise.all([
      deps.prisma.downloadJob.aggregate({ where: { status: 'CREATED' }, _min: { runAt: true } }),
      deps.prisma.downloadJob.aggregate({
        where: { status: 'RUNNING', ...unleased(wallNow) },
        _min: { runAt: true },
      }),
      // Jobs another instance is building: look again when its lease would end.
      deps.prisma.downloadJob.aggregate({
        where: { status: 'RUNNING', leaseExpiresAt: { gte: wallNow } },
        _min: { leaseExpiresAt: true },
      }),
      deps.prisma.collectionChange.aggregate({ where: { completedAt: null }, _min: { completesAt: true } }),
      deps.prisma.downloadJob.aggregate({
        where: { status: 'COMPLETED', filePath: { not: null } },
        _min: { finishedAt: true },
      }),
    ]);
    const oldestExport = exports._min.finishedAt;
    const leaseEnds = leased._min.leaseExpiresAt;
    const candidates = [
      created._min.runAt,
      running._min.runAt,
      // A real-time moment, on the simulation clock (one millisecond after it, when it has ended).
      leaseEnds
        ? new Date(
            deps.clock.now().getTime() + (leaseEnds.getTime() - wallNow.getTime() + 1) * deps.clock.speed,
          )
        : null,
      changes._min.completesAt,
      // expireOld() takes exports finished strictly before the cutoff: one millisecond after.
      oldestExport ? new Date(oldestExport.getTime() + EXPORT_RETENTION_MS + 1) : null,
    ].filter((date): date is Date => date !== null);
    if (candidates.length === 0) return null;
    return new Date(Math.min(...candidates.map((date) => date.getTime())));
  }

  function tick(): Promise<void> {
    const next = queue.then(runOnce);
    queue = next.catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'));
    return next;
  }

  function clearTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    wakeAt = null;
  }

  function schedule(at: Date | null, minimumWaitMs = 0): void {
    clearTimer();
    if (!started) return;
    if (!at) {
      // Idle here; on PostgreSQL another instance may add work (wakeAt stays null: nothing is due).
      if (longestWaitMs() < MAX_TIMER_MS) timer = setTimeout(run, longestWaitMs());
      timer?.unref();
      return;
    }
    const simulatedWait = at.getTime() - deps.clock.now().getTime();
    const realWait = Math.min(
      longestWaitMs(),
      Math.max(minimumWaitMs, Math.ceil(simulatedWait / deps.clock.speed)),
    );
    wakeAt = at;
    timer = setTimeout(run, realWait);
    timer.unref();
  }

  async function run(): Promise<void> {
    clearTimer();
    running = true;
    let next: Date | null = null;
    try {
      await tick();
      do {
        replanWanted = false;
        next = await nextDueAt();
      } while (replanWanted);
    } catch {
      // Already logged by tick(); look again after the clock's next change or wake-up.
    } finally {
      running = false;
    }
    const woken = dueWhileRunning;
    dueWhileRunning = null;
    if (woken && !(next && next < woken)) {
      schedule(woken);
    } else if (next && next <= deps.clock.now()) {
      // More is due than one run takes (a batch limit) or a failure left it: go on, yielding to I/O.
      schedule(next, RETRY_FLOOR_MS);
    } else {
      schedule(next);
    }
  }

  /**
   * Another instance (or this one) changed the job tables: when is the next thing due now? Only reads, so
   * the announcements a run's own writes cause end here instead of running again and again.
   */
  async function replan(): Promise<void> {
    if (!started) return;
    if (running || planning) {
      replanWanted = true;
      return;
    }
    planning = true;
    try {
      let next: Date | null;
      do {
        replanWanted = false;
        next = await nextDueAt();
      } while (replanWanted && !running);
      if (!running && started) schedule(next);
    } catch (error) {
      log.error({ err: error }, 'job runner: planning after a change failed');
    } finally {
      planning = false;
    }
  }

  /**
   * Work was added that falls due at `at` (default: now): runs then (after the run in progress, if any),
   * then sleeps until the next due time. A timer already set for a moment still ahead and no later than
   * `at` is kept, so a burst of new jobs (each due after its start delay) sets one timer
   * instead of one run each.
   */
  function wake(at: Date = deps.clock.now()): void {
    if (!started) return;
    if (running) {
      if (!dueWhileRunning || at < dueWhileRunning) dueWhileRunning = at;
      return;
    }
    // A timer for a moment still ahead and no later than `at` (a clock change, due now, always plans again).
    if (timer && wakeAt && wakeAt > deps.clock.now() && wakeAt <= at) return;
    schedule(at);
  }

  return {
    storage,
    tick,
    wake,
    /**
     * What the runner is doing: whether a run is in progress, the simulated time its one timer waits
     * for (null: idle, no timer at all) and its runs so far.
     */
    state(): { running: boolean; wakeAt: Date | null; runs: number } {
      return { running, wakeAt, runs };
    },
    onCompleted(hook: JobCompletedHook): void {
      hooks.push(hook);
    },
    async start(): Promise<void> {
      if (started) return;
      started = true;
      stopping = new AbortController();
      // What a builder killed on this or another instance left (files of claims still held are kept).
      await removeOrphanExports(deps, storage);
      unsubscribeClock = deps.clock.onChange(wake);
      if (team) {
        watch = watchDataChanges(deps.config.databaseUrl, JOB_TABLES, () => void replan());
        await watch.start();
      }
      wake();
    },
    async stop(): Promise<void> {
      started = false;
      clearTimer();
      unsubscribeClock?.();
      unsubscribeClock = null;
      stopping.abort();
      await watch?.close();
      watch = undefined;
      await queue;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
