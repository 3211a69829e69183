// The company's connected users, read with prepared statements on the hot-reads connection: a page,
// its count and the whole list, with the search in SQL. Prisma's relation filters joined the owner
// twice per row and matched LIKE on every joined row (~120 ms of CPU per search page and count on
// large-fleet); here each search word's matching owners are found once (a subquery SQLite
// materialises) and the invitations are read from one covering index. Decision 0028.
import type Database from 'better-sqlite3';
import { prepareRead } from './sqlite-statements.ts';

export interface ConnectedQuery {
  agentId: string;
  statuses: readonly string[];
  /** Every word must be in the owner's name or e-mail (ASCII case-insensitive), or be the id. */
  words?: readonly string[];
  /** Rows after this one in (claimedAt desc, id desc) order. */
  after?: { at: Date; id: string };
  limit?: number;
}

export interface ConnectedRow {
  invitationId: string;
  fullName: string;
  email: string;
  /** When the company claimed the code, as stored (see isoFromStored). */
  createdAt: string;
  status: string;
  /** The stored sort key, for the next page's cursor. */
  claimedAt: string;
}

/** A row of the whole list: ConnectedRow's columns in order, as an array. */
export type ConnectedTuple = [string, string, string, string, string, string];

// Prisma stores a DateTime as ISO 8601 text with a `+00:00` offset; comparing in that form keeps the
// keyset condition on the index.
/**
 * A date as Prisma stores it in SQLite. The last answer is kept: the reads of one millisecond (a busy
 * server's requests at the same clock reading) ask for the same text, and this ran on every request.
 */
let lastStored = { at: Number.NaN, text: '' };
export function storedDate(date: Date): string {
  const at = date.getTime();
  if (at !== lastStored.at) lastStored = { at, text: date.toISOString().replace('Z', '+00:00') };
  return lastStored.text;
}

const COLUMNS = `i.id AS invitationId, u.fullName, u.email, coalesce(i.claimedAt, i.createdAt) AS createdAt,
  i.status, i.claimedAt`;
// Named, so the owner's name and e-mail come from the covering index even before SQLite has
// statistics (right after a scenario load it would pick the primary key and read every User row).
const JOIN_OWNER = 'JOIN User u INDEXED BY User_id_fullName_email_idx ON u.id = i.ownerId';

/** Stored DateTime text → the contract's ISO 8601 in UTC (`...Z`), without a Date per row. */
export function isoFromStored(stored: string): string {
  if (stored.length === 29 && stored.endsWith('+00:00')) return `${stored.slice(0, 23)}Z`;
  // PostgreSQL's reads answer the contract's form already.
  if (stored.length === 24 && stored.endsWith('Z')) return stored;
  return new Date(stored).toISOString();
}

/**
 * `ordered`: rows are wanted in list order (a page, the whole list). The unary `+` keeps SQLite from
 * answering the search by owner (a temp b-tree sort of every match): it walks the covering index
 * newest first and stops at the page's end, checking each row against the matching owners, read once.
 * A count needs no order, so there SQLite may look the matching owners' invitations up instead.
 * Measured on large-fleet (CPU ms, page + count): "müller" 14, "a" 55, "anna müller" 47.
 */
function whereClause(query: ConnectedQuery, ordered: boolean): { sql: string; params: unknown[] } {
  const unindexed = ordered ? '+' : '';
  let sql = 'i.agentId = +? AND i.status IN (SELECT value FROM json_each(+?))';
  const params: unknown[] = [query.agentId, JSON.stringify(query.statuses)];
  if (query.after) {
    const at = storedDate(query.after.at);
    sql += ' AND (i.claimedAt < +? OR (i.claimedAt = +? AND i.id < +?))';
    params.push(at, at, query.after.id);
  }
  for (const word of query.words ?? []) {
    sql += ` AND (${unindexed}i.ownerId IN (SELECT id FROM User WHERE fullName LIKE +? OR email LIKE +?) OR ${unindexed}i.id = +?)`;
    params.push(`%${word}%`, `%${word}%`, word);
  }
  return { sql, params };
}

const ORDER = 'ORDER BY i.claimedAt DESC, i.id DESC';

/** The SQL and parameters of each read (also what the query-plan test explains). */
export function connectedStatements(query: ConnectedQuery) {
  const where = whereClause(query, true);
  const counted = whereClause(query, false);
  const rows = `SELECT ${COLUMNS} FROM Invitation i ${JOIN_OWNER} WHERE ${where.sql} ${ORDER}`;
  return {
    page: { sql: `${rows} LIMIT +?`, params: [...where.params, query.limit ?? -1] },
    count: { sql: `SELECT count(*) AS total FROM Invitation i WHERE ${counted.sql}`, params: counted.params },
    all: { sql: rows, params: where.params },
  };
}

/** The connected-users reads of one database: SQLite's answer at once, PostgreSQL's (postgres-reads.ts) promises. */
export interface ConnectedUserReads {
  /** `arrivedAt`: as for the hot reads (PostgreSQL remembers pages and totals: db/postgres-reads.ts). */
  page(
    query: ConnectedQuery & { limit: number },
    arrivedAt?: number,
  ): ConnectedRow[] | Promise<ConnectedRow[]>;
  count(query: ConnectedQuery, arrivedAt?: number): number | Promise<number>;
  /** The whole list, row by row as arrays (no object per row). */
  all(
    query: Omit<ConnectedQuery, 'after' | 'limit' | 'words'>,
  ): Iterable<ConnectedTuple> | AsyncIterable<ConnectedTuple>;
  clear(): void;
}

/** Statements by their text: one per shape (number of words, cursor or not), prepared once. */
export function createConnectedUserReads(db: () => Database.Database): ConnectedUserReads {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepareRead(db(), sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    page(query: ConnectedQuery & { limit: number }): ConnectedRow[] {
      const { page } = connectedStatements(query);
      return prepared(page.sql).all(...page.params) as ConnectedRow[];
    },
    count(query: ConnectedQuery): number {
      const { count } = connectedStatements(query);
      return (prepared(count.sql).get(...count.params) as { total: number }).total;
    },
    /** The whole list, row by row as arrays (no object per row): nothing is held in memory at once. */
    all(query: Omit<ConnectedQuery, 'after' | 'limit' | 'words'>): IterableIterator<ConnectedTuple> {
      const { all } = connectedStatements(query);
      // Its own statement object (no LIMIT), so switching it to arrays affects no other read.
      return prepared(all.sql)
        .raw(true)
        .iterate(...all.params) as IterableIterator<ConnectedTuple>;
    },
    clear(): void {
      statements.clear();
    },
  };
}
