// Export runs: download jobs CREATED → RUNNING → COMPLETED | FAILED. A due RUNNING job is built by
// whichever instance claims it first (job-leases.ts); the claim's token is in the file name, and the
// update that finishes the job only counts while the claim is still held, so a job completes exactly
// once and a builder that lost its claim removes its own file. Simulated job faults (the simulator's
// `downloadJob` faults) fail the next job that finishes.
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDeps } from '../deps.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import type { FaultHooks } from '../hooks.ts';
import type { ExportStorage } from './export-storage.ts';
import { writeJobExport } from './job-export.ts';
import { claimJob, type JobLease, releaseJob, unleased } from './job-leases.ts';
import { JOB_MIN_RUNNING_MS } from './job-snapshot.ts';

export const BATCH = 20;

export type JobCompletedHook = (job: DownloadJob) => Promise<void>;

export interface ExportRunsOptions {
  storage: ExportStorage;
  hooks: JobCompletedHook[];
  faults: Pick<FaultHooks, 'takeJobFault'>;
  /** Runs after a claim took over a lease that had ended (another instance died while building). */
  onTakeover: () => Promise<void>;
}

export function createExportRuns(deps: PortalDeps, log: FastifyBaseLogger, options: ExportRunsOptions) {
  const { storage, hooks, faults } = options;

  /** CREATED jobs whose start is due become RUNNING (a conditional update: once, on one instance). */
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

  /** Ends a job this runner holds; false when the claim was lost meanwhile (nothing is changed then). */
  async function finish(
    job: DownloadJob,
    lease: JobLease,
    outcome: { filePath: string } | { failureReason: string },
  ): Promise<boolean> {
    const now = deps.clock.now();
    const done = await deps.prisma.downloadJob.updateMany({
      where: { id: job.id, status: 'RUNNING', leaseOwner: lease.token },
      data: {
        ...('filePath' in outcome
          ? { status: 'COMPLETED', filePath: outcome.filePath }
          : { status: 'FAILED', failureReason: outcome.failureReason }),
        finishedAt: now,
        updatedAt: now,
        leaseOwner: null,
        leaseExpiresAt: null,
      },
    });
    if (done.count === 0) return false;
    log.info(
      { jobId: job.id, status: 'filePath' in outcome ? 'COMPLETED' : 'FAILED' },
      'download job finished',
    );
    if (!('filePath' in outcome)) return true;
    const completed = await deps.prisma.downloadJob.findUnique({ where: { id: job.id } });
    if (!completed) return true;
    for (const hook of hooks) {
      try {
        await hook(completed);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'download job completion hook failed');
      }
    }
    return true;
  }

  // Round-robin between users: after serving a user, the next job goes to the next user (by id) who
  // has one due, so one user's flood never makes another user's single export wait behind all of it.
  let lastServedUser = '';

  /** The next due job nobody holds, fairly between users, claimed for this runner; null when none. */
  async function claimNextFairJob(): Promise<{
    job: DownloadJob;
    lease: JobLease;
    tookOver: boolean;
  } | null> {
    for (let attempt = 0; attempt < BATCH; attempt += 1) {
      const due = { status: 'RUNNING', runAt: { lte: deps.clock.now() }, ...unleased(deps.wallClock.now()) };
      const users = await deps.prisma.downloadJob.findMany({
        where: due,
        distinct: ['userId'],
        select: { userId: true },
        orderBy: { userId: 'asc' },
      });
      const next = users.find((entry) => entry.userId > lastServedUser) ?? users[0];
      if (!next) return null;
      lastServedUser = next.userId;
      const job = await deps.prisma.downloadJob.findFirst({
        where: { ...due, userId: next.userId },
        orderBy: [{ runAt: 'asc' }, { id: 'asc' }],
      });
      if (!job) continue;
      const lease = await claimJob(deps, job.id, () =>
        log.warn({ jobId: job.id }, 'download job taken over by another instance: this build is dropped'),
      );
      // Another instance claimed it first: look again.
      if (lease) return { job, lease, tookOver: lease.tookOver };
    }
    return null;
  }

  /** Builds up to BATCH due jobs, one at a time; stops early when `stopping` is aborted. */
  async function completeDue(stopping: AbortSignal): Promise<void> {
    for (let built = 0; built < BATCH; built += 1) {
      // Jobs created while the previous export was built join the rotation before the next pick.
      await startDue();
      if (stopping.aborted) return;
      const claimed = await claimNextFairJob();
      if (!claimed) return;
      const { job, lease } = claimed;
      log.info({ jobId: job.id, lease: lease.token }, 'download job claimed');
      try {
        if (claimed.tookOver) {
          log.info({ jobId: job.id }, 'download job taken over after its lease ended');
          await options.onTakeover();
        }
        await build(job, lease, stopping);
      } finally {
        lease.stop();
        // A stopping instance gives its claim back: another instance takes the job at once.
        if (stopping.aborted) await releaseJob(deps, lease).catch(() => undefined);
      }
    }
  }

  async function build(job: DownloadJob, lease: JobLease, stopping: AbortSignal): Promise<void> {
    const fault = await faults.takeJobFault();
    if (fault) {
      log.info({ jobId: job.id }, 'download job failed (simulated fault)');
      await finish(job, lease, { failureReason: fault });
      return;
    }
    const signal = AbortSignal.any([stopping, lease.signal]);
    let filePath: string;
    try {
      filePath = await writeJobExport(deps, storage, job, storage.fileNameFor(job.id, lease.token), signal);
    } catch (error) {
      if (signal.aborted) return;
      log.error({ err: error, jobId: job.id }, 'download job failed');
      await finish(job, lease, { failureReason: 'The export could not be created.' });
      return;
    }
    // A claim lost while the file was written: the other instance's build is the one that counts.
    if (!(await finish(job, lease, { filePath }))) await storage.remove(filePath);
  }

  return { startDue, completeDue };
}
