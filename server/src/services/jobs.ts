import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { type Db, engineOfClient } from '../db/client.ts';
import type { PortalDeps } from '../deps.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import { type FaultHooks, noFaults } from '../hooks.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { applyDueCollectionChanges } from './collection.ts';
import { createExportStorage } from './export-storage.ts';
import { writeJobExport } from './job-export.ts';
import {
  EXPORT_RETENTION_MS,
  type ExportSnapshot,
  JOB_MIN_RUNNING_MS,
  JOB_START_DELAY_MS,
  type JobProductInput,
  type JobType,
  type SnapshotProduct,
} from './job-snapshot.ts';

export interface CreateDownloadJobInput {
  userId: string;
  type: JobType;
  /** Product id (PRODUCT), invitation id (INVITE), null (PRODUCTS). */
  relatedId: string | null;
  /** The products to export, with whether personal data is included for each. */
  products: readonly JobProductInput[];
}

/**
 * Creates a CREATED job; the job runner takes it from there. The collection periods are frozen now,
 * so toggling collection while the job waits or runs does not change what it exports. Pass a
 * transaction client as `prisma` to create the job inside a caller's transaction.
 */
export async function createDownloadJob(
  deps: { prisma: Db; clock: Clock; config: Pick<Config, 'exportsPerUser'> },
  input: CreateDownloadJobInput,
): Promise<DownloadJob> {
  // The cap is counted and the job written in one transaction that holds the user's lock: two calls at
  // once (on any instance) cannot both see room for one more.
  return inTransaction(deps.prisma, async (tx) => {
    await lockExportsOf(tx, input.userId);
    return insertDownloadJob({ ...deps, prisma: tx }, input);
  });
}

/** Runs `fn` in a transaction: a new one on a client, the caller's own on a transaction client. */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const client = db as Db & { $transaction?: (fn: (tx: Db) => Promise<T>) => Promise<T> };
  return typeof client.$transaction === 'function' ? client.$transaction(fn) : fn(db);
}

/**
 * Serialises download creation per user until the transaction ends. SQLite has one writer at a time
 * and one instance; PostgreSQL takes a transaction-level advisory lock on the user.
 */
