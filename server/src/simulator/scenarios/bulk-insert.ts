// Batched multi-row INSERTs inside the scenario's transaction. Prisma's createMany sends every row
// through the query engine; a scenario of half a million rows loads several times faster as a few
// hundred `INSERT ... VALUES (...), (...)` statements (see docs/decisions/0016). One variant per engine:
// SQLite binds `?` and stores dates as the text Prisma's adapter writes; PostgreSQL takes a whole batch
// as one JSON parameter that the server turns into rows of the table's own type
// (`json_populate_recordset`), instead of tens of thousands of bound values per statement.
import { type Db, engineOfClient } from '../../db/client.ts';

export type Cell = string | number | boolean | Date | null;
export type Row = Readonly<Record<string, Cell>>;

// SQLite's default SQLITE_MAX_VARIABLE_NUMBER is 32,766 bound values per statement (PostgreSQL's limit: 65,535).
const MAX_VALUES = 30_000;
const MAX_ROWS = 2_000;

/** The text Prisma's SQLite adapter stores for a DateTime, so raw and Prisma rows compare alike. */
export const sqliteDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

function sqliteCell(value: Cell): string | number | null {
  if (value instanceof Date) return sqliteDate(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Rows per PostgreSQL statement: one JSON text of a few megabytes. */
const POSTGRES_ROWS = 10_000;

async function insertPostgresRows(db: Db, table: string, columns: string[], rows: readonly Row[]) {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const statement = `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", $1::json)`;
  for (let start = 0; start < rows.length; start += POSTGRES_ROWS) {
    // Dates become ISO text in UTC, which `timestamp(3)` columns take as Prisma writes them.
    await db.$executeRawUnsafe(statement, JSON.stringify(rows.slice(start, start + POSTGRES_ROWS)));
  }
}

/** Inserts rows (all with the keys of the first) into a table, in as few statements as the engine allows. */
export async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  if (engineOfClient(db) === 'postgresql') return insertPostgresRows(db, table, columns, rows);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns.length)));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const values = batch.flatMap((row) => columns.map((column) => sqliteCell(row[column] ?? null)));
    await db.$executeRawUnsafe(head + batch.map(() => tuple).join(', '), ...values);
  }
}
