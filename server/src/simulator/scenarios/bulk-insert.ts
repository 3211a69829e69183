// Batched multi-row INSERTs inside the scenario's transaction. Prisma's createMany sends every row
// through the query engine; a scenario of half a million rows loads several times faster as a few
// hundred `INSERT ... VALUES (...), (...)` statements (see docs/decisions/0016). One variant per engine:
// SQLite binds `?` and stores dates as the text Prisma's adapter writes; PostgreSQL binds `$n` and
// takes dates and booleans as they are (`timestamp(3)` and `boolean` columns).
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

const postgresCell = (value: Cell): Cell => value;

/** Inserts rows (all with the keys of the first) into a table, in as few statements as SQLite allows. */
export async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns.length)));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const postgres = engineOfClient(db) === 'postgresql';
  const cell = postgres ? postgresCell : sqliteCell;
  const sqliteTuple = `(${columns.map(() => '?').join(', ')})`;
  const tuple = postgres
    ? (index: number) =>
        `(${columns.map((_, column) => `$${index * columns.length + column + 1}`).join(', ')})`
    : () => sqliteTuple;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const values = batch.flatMap((row) => columns.map((column) => cell(row[column] ?? null)));
    await db.$executeRawUnsafe(head + batch.map((_, index) => tuple(index)).join(', '), ...values);
  }
}
