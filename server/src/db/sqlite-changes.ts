// Remembered reads on SQLite (decision 0030, narrowed by 0105): `PRAGMA data_version` tells the hot-reads
// connection that some other connection committed, but not what. A row trigger on every table a
// remembered read reads (the same list as PostgreSQL's announcements, db/data-changes.ts) gives the
// one-row table `_portal_changes` a new random token on every insert, update or delete, whoever writes
// (Prisma in this process, another process, the sqlite3 shell). A remembered row is dropped only when
// the token moved, so writes to invitations, downloads or jobs no longer empty the memory of sessions
// and products. A random token, not a counter: a snapshot put back brings its own token back with its
// own rows, and a counter could come back to a value remembered for other rows.
import Database from 'better-sqlite3';
import { REMEMBERED_TABLES } from './data-changes.ts';

export const CHANGES_TABLE = '_portal_changes';
const TRIGGER_PREFIX = 'portal_changed_';
const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** Gives the change token a new value (after a load that ran without the row triggers). */
export const NEW_CHANGE_TOKEN = `UPDATE "${CHANGES_TABLE}" SET token = randomblob(8) WHERE id = 1`;

export const changeTriggerName = (table: string, operation: (typeof OPERATIONS)[number]) =>
  `${TRIGGER_PREFIX}${table}_${operation.toLowerCase()}`;

/** The statements that create the table and its triggers; each is idempotent. */
export function changeTriggerStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${CHANGES_TABLE}" (id INTEGER PRIMARY KEY CHECK (id = 1), token BLOB NOT NULL)`,
    `INSERT OR IGNORE INTO "${CHANGES_TABLE}" (id, token) VALUES (1, randomblob(8))`,
    ...REMEMBERED_TABLES.flatMap((table) =>
      OPERATIONS.map(
        (operation) => `CREATE TRIGGER IF NOT EXISTS "${changeTriggerName(table, operation)}"
          AFTER ${operation} ON "${table}"
          BEGIN ${NEW_CHANGE_TOKEN}; END`,
      ),
    ),
  ];
}

/**
 * Makes sure the SQLite file at `path` has the change token and every trigger; run after migrations
 * (a migration that rebuilds a table drops its triggers) and at every start (files made before).
 * One write transaction, only when something is missing, so instances starting together do not race.
 */
export function ensureSqliteChangeTriggers(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const expected = REMEMBERED_TABLES.length * OPERATIONS.length;
    const present = () =>
      db
        .prepare(
          `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`,
        )
        .pluck()
        .get() as number;
    if (present() === expected) return;
    db.transaction(() => {
      for (const statement of changeTriggerStatements()) db.exec(statement);
    }).immediate();
  } finally {
    db.close();
  }
}

/**
 * The current change token read through `db` (a hex string), or undefined when the file has no
 * change table (made before it existed and not opened by a server since): then every commit counts.
 */
export function changeTokenReader(db: Database.Database): () => string | undefined {
  try {
    const statement = db.prepare(`SELECT hex(token) FROM "${CHANGES_TABLE}" WHERE id = 1`).pluck();
    return () => {
      try {
        return statement.get() as string | undefined;
      } catch {
        return undefined;
      }
    };
  } catch {
    return () => undefined;
  }
}
