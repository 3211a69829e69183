// The prepared statements of the hot-reads connection (db/hot-reads.ts, db/list-reads.ts,
// db/connected-users.ts) write each value's placeholder as `+?`, never a bare `?`. SQLite's build in
// better-sqlite3 has STAT4, and with it a joined statement whose WHERE compares a column with a bare
// `?` (which SQLite's constant propagation carries across the join) is marked to be compiled again
// whenever that parameter is bound, which better-sqlite3 does on every run: about 10 µs per read, 90 %
// of the statement's cost (the current user's read: 31 µs inside a read transaction, 3.4 µs with
// `+?`). A unary `+` on the value keeps its meaning (no affinity of its own, so the column's applies as
// before) and the plan's index use (it is on the value, not on the column). Decision 0065.
import type Database from 'better-sqlite3';

/** A value's placeholder in a SQLite read. */
export const BOUND = '+?';

const bareParameter = /(^|[^+])\?/;

/** Prepares a read of the hot-reads connection; refuses SQL with a bare `?` placeholder. */
export function prepareRead<Params extends unknown[], Row = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<Params, Row> {
  if (bareParameter.test(sql)) throw new Error(`A SQLite read binds its values as ${BOUND}: ${sql}`);
  return db.prepare<Params, Row>(sql);
}
