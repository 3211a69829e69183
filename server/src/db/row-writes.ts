// A short write as a list of row steps, the same on both engines (decision 0123): inserts, removals and
// updates that must find their row (a status changed only from the one that was read). On SQLite the steps run
// as one synchronous transaction on the write lane (db/sqlite-write-lane.ts); on PostgreSQL, or inside a
// caller's Prisma transaction, they run through Prisma in one transaction. Either way a duplicate key
// fails with P2002 and an update that finds no row with P2025, and nothing of the list is written.
import { Prisma } from '../generated/prisma/client.ts';
import type { Db, PortalPrisma } from './client.ts';
import { type Row, writeLane } from './sqlite-write-lane.ts';

export type { Row };

export type RowStep =
  | { insert: Prisma.ModelName; row: Row }
  /** Changes the one row matching `where` (every column); none found fails the whole list (P2025). */
  | { update: Prisma.ModelName; where: Row; set: Row }
  /** Removes the rows matching `where` (every column), if any. */
  | { remove: Prisma.ModelName; where: Row };

/** The error Prisma gives for an update that finds no row: the callers' "someone changed it first". */
export const rowNotFound = () =>
  new Prisma.PrismaClientKnownRequestError('No row matched the update', {
    code: 'P2025',
    clientVersion: Prisma.prismaVersion.client,
  });

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
        else if (writer.update(step.update, step.where, step.set) === 0) throw rowNotFound();
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

interface Delegate {
  createMany(args: { data: Row[] }): Promise<unknown>;
  updateMany(args: { where: Row; data: Row }): Promise<{ count: number }>;
  deleteMany(args: { where: Row }): Promise<unknown>;
}

const delegateOf = (db: Db, table: Prisma.ModelName) =>
  (db as unknown as Record<string, Delegate>)[table.charAt(0).toLowerCase() + table.slice(1)] as Delegate;

async function writeWithPrisma(db: Db, steps: readonly RowStep[]): Promise<void> {
  for (const step of steps) {
    if ('insert' in step) {
      await delegateOf(db, step.insert).createMany({ data: [step.row] });
    } else if ('remove' in step) {
      await delegateOf(db, step.remove).deleteMany({ where: step.where });
    } else {
      const { count } = await delegateOf(db, step.update).updateMany({ where: step.where, data: step.set });
      if (count === 0) throw rowNotFound();
    }
  }
}
