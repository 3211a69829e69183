// Remembered reads on SQLite (decision 0030, narrowed by 0105): `PRAGMA data_version` tells the hot-reads
// connection that some other connection committed, but not what. Row triggers on every table a
// remembered read reads (the same lists as PostgreSQL's announcements, db/data-changes.ts) give the
// table `_portal_changes` a new random token per group on every insert, update or delete, whoever writes
// (Prisma in this process, another process, the sqlite3 shell): one token for the hot rows (sessions,
// users, products), one for the list pages. A remembered read is dropped only when its group's token
// moved, so writes to invitations or downloads keep the remembered sessions and products, and a write
// to a product keeps the remembered lists. A random token, not a counter: a snapshot put back brings its
// own tokens back with its own rows, and a counter could come back to a value remembered for other rows.
import Database from 'better-sqlite3';
import { LIST_TABLES, REMEMBERED_TABLES } from './data-changes.ts';

export const CHANGES_TABLE = '_portal_changes';

/** The groups of remembered reads, each with its token row and the tables it reads. */
export const CHANGE_GROUPS = {
  rows: { id: 1, tables: REMEMBERED_TABLES },
  lists: { id: 2, tables: LIST_TABLES },
} as const;
export type ChangeGroup = keyof typeof CHANGE_GROUPS;

// The version in the names changes whenever the triggers' bodies do, so a start replaces older ones.
const TRIGGER_PREFIX = 'portal_changed_3_';
const OLD_TRIGGERS = 'portal_changed_%';
const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const groupIds = (table: string) =>
  Object.values(CHANGE_GROUPS)
    .filter((group) => (group.tables as readonly string[]).includes(table))
    .map((group) => group.id);

/** Gives the tokens of the groups that read `table` new values (after a load without its row trigger). */
export const newChangeTokens = (table: string) =>
  `UPDATE "${CHANGES_TABLE}" SET token = randomblob(8) WHERE id IN (${groupIds(table).join(', ')})`;

export const changeTriggerName = (table: string, operation: (typeof OPERATIONS)[number]) =>
  `${TRIGGER_PREFIX}${table}_${operation.toLowerCase()}`;

const watchedTables = () => [...new Set(Object.values(CHANGE_GROUPS).flatMap((group) => group.tables))];

/** The statements that create the table, its rows and the triggers; each is idempotent. */
export function changeTriggerStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${CHANGES_TABLE}" (id INTEGER PRIMARY KEY, token BLOB NOT NULL)`,
    ...Object.values(CHANGE_GROUPS).map(
      (group) => `INSERT OR IGNORE INTO "${CHANGES_TABLE}" (id, token) VALUES (${group.id}, randomblob(8))`,
    ),
    ...watchedTables().flatMap((table) =>
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
    const expected = watchedTables()
      .flatMap((table) => OPERATIONS.map((operation) => changeTriggerName(table, operation)))
      .sort();
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
      for (const statement of changeTriggerStatements()) db.exec(statement);
    }).immediate();
  } finally {
    db.close();
  }
}

/**
 * The current token of `group` read through `db` (a hex string), or undefined when the file has no
 * change table (made before it existed and not opened by a server since): then every commit counts.
 */
export function changeTokenReader(db: Database.Database, group: ChangeGroup): () => string | undefined {
  try {
    const statement = db
      .prepare(`SELECT hex(token) FROM "${CHANGES_TABLE}" WHERE id = ${CHANGE_GROUPS[group].id}`)
      .pluck();
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
