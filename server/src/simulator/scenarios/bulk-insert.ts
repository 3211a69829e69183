// Batched multi-row INSERTs inside the scenario's transaction. Prisma's createMany sends every row
// through the query engine; a scenario of half a million rows loads several times faster as a few
// hundred `INSERT ... VALUES (...), (...)` statements (see docs/decisions/0016). One variant per engine:
// SQLite binds `?` and stores dates as the text Prisma's adapter writes; PostgreSQL takes a whole batch
// as one JSON parameter that the server turns into rows of the table's own type
// (`json_populate_recordset`), instead of tens of thousands of bound values per statement. On
// PostgreSQL the JSON text of the next batch is built while the server inserts the last, and a load
// of many rows drops the table's secondary indexes and foreign keys first and re-creates them after
// (one sort per index and one join per key instead of row-by-row upkeep; inside the caller's
// transaction, so a failed load leaves them as they were). On SQLite a load of many rows runs without the
// table's change trigger and moves the table's change token once at the end, in the same transaction.
import { type Db, engineOfClient } from '../../db/client.ts';
import { changeTriggerName, newChangeTokens, wholeTableChange } from '../../db/sqlite-changes.ts';
import { type Cell, sqliteCell } from '../../db/sqlite-write-lane.ts';

export type Row = Readonly<Record<string, Cell>>;

// SQLite's default SQLITE_MAX_VARIABLE_NUMBER is 32,766 bound values per statement (PostgreSQL's limit: 65,535).
const MAX_VALUES = 30_000;
const MAX_ROWS = 2_000;

/** Rows per PostgreSQL statement: one JSON text of a few megabytes. */
const POSTGRES_ROWS = 10_000;

/** From this many rows on, the table's secondary indexes and foreign keys are re-created after the load. */
export const DEFERRED_INDEX_ROWS = 20_000;

interface Deferred {
  drop: string;
  create: string;
}

/**
 * The table's foreign keys and the indexes no constraint relies on (not the primary key, not an
 * index a foreign key of another table references), as statements that drop and re-create them.
 */
async function deferrable(db: Db, table: string): Promise<Deferred[]> {
  return db.$queryRawUnsafe<Deferred[]>(
    `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname) AS "drop",
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS "create"
       FROM pg_constraint c
      WHERE c.conrelid = $1::regclass AND c.contype = 'f'
     UNION ALL
     SELECT format('DROP INDEX %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
       FROM pg_index i
      WHERE i.indrelid = $1::regclass AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    `"${table}"`,
  );
}

async function insertPostgresBatches(db: Db, table: string, columns: string[], rows: readonly Row[]) {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const statement = `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", $1::json)`;
  let inserting: Promise<unknown> = Promise.resolve();
  for (let start = 0; start < rows.length; start += POSTGRES_ROWS) {
    // Dates become ISO text in UTC, which `timestamp(3)` columns take as Prisma writes them.
    const batch = JSON.stringify(rows.slice(start, start + POSTGRES_ROWS));
    await inserting;
    // Prisma's promises start on `then`: start this batch now, build the next meanwhile.
    inserting = db.$executeRawUnsafe(statement, batch).then((count) => count);
  }
  await inserting;
}

async function insertPostgresRows(db: Db, table: string, columns: string[], rows: readonly Row[]) {
  const deferred = rows.length >= DEFERRED_INDEX_ROWS ? await deferrable(db, table) : [];
  for (const { drop } of deferred) await db.$executeRawUnsafe(drop);
  await insertPostgresBatches(db, table, columns, rows);
  for (const { create } of deferred) await db.$executeRawUnsafe(create);
}

/** Inserts rows (all with the keys of the first) into a table, in as few statements as the engine allows. */
export async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  if (engineOfClient(db) === 'postgresql') return insertPostgresRows(db, table, columns, rows);
  // A large load moves the table's change token once, not once per row (db/sqlite-changes.ts).
  const trigger =
    rows.length >= DEFERRED_INDEX_ROWS
      ? (
          await db.$queryRawUnsafe<{ sql: string }[]>(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
            changeTriggerName(table, 'INSERT'),
          )
        )[0]?.sql
      : undefined;
  if (trigger) await db.$executeRawUnsafe(`DROP TRIGGER "${changeTriggerName(table, 'INSERT')}"`);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns.length)));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const values = batch.flatMap((row) => columns.map((column) => sqliteCell(row[column] ?? null)));
    await db.$executeRawUnsafe(head + batch.map(() => tuple).join(', '), ...values);
  }
  if (trigger) {
    await db.$executeRawUnsafe(trigger);
    await db.$executeRawUnsafe(newChangeTokens(table));
    const whole = wholeTableChange(table);
    if (whole) await db.$executeRawUnsafe(whole);
  }
}
