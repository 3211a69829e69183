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

/**
 * The row log (decision 0168): for the tables below, each changed row's image (the row before and after
 * it changed) is logged with the users it belongs to, so a remembered read that can only show rows of
 * some users (a page of one owner's invitations) is dropped only by a change of their rows, not by every
 * change of the table. `user` and `agent` are SQL over the image `R`: an invitation's owner and company
 * (an invitation's product: its invitation's), a download job's or a document's user.
 */
export const ROW_CHANGES_TABLE = '_portal_row_changes';
export const LOGGED_TABLES: Readonly<Record<string, { user: string; agent: string }>> = {
  Invitation: { user: 'R."ownerId"', agent: 'R."agentId"' },
  InvitationProduct: {
    user: '(SELECT "ownerId" FROM "Invitation" WHERE id = R."invitationId")',
    agent: '(SELECT "agentId" FROM "Invitation" WHERE id = R."invitationId")',
  },
  DownloadJob: { user: 'R."userId"', agent: 'NULL' },
  AgentFile: { user: 'R."userId"', agent: 'NULL' },
};
/** How many logged images are kept: a reader that fell further behind drops what it remembered. */
export const ROW_CHANGES_KEPT = 500;
const PRUNE_TRIGGER = 'portal_row_changes_prune_1';

// The version in the names changes whenever the triggers' bodies do, so a start replaces older ones.
const TRIGGER_PREFIX = 'portal_changed_5_';
const OLD_TRIGGERS = 'portal_changed_%';
const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** Gives the token of `table` a new value (after a load without its row trigger). */
export const newChangeTokens = (table: string) =>
  `UPDATE "${CHANGES_TABLE}" SET token = randomblob(8) WHERE name = '${table}'`;

/**
 * Logs that any row of `table` may have changed (after a load without its row trigger), or undefined for a
 * table without a row log: every scoped read of it is dropped.
 */
export const wholeTableChange = (table: string): string | undefined =>
  LOGGED_TABLES[table]
    ? `INSERT INTO "${ROW_CHANGES_TABLE}" (name, user, agent, token) VALUES ('${table}', NULL, NULL, randomblob(8))`
    : undefined;

export const changeTriggerName = (table: string, operation: (typeof OPERATIONS)[number]) =>
  `${TRIGGER_PREFIX}${table}_${operation.toLowerCase()}`;

/** The row log's inserts for one change of a logged table: the old image, the new one, or both. */
function rowLogStatements(table: string, operation: (typeof OPERATIONS)[number]): string {
  const owners = LOGGED_TABLES[table];
  if (!owners) return '';
  const images = operation === 'INSERT' ? ['NEW'] : operation === 'DELETE' ? ['OLD'] : ['OLD', 'NEW'];
  return images
    .map((image) => {
      const user = owners.user.replaceAll('R.', `${image}.`);
      const agent = owners.agent.replaceAll('R.', `${image}.`);
      return ` INSERT INTO "${ROW_CHANGES_TABLE}" (name, user, agent, token) VALUES ('${table}', ${user}, ${agent}, randomblob(8));`;
    })
    .join('');
}

/** The statements that create the tables, their rows and the triggers; each is idempotent. */
export function changeTriggerStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${CHANGES_TABLE}" (name TEXT PRIMARY KEY, token BLOB NOT NULL) WITHOUT ROWID`,
    `CREATE TABLE IF NOT EXISTS "${ROW_CHANGES_TABLE}" (seq INTEGER PRIMARY KEY, name TEXT NOT NULL, user TEXT, agent TEXT, token BLOB NOT NULL)`,
    // Every 100th image drops the images older than the last ROW_CHANGES_KEPT (a snapshot copies the log too).
    // Never empty: a reader stops at a row and finds it again (rowChangesReader).
    `INSERT INTO "${ROW_CHANGES_TABLE}" (name, token) SELECT '*', randomblob(8) WHERE NOT EXISTS (SELECT 1 FROM "${ROW_CHANGES_TABLE}")`,
    `CREATE TRIGGER IF NOT EXISTS "${PRUNE_TRIGGER}" AFTER INSERT ON "${ROW_CHANGES_TABLE}"
      WHEN NEW.seq % 100 = 0
      BEGIN DELETE FROM "${ROW_CHANGES_TABLE}" WHERE seq <= NEW.seq - ${ROW_CHANGES_KEPT}; END`,
    ...WATCHED_TABLES.map(
      (table) => `INSERT OR IGNORE INTO "${CHANGES_TABLE}" (name, token) VALUES ('${table}', randomblob(8))`,
    ),
    ...WATCHED_TABLES.flatMap((table) =>
      OPERATIONS.map(
        (operation) => `CREATE TRIGGER IF NOT EXISTS "${changeTriggerName(table, operation)}"
          AFTER ${operation} ON "${table}"
          BEGIN ${newChangeTokens(table)};${rowLogStatements(table, operation)} END`,
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
    const logged = db
      .prepare(
        `SELECT count(*) FROM sqlite_master WHERE name IN ('${ROW_CHANGES_TABLE}', '${PRUNE_TRIGGER}')`,
      )
      .pluck()
      .get();
    if (present().join() === expected.join() && logged === 2) return;
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

/**
 * Follows the row log through `db`: each call answers the logged images (table, user, company) since the
 * last call, or undefined when it cannot say (no log in the file; the first call; the row it stopped at is
 * gone or not the same row: pruned, or a snapshot or another file put back in place), after which it
 * follows on from the log's end. Each image row carries a random token, so a log put back with the same
 * numbers is told apart from the one followed.
 */
export function rowChangesReader(
  db: Database.Database,
): () => [table: string, user: string | null, agent: string | null][] | undefined {
  let since: Database.Statement<[number], [number, string, string | null, string | null, string]>;
  let last: Database.Statement<[], [number, string]>;
  try {
    since = db
      .prepare(
        `SELECT seq, name, user, agent, hex(token) FROM "${ROW_CHANGES_TABLE}" WHERE seq >= ? ORDER BY seq`,
      )
      .raw() as typeof since;
    last = db
      .prepare(`SELECT seq, hex(token) FROM "${ROW_CHANGES_TABLE}" ORDER BY seq DESC LIMIT 1`)
      .raw() as typeof last;
  } catch {
    return () => undefined;
  }
  let at: { seq: number; token: string } | undefined;
  const restart = () => {
    try {
      const end = last.get();
      at = end ? { seq: end[0], token: end[1] } : undefined;
    } catch {
      // No log in the file now (an older copy put back): nothing to follow until one is made.
      at = undefined;
    }
    return undefined;
  };
  return () => {
    try {
      if (!at) return restart();
      const rows = since.all(at.seq);
      const first = rows[0];
      if (!first || first[0] !== at.seq || first[4] !== at.token) return restart();
      const end = rows[rows.length - 1] as (typeof rows)[number];
      at = { seq: end[0], token: end[4] };
      const images: [string, string | null, string | null][] = [];
      for (let index = 1; index < rows.length; index += 1) {
        const row = rows[index] as (typeof rows)[number];
        images.push([row[1], row[2], row[3]]);
      }
      return images;
    } catch {
      return restart();
    }
  };
}
