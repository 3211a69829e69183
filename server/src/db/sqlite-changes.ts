// Remembered reads on SQLite (decision 0030, narrowed by 0105 and 0130): `PRAGMA data_version` tells the
// hot-reads connection that some other connection committed, but not what. Row triggers on every table a
// remembered read may read (the tables of PostgreSQL's announcements, db/data-changes.ts) give that table's
// row of `_portal_table_changes` a new random token on every insert, update or delete, whoever writes (Prisma
// in this process, another process, the sqlite3 shell). A remembered read is dropped only when the token of
// a table it reads moved (the tables its statement opens, asked of SQLite itself with EXPLAIN): a download
// job's progress keeps the remembered invitation lists, a session's touch keeps the remembered users. A
// random token, not a counter: a snapshot put back brings its own tokens back with its own rows, and a
// counter could come back to a value remembered for other rows.
import Database from 'better-sqlite3';
import { LIST_TABLES, REMEMBERED_TABLES } from './data-changes.ts';

export const CHANGES_TABLE = '_portal_table_changes';
// Earlier versions' token tables (one token per group of tables), dropped at start.
const OLD_CHANGES_TABLES = ['_portal_changes'];

/** Every table whose changes move a token of its own: only reads of these tables are remembered. */
export const WATCHED_TABLES: readonly string[] = [...new Set([...REMEMBERED_TABLES, ...LIST_TABLES])];

// The version in the names changes whenever the triggers' bodies do, so a start replaces older ones.
const TRIGGER_PREFIX = 'portal_changed_4_';
const OLD_TRIGGERS = 'portal_changed_%';
const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** Gives the token of `table` a new value (after a load without its row trigger). */
export const newChangeTokens = (table: string) =>
  `UPDATE "${CHANGES_TABLE}" SET token = randomblob(8) WHERE name = '${table}'`;

export const changeTriggerName = (table: string, operation: (typeof OPERATIONS)[number]) =>
  `${TRIGGER_PREFIX}${table}_${operation.toLowerCase()}`;

/** The statements that create the table, its rows and the triggers; each is idempotent. */
export function changeTriggerStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${CHANGES_TABLE}" (name TEXT PRIMARY KEY, token BLOB NOT NULL) WITHOUT ROWID`,
    ...WATCHED_TABLES.map(
      (table) => `INSERT OR IGNORE INTO "${CHANGES_TABLE}" (name, token) VALUES ('${table}', randomblob(8))`,
    ),
    ...WATCHED_TABLES.flatMap((table) =>
      OPERATIONS.map(
        (operation) => `CREATE TRIGGER IF NOT EXISTS "${changeTriggerName(table, operation)}"
          AFTER ${operation} ON "${table}"
          BEGIN ${newChangeTokens(table)}; END`,
      ),
    ),
  ];
}

/**
 * Makes sure the SQLite file at `path` has the change tokens and every trigger of this version; run
 * after migrations (a migration that rebuilds a table drops its triggers) and at every start (files
 * made before). One write transaction, only when something differs, so instances starting together
 * do not race.
 */
export function ensureSqliteChangeTriggers(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const expected = WATCHED_TABLES.flatMap((table) =>
      OPERATIONS.map((operation) => changeTriggerName(table, operation)),
    ).sort();
    const present = () =>
      (
        db
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${OLD_TRIGGERS}'`)
          .pluck()
          .all() as string[]
      ).sort();
    if (present().join() === expected.join()) return;
    db.transaction(() => {
      for (const name of present()) db.exec(`DROP TRIGGER "${name}"`);
      for (const table of OLD_CHANGES_TABLES) db.exec(`DROP TABLE IF EXISTS "${table}"`);
      for (const statement of changeTriggerStatements()) db.exec(statement);
    }).immediate();
  } finally {
    db.close();
  }
}

/**
 * Reads the token of every watched table through `db` as [table, hex token] pairs, or undefined when the
 * file has no change table (made before it existed and not opened by a server since): then every commit
 * counts as a change of every table.
 */
export function changeTokensReader(db: Database.Database): () => [string, string][] | undefined {
  try {
    const statement = db.prepare(`SELECT name, hex(token) FROM "${CHANGES_TABLE}"`).raw();
    return () => {
      try {
        return statement.all() as [string, string][];
      } catch {
        return undefined;
      }
    };
  } catch {
    return () => undefined;
  }
}

// The VDBE opcodes that open a cursor on a table or index of the file, its root page in p2.
const OPENS = new Set(['OpenRead', 'OpenWrite', 'ReopenIdx']);

/**
 * The tables a statement reads, as SQLite's own plan of it opens them (EXPLAIN: every cursor on a table
 * or index, subqueries and triggers included), or undefined when one of them cannot be named (a temporary
 * table, another database). `params`: values to bind (any of the right number).
 */
export function tablesRead(
  db: Database.Database,
  sql: string,
  params: readonly unknown[],
): string[] | undefined {
  const program = db.prepare(`EXPLAIN ${sql}`).all(...params) as { opcode: string; p2: number; p3: number }[];
  const byPage = new Map(
    (
      db
        .prepare("SELECT rootpage, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')")
        .raw()
        .all() as [number, string][]
    ).map(([page, table]) => [page, table]),
  );
  const tables = new Set<string>();
  for (const step of program) {
    if (!OPENS.has(step.opcode)) continue;
    const table = step.p3 === 0 ? byPage.get(step.p2) : undefined;
    if (table === undefined) return undefined;
    tables.add(table);
  }
  return [...tables];
}