async function lockExportsOf(tx: Db, userId: string): Promise<void> {
  if (engineOfClient(tx) !== 'postgresql') return;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`exports:${userId}`}))) AS l`;
}

async function insertDownloadJob(
  deps: { prisma: Db; clock: Clock; config: Pick<Config, 'exportsPerUser'> },
  input: CreateDownloadJobInput,
): Promise<DownloadJob> {
  await assertExportCapacity(deps, input.userId);
  const now = deps.clock.now();
  const ids = input.products.map((product) => product.id);
  const periods = await deps.prisma.collectionPeriod.findMany({
    where: { productId: { in: ids }, enabledAt: { lt: now } },
    orderBy: { enabledAt: 'asc' },
  });
  const snapshotOf = (product: JobProductInput): SnapshotProduct => ({
    id: product.id,
    includeSensitiveData: product.includeSensitiveData,
    periods: periods
      .filter((period) => period.productId === product.id)
      .map((period) => ({
        from: period.enabledAt.toISOString(),
        to: period.disabledAt && period.disabledAt < now ? period.disabledAt.toISOString() : null,
      })),
  });
  const snapshot: ExportSnapshot = {
    vehicles: input.products.filter((product) => product.productType === 'VEHICLE').map(snapshotOf),
    wallboxes: input.products.filter((product) => product.productType === 'WALLBOX').map(snapshotOf),
    until: now.toISOString(),
  };
  return deps.prisma.downloadJob.create({
    data: {
      userId: input.userId,
      type: input.type,
      relatedId: input.relatedId,
      status: 'CREATED',
      exportRequest: JSON.stringify(snapshot),
      createdAt: now,
      updatedAt: now,
      runAt: new Date(now.getTime() + JOB_START_DELAY_MS),
    },
  });
}

/** Seconds a client is told to wait when over the cap: about one job's start delay plus its build. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/**
 * One user may have only `exportsPerUser` downloads waiting or running: one person's flood must not
 * hold the workers (they are also shared round-robin between users, see the runner).
 */
async function assertExportCapacity(
  deps: { prisma: Db; config: Pick<Config, 'exportsPerUser'> },
  userId: string,
): Promise<void> {
  const max = deps.config.exportsPerUser;
  const pending = await deps.prisma.downloadJob.count({
    where: { userId, status: { in: ['CREATED', 'RUNNING'] } },
  });
  if (pending < max) return;
  throw new AppError(
    429,
    'TOO_MANY_EXPORTS',
    `You already have ${max} downloads being prepared. Please wait until one of them is ready, then try again.`,
  ).withHeader('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
}

const BATCH = 20;
/** Longest a timer may wait (setTimeout's limit); a later due time is simply looked at again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Real-time pause before running again when work is still due after a run (never a busy loop). */
const RETRY_FLOOR_MS = 20;

export type JobCompletedHook = (job: DownloadJob) => Promise<void>;

export interface JobRunnerOptions {
  onCompleted?: JobCompletedHook[];
  /** Simulated job faults (the simulator's); none by default. */
  faults?: Pick<FaultHooks, 'takeJobFault'>;
}

/**
 * Moves download jobs CREATED → RUNNING → COMPLETED | FAILED on the simulation clock, applies due
 * collection toggles and expires old exports. All state is in the database, so a restart picks up
 * where it stopped: a job found RUNNING is simply built again (exports are written to a temporary
 * file and renamed).
 *
 * It never polls: after each run it asks the database when the next thing falls due and sets one
 * timer for that moment (in real time, at the clock's speed); with nothing pending no timer is set.
 * `wake()` (after a write that adds work) and any change of the simulation clock (speed, skip ahead)
 * run it again at once. Runs never overlap; `tick()` lets tests drive it after advancing a manual clock.
 */
export function createJobRunner(deps: PortalDeps, log: FastifyBaseLogger, options: JobRunnerOptions = {}) {
  const storage = createExportStorage(deps.config);
  const hooks: JobCompletedHook[] = [...(options.onCompleted ?? [])];
  const faults = options.faults ?? noFaults;
  let timer: NodeJS.Timeout | null = null;
  let wakeAt: Date | null = null;
  let queue: Promise<void> = Promise.resolve();
  let started = false;
  let running = false;
  let wokenWhileRunning = false;
  let runs = 0;
  let unsubscribeClock: (() => void) | null = null;
  // Aborted on stop, so shutdown does not wait for a long export; the job stays RUNNING and is
  // built again after the next start.
  let stopping = new AbortController();

  async function startDue(): Promise<void> {
    const now = deps.clock.now();
    const due = await deps.prisma.downloadJob.findMany({
      where: { status: 'CREATED', runAt: { lte: now } },
      orderBy: { runAt: 'asc' },
      take: BATCH,
    });
    for (const job of due) {
      await deps.prisma.downloadJob.updateMany({
        where: { id: job.id, status: 'CREATED' },
        data: {
          status: 'RUNNING',
          startedAt: now,
          updatedAt: now,
          runAt: new Date(now.getTime() + JOB_MIN_RUNNING_MS),
        },
      });
    }
  }

  async function finish(
    job: DownloadJob,
    outcome: { filePath: string } | { failureReason: string },
  ): Promise<void> {
    const now = deps.clock.now();
    const done = await deps.prisma.downloadJob.updateMany({
      where: { id: job.id, status: 'RUNNING' },
      data:
        'filePath' in outcome
          ? { status: 'COMPLETED', filePath: outcome.filePath, finishedAt: now, updatedAt: now }
          : { status: 'FAILED', failureReason: outcome.failureReason, finishedAt: now, updatedAt: now },
    });
    if (done.count === 0 || !('filePath' in outcome)) return;
    const completed = await deps.prisma.downloadJob.findUnique({ where: { id: job.id } });
    if (!completed) return;
    for (const hook of hooks) {
      try {
        await hook(completed);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'download job completion hook failed');
      }
    }
  }

  // Round-robin between users: after serving a user, the next job goes to the next user (by id) who
  // has one due, so one user's flood never makes another user's single export wait behind all of it.
  let lastServedUser = '';

  async function nextFairJob(): Promise<DownloadJob | null> {
    const due = { status: 'RUNNING', runAt: { lte: deps.clock.now() } } as const;
    const users = await deps.prisma.downloadJob.findMany({
      where: due,
      distinct: ['userId'],
      select: { userId: true },
      orderBy: { userId: 'asc' },
    });
    if (users.length === 0) return null;
    const next = users.find((entry) => entry.userId > lastServedUser) ?? users[0];
    if (!next) return null;
    lastServedUser = next.userId;
    return deps.prisma.downloadJob.findFirst({
      where: { ...due, userId: next.userId },
      orderBy: [{ runAt: 'asc' }, { id: 'asc' }],
    });
  }

  async function completeDue(): Promise<void> {
    for (let built = 0; built < BATCH; built += 1) {
      // Jobs created while the previous export was built join the rotation before the next pick.
      await startDue();
      const job = await nextFairJob();
      if (!job || stopping.signal.aborted) return;
      const fault = await faults.takeJobFault();
      if (fault) {
        log.info({ jobId: job.id }, 'download job failed (simulated fault)');
        await finish(job, { failureReason: fault });
        continue;
      }
      try {
        const filePath = await writeJobExport(deps, storage, job, stopping.signal);
        await finish(job, { filePath });
      } catch (error) {
        if (stopping.signal.aborted) return;
        log.error({ err: error, jobId: job.id }, 'download job failed');
        await finish(job, { failureReason: 'The export could not be created.' });
      }
    }
  }

  /** Deletes exports past their retention; their links then answer EXPORT_EXPIRED. */
  async function expireOld(): Promise<void> {
    const cutoff = new Date(deps.clock.now().getTime() - EXPORT_RETENTION_MS);
    const old = await deps.prisma.downloadJob.findMany({
      where: { status: 'COMPLETED', filePath: { not: null }, finishedAt: { lt: cutoff } },
      select: { id: true, filePath: true },
      take: BATCH,
    });
    for (const job of old) {
      await deps.prisma.downloadJob.update({
        where: { id: job.id },
        data: { filePath: null, downloadToken: null, tokenExpiresAt: null },
      });
      if (job.filePath) await storage.remove(job.filePath);
    }
  }

  async function runOnce(): Promise<void> {
    runs += 1;
    await applyDueCollectionChanges(deps);
    await startDue();
    await completeDue();
    await expireOld();
  }

  /** The earliest moment anything pending falls due on the simulation clock, or null when idle. */
  async function nextDueAt(): Promise<Date | null> {
    const [created, running, changes, exports] = await Promise.all([
      deps.prisma.downloadJob.aggregate({ where: { status: 'CREATED' }, _min: { runAt: true } }),
      deps.prisma.downloadJob.aggregate({ where: { status: 'RUNNING' }, _min: { runAt: true } }),
      deps.prisma.collectionChange.aggregate({ where: { completedAt: null }, _min: { completesAt: true } }),
      deps.prisma.downloadJob.aggregate({
        where: { status: 'COMPLETED', filePath: { not: null } },
        _min: { finishedAt: true },
      }),
    ]);
    const oldestExport = exports._min.finishedAt;
    const candidates = [
      created._min.runAt,
      running._min.runAt,
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
    if (!started || !at) return;
    const simulatedWait = at.getTime() - deps.clock.now().getTime();
    const realWait = Math.min(
      MAX_TIMER_MS,
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
      next = await nextDueAt();
    } catch {
      // Already logged by tick(); look again after the clock's next change or wake-up.
    } finally {
      running = false;
    }
    if (wokenWhileRunning) {
      wokenWhileRunning = false;
      schedule(deps.clock.now());
    } else if (next && next <= deps.clock.now()) {
      // More is due than one run takes (a batch limit) or a failure left it: go on, yielding to I/O.
      schedule(next, RETRY_FLOOR_MS);
    } else {
      schedule(next);
    }
  }

  /** Runs as soon as possible (after the run in progress, if any), then sleeps until the next due time. */
  function wake(): void {
    if (!started) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    schedule(deps.clock.now());
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
      await storage.removeTemporaryFiles();
      unsubscribeClock = deps.clock.onChange(wake);
      wake();
    },
    async stop(): Promise<void> {
      started = false;
      clearTimer();
      unsubscribeClock?.();
      unsubscribeClock = null;
      stopping.abort();
      await queue;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
