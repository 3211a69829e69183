// Writes beside Prisma on SQLite (decision 0123). A CPU profile of an invitation's creation at 50
// connections put half of the request's CPU in Prisma's client and adapter (planning the nested create,
// its promises, mapping its answer) for five statements that take SQLite some 100 µs. The lane runs such
// a write as one synchronous transaction of prepared statements on the very connection Prisma writes on,
// so it is ordered with Prisma's own writes: a Prisma interactive transaction that is open (BEGIN sent,
// its next query awaited) is waited for, never joined; while the lane's transaction runs, nothing else
// runs on the event loop. Triggers, foreign keys and the change tokens (db/sqlite-changes.ts) apply as
// to any other write. The bodies handed over while one turn of the event loop serves its ready sockets
// commit together (decision 0131), each a savepoint of one transaction. Errors come back as the Prisma
// errors the services already handle (P2002 for a duplicate, P2003 for a missing parent), and SQLite's
// own busy codes as before (db/unavailable.ts).

import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import type BetterSqlite3 from 'better-sqlite3';
import { Prisma } from '../generated/prisma/client.ts';
import { lookAgain } from './read-freshness.ts';

/** A value as a row holds it: SQLite gets dates and booleans as Prisma's adapter writes them. */
/** A column's value; a Uint8Array is a BLOB (BYTEA). */
export type Cell = string | number | boolean | Date | Uint8Array | null;
export type Row = Readonly<Record<string, Cell | undefined>>;

/** The text Prisma's SQLite adapter stores for a DateTime, so raw and Prisma rows compare alike. */
const sqliteDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

