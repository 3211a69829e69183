// Leases on download jobs, so that with several instances on one database (team mode) each job is
// built by one instance at a time and a killed instance's jobs are taken over. A lease is two columns
// of the job's row: a claim token (random per claim) and the real time it ends. Taking one is a
// conditional update (only a job nobody holds, or whose lease has ended), so exactly one of several
// instances asking at once gets it, on PostgreSQL as on SQLite. The builder renews it while it works;
// finishing the job clears it. Decision 0056.
import { randomBytes } from 'node:crypto';
import type { World } from '../world.ts';

/** How long a claim holds without renewal: a killed instance's job waits at most this long. */
export const JOB_LEASE_MS = 15_000;
/** How often a builder renews its claim (three chances before the lease ends). */
export const JOB_LEASE_RENEW_MS = 5_000;

export interface JobLease {
  jobId: string;
  token: string;
  /** Aborted when the claim is lost (another instance took the job over). */
  signal: AbortSignal;
  /** Stops renewing; the row is cleared by the update that finishes the job (or by `release`). */
  stop(): void;
}

/** Rows whose lease nobody holds now (never claimed, released, or ended). */
export const unleased = (wallNow: Date) => ({
  OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: wallNow } }],
});

/**
 * Claims a due RUNNING job for this runner, or answers null when another instance holds it (or it is
 * no longer RUNNING). `previousOwner` tells whether the claim took over an ended lease.
 */
export async function claimJob(
  { prisma, wallClock }: Pick<World, 'prisma' | 'wallClock'>,
  jobId: string,
  onLost: () => void,
): Promise<(JobLease & { tookOver: boolean }) | null> {
  const token = randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '0');
  const wallNow = wallClock.now();
  const before = await prisma.downloadJob.findUnique({ where: { id: jobId }, select: { leaseOwner: true } });
  const claimed = await prisma.downloadJob.updateMany({
    where: { id: jobId, status: 'RUNNING', ...unleased(wallNow) },
    data: { leaseOwner: token, leaseExpiresAt: new Date(wallNow.getTime() + JOB_LEASE_MS) },
  });
  if (claimed.count === 0) return null;
  const lost = new AbortController();
  const renew = setInterval(() => {
    prisma.downloadJob
      .updateMany({
        where: { id: jobId, leaseOwner: token },
        data: { leaseExpiresAt: new Date(wallClock.now().getTime() + JOB_LEASE_MS) },
      })
      .then((renewed) => {
        if (renewed.count === 0 && !lost.signal.aborted) {
          lost.abort();
          onLost();
        }
      })
      // A renewal that fails (database out of reach) is tried again; the lease may end meanwhile.
      .catch(() => undefined);
  }, JOB_LEASE_RENEW_MS);
  renew.unref();
  return {
    jobId,
    token,
    signal: lost.signal,
    tookOver: before?.leaseOwner != null,
    stop: () => clearInterval(renew),
  };
}

/** Gives a claim back (a stopping instance), so another instance need not wait for it to end. */
export async function releaseJob(
  { prisma }: Pick<World, 'prisma'>,
  lease: Pick<JobLease, 'jobId' | 'token'>,
): Promise<void> {
  await prisma.downloadJob.updateMany({
    where: { id: lease.jobId, leaseOwner: lease.token },
    data: { leaseOwner: null, leaseExpiresAt: null },
  });
}

/** The claim token an export file name carries (`{jobId}-{token}.zip`, `….zip.tmp-…`), if any. */
export function claimTokenOf(fileName: string): string | null {
  return /-([A-Za-z0-9]{12})\.zip(?:\.tmp-[0-9a-f]+)?$/.exec(fileName)?.[1] ?? null;
}
