import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PortalDeps } from '../deps.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
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

/** Operation id of the simulator's job-level fault: a Fault row with it fails the next job that finishes. */
export const JOB_FAULT_OPERATION_ID = 'downloadJob';
const TICK_MS = 250;
const BATCH = 20;

export type JobCompletedHook = (job: DownloadJob) => Promise<void>;

export interface JobRunnerOptions {
  onCompleted?: JobCompletedHook[];
  /** Milliseconds between ticks (default 250). */
  tickMs?: number;
  /** Ticks are skipped while this answers false (an idle sandbox). */
  isActive?: () => boolean;
}

/**
 * Moves download jobs CREATED → RUNNING → COMPLETED | FAILED on the simulation clock, and applies due
 * collection toggles. All state is in the database, so a restart picks up where it stopped: a job
 * found RUNNING is simply built again (exports are written to a temporary file and renamed).
 * Ticks never overlap; `tick()` lets tests drive it after advancing a manual clock.
 */
export function createJobRunner(deps: PortalDeps, log: FastifyBaseLogger, options: JobRunnerOptions = {}) {
  const storage = createExportStorage(deps.config);
  const hooks: JobCompletedHook[] = [...(options.onCompleted ?? [])];
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();
  let busy = false;
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
      const fault = await consumeJobFault(deps.prisma);
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
    await applyDueCollectionChanges(deps);
    await startDue();
    await completeDue();
    await expireOld();
  }

  function tick(): Promise<void> {
    const next = queue.then(runOnce);
    queue = next.catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'));
    return next;
  }

  return {
    storage,
    tick,
    onCompleted(hook: JobCompletedHook): void {
      hooks.push(hook);
    },
    async start(): Promise<void> {
      if (timer) return;
      stopping = new AbortController();
      await storage.removeTemporaryFiles();
      timer = setInterval(() => {
        if (busy || options.isActive?.() === false) return;
        busy = true;
        tick()
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      }, options.tickMs ?? TICK_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await queue;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** Takes one use of an armed `downloadJob` fault, if any; answers the failure reason to record. */
async function consumeJobFault(prisma: PortalDeps['prisma']): Promise<string | null> {
  return prisma.$transaction(async (tx) => {
    const fault = await tx.fault.findFirst({
      where: { operationId: JOB_FAULT_OPERATION_ID, remaining: { gt: 0 } },
      orderBy: { createdAt: 'asc' },
    });
    if (!fault) return null;
    await tx.fault.update({ where: { id: fault.id }, data: { remaining: { decrement: 1 } } });
    return fault.code ? `Simulated failure (${fault.code}).` : 'Simulated failure.';
  });
}