export function sqliteCell(value: Cell | undefined): string | number | Uint8Array | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return sqliteDate(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * The columns Prisma's `@updatedAt` sets on every create and update: the lane sets them too, unless the
 * row gives them (db/row-writes.test.ts checks this list against prisma/schema.prisma).
 */
export const UPDATED_AT_COLUMNS: Readonly<Partial<Record<Prisma.ModelName, readonly string[]>>> = {
  SimState: ['updatedAt'],
};

const stamped = (table: Prisma.ModelName, row: Row): Row => {
  const stamps = UPDATED_AT_COLUMNS[table];
  if (!stamps) return row;
  const now = new Date();
  return { ...Object.fromEntries(stamps.map((column) => [column, now])), ...row };
};

/** What a lane's transaction can do: rows by table (SQL made from the row's columns) and reads. */
export interface LaneWriter {
  insert(table: Prisma.ModelName, row: Row): void;
  /** Sets `set` on the rows matching every column of `where`; answers how many changed. */
  update(table: Prisma.ModelName, where: Row, set: Row): number;
  /** Removes the rows matching every column of `where`; answers how many went. */
  remove(table: Prisma.ModelName, where: Row): number;
  /** One row of a hand-written read (values bound in order). */
  get<T>(sql: string, ...values: Cell[]): T | undefined;
  all<T>(sql: string, ...values: Cell[]): T[];
}

export interface WriteLane {
  /**
   * Runs `fn` in one go, all or nothing (a throw rolls back what it wrote), inside a transaction
   * (BEGIN IMMEDIATE … COMMIT) it may share with the other bodies handed over in the same turn of the
   * event loop, each of them a savepoint of it; resolves once that transaction has committed.
   */
  run<T>(fn: (writer: LaneWriter) => T): Promise<T>;
}

export interface LaneState {
  handle?: BetterSqlite3.Database;
  lane?: WriteLane;
  /** Called when a Prisma transaction on the connection ends. */
  waiters: Array<() => void>;
}

const states = new WeakMap<object, LaneState>();

/** The lane of a client opened by db/client.ts on SQLite; none for PostgreSQL and transaction clients. */
export function writeLane(client: object): WriteLane | undefined {
  const state = states.get(client);
  if (!state?.handle) return undefined;
  state.lane ??= createLane(state.handle, state);
  return state.lane;
}

/** A new lane state, to be tied to a client with `registerLane` and to its connection by `attachLane`. */
export const newLaneState = (): LaneState => ({ waiters: [] });

export function registerLane(client: object, state: LaneState): void {
  states.set(client, state);
}

/**
 * Ties the lane to the adapter's connection and watches the adapter's transactions, so the lane waits
 * for an open one to end. `handle` is the better-sqlite3 database itself (not a wrapper).
 */
export function attachLane(state: LaneState, adapter: SqlDriverAdapter, handle: BetterSqlite3.Database) {
  state.handle = handle;
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => {
    const transaction = await start(...args);
    const ended = () => {
      for (const wake of state.waiters.splice(0)) wake();
    };
    const commit = transaction.commit.bind(transaction);
    const rollback = transaction.rollback.bind(transaction);
    transaction.commit = () => commit().finally(ended);
    transaction.rollback = () => rollback().finally(ended);
    return transaction;
  };
}

/** How long a waiting write sleeps before it looks again if no end was seen (a BEGIN sent as raw SQL). */
const RECHECK_MS = 5;

function createLane(handle: BetterSqlite3.Database, state: LaneState): WriteLane {
  const statements = new Map<string, BetterSqlite3.Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = handle.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const columns = (row: Row) => Object.keys(row).filter((column) => row[column] !== undefined);
  const matching = (where: Row) => {
    const keys = columns(where);
    if (keys.length === 0) throw new Error('A lane update or removal names the rows it changes');
    return { keys, sql: keys.map((key) => `"${key}" = ?`).join(' AND ') };
  };
  const writer: LaneWriter = {
    insert(table, given) {
      const row = stamped(table, given);
      const keys = columns(row);
      const sql = `INSERT INTO "${table}" (${keys.map((key) => `"${key}"`).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`;
      prepared(sql).run(keys.map((key) => sqliteCell(row[key])));
    },
    update(table, where, changes) {
      const set = stamped(table, changes);
      const keys = columns(set);
      const filter = matching(where);
      const sql = `UPDATE "${table}" SET ${keys.map((key) => `"${key}" = ?`).join(', ')} WHERE ${filter.sql}`;
      const values = [...keys.map((key) => set[key]), ...filter.keys.map((key) => where[key])];
      return prepared(sql).run(values.map(sqliteCell)).changes;
    },
    remove(table, where) {
      const filter = matching(where);
      return prepared(`DELETE FROM "${table}" WHERE ${filter.sql}`).run(
        filter.keys.map((key) => sqliteCell(where[key])),
      ).changes;
    },
    get: <T>(sql: string, ...values: Cell[]) => prepared(sql).get(values.map(sqliteCell)) as T | undefined,
    all: <T>(sql: string, ...values: Cell[]) => prepared(sql).all(values.map(sqliteCell)) as T[],
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RECHECK_MS);
      state.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  // One body as a transaction of its own, or (called inside `group`) as a savepoint of the group's.
  const one = handle.transaction(<T>(fn: (w: LaneWriter) => T) => fn(writer));
  const group = handle.transaction((entries: readonly Queued[]) =>
    entries.map((entry): Outcome => {
      try {
        return { value: one(entry.fn) };
      } catch (error) {
        // A failure that ended the whole transaction (SQLite rolls back on some errors): nothing of
        // the group holds, so every body of it fails; the bodies after it do not run.
        if (!handle.inTransaction) throw error;
        return { error };
      }
    }),
  );
  let queue: Queued[] = [];
  let flushing = false;
  const flush = async () => {
    // A Prisma transaction on this connection is between two of its queries: its statements and
    // ours must not mix, so wait until it has ended (the adapter runs one at a time).
    while (handle.inTransaction) await idle();
    flushing = false;
    const entries = queue;
    queue = [];
    if (entries.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes =
        entries.length === 1
          ? [{ value: one.immediate((entries[0] as Queued).fn) }]
          : group.immediate(entries);
    } catch (error) {
      for (const entry of entries) entry.reject(asPrismaError(error));
      return;
    } finally {
      // The remembered reads look again for what the group committed (db/read-freshness.ts).
      lookAgain();
    }
    outcomes.forEach((outcome, at) => {
      const entry = entries[at] as Queued;
      if ('error' in outcome) entry.reject(asPrismaError(outcome.error));
      else entry.resolve(outcome.value);
    });
  };
  return {
    run<T>(fn: (writer: LaneWriter) => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        // The bodies handed over while this turn's ready sockets are served commit together after
        // them (decision 0131): one BEGIN, one COMMIT and one write of each changed page for all.
        if (!flushing) {
          flushing = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}

/** A body waiting for its group's commit. */
interface Queued {
  fn: (writer: LaneWriter) => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { value: unknown } | { error: unknown };

const PRISMA_CODES: Readonly<Record<string, string>> = {
  SQLITE_CONSTRAINT_UNIQUE: 'P2002',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'P2002',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'P2003',
};

/** A constraint failure as the Prisma error the services already tell apart; anything else as it was. */
function asPrismaError(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  const prismaCode = typeof code === 'string' ? PRISMA_CODES[code] : undefined;
  if (!prismaCode) return error;
  return new Prisma.PrismaClientKnownRequestError((error as Error).message, {
    code: prismaCode,
    clientVersion: Prisma.prismaVersion.client,
    meta: { driverCode: code },
  });
}
