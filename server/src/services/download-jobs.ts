// Creating download jobs: the export snapshot frozen at creation and the exports-per-user cap, counted
// and written in one transaction that holds the user's lock (on any instance). The job runner
// (jobs.ts) takes the jobs from there.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { holdLock } from '../db/locks.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import {
  type ExportSnapshot,
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
  world: { prisma: Db; clock: Clock; config: Pick<Config, 'exportsPerUser'> },
  input: CreateDownloadJobInput,
): Promise<DownloadJob> {
  // The cap is counted and the job written in one transaction that holds the user's lock: two calls at
  // once (on any instance) cannot both see room for one more.
  return inTransaction(world.prisma, async (tx) => {
    await holdLock(tx, `exports:${input.userId}`);
    return insertDownloadJob({ ...world, prisma: tx }, input);
  });
}

/** Runs `fn` in a transaction: a new one on a client, the caller's own on a transaction client. */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const client = db as Db & { $transaction?: (fn: (tx: Db) => Promise<T>) => Promise<T> };
  return typeof client.$transaction === 'function' ? client.$transaction(fn) : fn(db);
}

async function insertDownloadJob(
  world: { prisma: Db; clock: Clock; config: Pick<Config, 'exportsPerUser'> },
  input: CreateDownloadJobInput,
): Promise<DownloadJob> {
  await assertExportCapacity(world, input.userId);
  const now = world.clock.now();
  const ids = input.products.map((product) => product.id);
  const periods = await world.prisma.collectionPeriod.findMany({
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
  return world.prisma.downloadJob.create({
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
  world: { prisma: Db; config: Pick<Config, 'exportsPerUser'> },
  userId: string,
): Promise<void> {
  const max = world.config.exportsPerUser;
  const pending = await world.prisma.downloadJob.count({
    where: { userId, status: { in: ['CREATED', 'RUNNING'] } },
  });
  if (pending < max) return;
  throw new AppError(
    429,
    'TOO_MANY_EXPORTS',
    `You already have ${max} downloads being prepared. Please wait until one of them is ready, then try again.`,
  ).withHeader('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
}
