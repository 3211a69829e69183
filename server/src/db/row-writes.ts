// A short write as a list of row steps, the same on both engines (decision 0123): inserts, removals and
// updates that must find their row (a status changed only from the one that was read). On SQLite the steps run
// as one synchronous transaction on the write lane (db/sqlite-write-lane.ts); on PostgreSQL, or inside a
// caller's Prisma transaction, they run through Prisma in one transaction. Either way a duplicate key
// fails with P2002 and an update that finds no row with P2025, and nothing of the list is written.
import { Prisma } from '../generated/prisma/client.ts';
import type { Db, PortalPrisma } from './client.ts';
import { holdLock, type LockName } from './locks.ts';
import { type LaneWriter, type Row, writeLane } from './sqlite-write-lane.ts';

export type { LaneWriter, Row };

export type RowStep =
  | { insert: Prisma.ModelName; row: Row }
  /** Changes the one row matching `where` (every column); none found fails the whole list (P2025). */
  | { update: Prisma.ModelName; where: Row; set: Row }
  /** Removes the rows matching `where` (every column), if any. */
  | { remove: Prisma.ModelName; where: Row }
  /** Changes the row with the unique key `where`, or inserts `where` and `set` as a new row. */
  | { upsert: Prisma.ModelName; where: Row; set: Row };

/** The error Prisma gives for an update that finds no row: the callers' "someone changed it first". */
export const rowNotFound = () =>
  new Prisma.PrismaClientKnownRequestError('No row matched the update', {
    code: 'P2025',
    clientVersion: Prisma.prismaVersion.client,
  });

/** Whether `error` is an update's "no row matched" (P2025): someone changed the row first. */
export const isRowNotFound = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';

/** For `.catch`: a duplicate key (P2002) is the outcome wanted; any other error is thrown again. */
export function unlessDuplicate(error: unknown): void {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
}

/** Writes `steps` in order, all or nothing. */
export async function writeRows(db: Db | PortalPrisma, steps: readonly RowStep[]): Promise<void> {
  const lane = writeLane(db);
  if (lane) {
    await lane.run((writer) => {
      for (const step of steps) {
        if ('insert' in step) writer.insert(step.insert, step.row);
        else if ('remove' in step) writer.remove(step.remove, step.where);
        else if ('upsert' in step) {
          if (writer.update(step.upsert, step.where, step.set) === 0)
            writer.insert(step.upsert, { ...step.where, ...step.set });
        } else if (writer.update(step.update, step.where, step.set) === 0) throw rowNotFound();
      }
    });
    return;
  }
  const client = db as Db & { $transaction?: PortalPrisma['$transaction'] };
  // One statement is atomic by itself: no transaction's round trips around it.
  if (steps.length > 1 && typeof client.$transaction === 'function') {
    await client.$transaction((tx) => writeWithPrisma(tx, steps));
  } else {
    await writeWithPrisma(db, steps);
  }
}

/**
 * A short transaction that reads, checks and writes, given once per engine: on SQLite as one synchronous
 * transaction on the write lane (its BEGIN IMMEDIATE already orders it with every other writer), elsewhere
 * as a Prisma transaction that first holds the advisory lock `lock` (db/locks.ts), so two calls at once on
 * any instance cannot both pass the checks. Both bodies must check and write the same; either refuses by
 * throwing, and nothing of it is written.
 */
export async function checkedWrite<T>(
  db: PortalPrisma,
  lock: LockName,
  body: { onLane(writer: LaneWriter): T; onPrisma(tx: Db): Promise<T> },
): Promise<T> {
  const lane = writeLane(db);
  if (lane) return lane.run((writer) => body.onLane(writer));
  return db.$transaction(async (tx) => {
    await holdLock(tx, lock);
    return body.onPrisma(tx);
  });
}

/** A count from a lane read (SQLite's integers come back as bigint). */
export const laneCount = (row: { n: number | bigint } | undefined): number => Number(row?.n ?? 0);

interface Delegate {
  createMany(args: { data: Row[] }): Promise<unknown>;
  updateMany(args: { where: Row; data: Row }): Promise<{ count: number }>;
  deleteMany(args: { where: Row }): Promise<unknown>;
  upsert(args: { where: Row; create: Row; update: Row }): Promise<unknown>;
}

const delegateOf = (db: Db, table: Prisma.ModelName) =>
  (db as unknown as Record<string, Delegate>)[table.charAt(0).toLowerCase() + table.slice(1)] as Delegate;

async function writeWithPrisma(db: Db, steps: readonly RowStep[]): Promise<void> {
  for (const step of steps) {
    if ('insert' in step) {
      await delegateOf(db, step.insert).createMany({ data: [step.row] });
    } else if ('remove' in step) {
      await delegateOf(db, step.remove).deleteMany({ where: step.where });
    } else if ('upsert' in step) {
      const { where, set } = step;
      await delegateOf(db, step.upsert).upsert({ where, create: { ...where, ...set }, update: set });
    } else {
      const { count } = await delegateOf(db, step.update).updateMany({ where: step.where, data: step.set });
      if (count === 0) throw rowNotFound();
    }
  }
}
