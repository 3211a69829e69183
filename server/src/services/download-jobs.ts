// Creating download jobs: the export snapshot frozen at creation and the exports-per-user cap, counted
// and written in one checked write that holds the user's lock (on any instance; on SQLite one synchronous
// transaction on the write lane). The job runner (jobs.ts) takes the jobs from there.
import type { Config } from '../config.ts';
import type { Db, PortalPrisma } from '../db/client.ts';
import { newRowId } from '../db/row-ids.ts';
import { checkedWrite, type LaneWriter } from '../db/row-writes.ts';
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
  /**
   * The products' collection periods that began before the job's `now`, when the caller read them with
   * the products in the job's own transaction (one statement instead of two); read by the job's write
   * otherwise.
   */
  periods?: readonly PeriodRow[];
}

/**
 * Creates a CREATED job; the job runner takes it from there. The collection periods are frozen now,
 * so toggling collection while the job waits or runs does not change what it exports. A checked write
 * (db/row-writes.ts, decision 0124) holding the user's exports lock: two calls at once (on any instance)
 * cannot both see room for one more.
 */
export async function createDownloadJob(
  world: JobDeps,
  input: CreateDownloadJobInput | JobInputSource,
): Promise<DownloadJob> {
  const source: JobInputSource =
    'products' in input ? { userId: input.userId, onLane: () => input, onPrisma: async () => input } : input;
  // One instant for what the source reads and for the job's snapshot.
  const now = world.clock.now();
  return checkedWrite(world.prisma, `exports:${source.userId}`, {
    onLane: (writer) =>
      insertDownloadJobOnLane(writer, world, ownInput(source, source.onLane(writer, now)), now),
    onPrisma: async (tx) =>
      insertDownloadJob({ ...world, prisma: tx }, ownInput(source, await source.onPrisma(tx, now)), now),
  });
}

/**
 * What a job exports, read in the job's own transaction (so a change that commits first wins): on
 * SQLite's write lane by hand-written SQL, elsewhere through Prisma. Either may refuse by throwing.
 * `now` is the job's creation instant: only collection periods that began before it are exported.
 */
export interface JobInputSource {
  /** Whose job: its exports are counted under this user's lock. */
  userId: string;
  onLane(writer: LaneWriter, now: Date): CreateDownloadJobInput;
  onPrisma(tx: Db, now: Date): Promise<CreateDownloadJobInput>;
}

type JobDeps = { prisma: PortalPrisma; clock: Clock; config: Pick<Config, 'exportsPerUser'> };

/** The job read for the user whose lock is held, or a programming error. */
function ownInput(source: JobInputSource, read: CreateDownloadJobInput): CreateDownloadJobInput {
  if (read.userId !== source.userId) throw new Error("A download job is written under its own user's lock");
  return read;
}

export interface PeriodRow {
  productId: string;
  enabledAt: Date;
  disabledAt: Date | null;
}

async function insertDownloadJob(
  world: Omit<JobDeps, 'prisma'> & { prisma: Db },
  input: CreateDownloadJobInput,
  now: Date,
): Promise<DownloadJob> {
  const pending = await world.prisma.pendingExports.findUnique({ where: { userId: input.userId } });
  assertExportCapacity(world, pending?.count ?? 0);
  const periods =
    input.periods ??
    (await world.prisma.collectionPeriod.findMany({
      where: { productId: { in: input.products.map((product) => product.id) }, enabledAt: { lt: now } },
      orderBy: { enabledAt: 'asc' },
    }));
  return world.prisma.downloadJob.create({ data: jobRow(input, periods, now) });
}

/**
 * The same as one synchronous transaction on SQLite's write lane: one count, the periods' read (unless
 * the source read them with its products), one insert.
 */
function insertDownloadJobOnLane(
  writer: LaneWriter,
  world: JobDeps,
  input: CreateDownloadJobInput,
  now: Date,
) {
  const pending = writer.get<{ n: number | bigint }>(PENDING_EXPORTS_SQL, input.userId);
  assertExportCapacity(world, Number(pending?.n ?? 0));
  const periods = input.periods ?? lanePeriods(writer, input, now);
  const job: DownloadJob = { ...JOB_DEFAULTS, ...jobRow(input, periods, now), id: newRowId() };
  writer.insert('DownloadJob', job);
  return job;
}

/** The collection periods of the job's products that began before `now`, oldest first. */
function lanePeriods(writer: LaneWriter, input: CreateDownloadJobInput, now: Date): PeriodRow[] {
  return writer
    .all<{ productId: string; enabledAt: string; disabledAt: string | null }>(
      `SELECT "productId", "enabledAt", "disabledAt" FROM "CollectionPeriod"
        WHERE "productId" IN (SELECT value FROM json_each(?)) AND "enabledAt" < ? ORDER BY "enabledAt"`,
      JSON.stringify(input.products.map((product) => product.id)),
      now,
    )
    .map((row) => ({
      productId: row.productId,
      enabledAt: new Date(row.enabledAt),
      disabledAt: row.disabledAt === null ? null : new Date(row.disabledAt),
    }));
}

/**
 * A user's waiting and running jobs (parameter: the user's id): one row the database's triggers keep
 * (PendingExports, migration download_jobs_pending_count), not a count of the jobs, which grows with them.
 */
const PENDING_EXPORTS_SQL = 'SELECT "count" AS n FROM "PendingExports" WHERE "userId" = ?';

/** The columns a new job leaves empty (what Prisma answers for them). */
const JOB_DEFAULTS = {
  startedAt: null,
  finishedAt: null,
  failureReason: null,
  filePath: null,
  downloadToken: null,
  tokenExpiresAt: null,
  leaseOwner: null,
  leaseExpiresAt: null,
} as const;

/** A new job's row, its export snapshot made of the products' periods that began before `now`. */
function jobRow(input: CreateDownloadJobInput, periods: readonly PeriodRow[], now: Date) {
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
  return {
    userId: input.userId,
    type: input.type,
    relatedId: input.relatedId,
    status: 'CREATED',
    exportRequest: JSON.stringify(snapshot),
    createdAt: now,
    updatedAt: now,
    runAt: new Date(now.getTime() + JOB_START_DELAY_MS),
  };
}

/** Seconds a client is told to wait when over the cap: about one job's start delay plus its build. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/**
 * One user may have only `exportsPerUser` downloads waiting or running: one person's flood must not
 * hold the workers (they are also shared round-robin between users, see the runner).
 */
function assertExportCapacity(world: { config: Pick<Config, 'exportsPerUser'> }, pending: number): void {
  const max = world.config.exportsPerUser;
  if (pending < max) return;
  throw new AppError(
    429,
    'TOO_MANY_EXPORTS',
    `You already have ${max} downloads being prepared. Please wait until one of them is ready, then try again.`,
  ).withHeader('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
}
