// The hot reads (db/hot-reads.ts, db/connected-users.ts) in PostgreSQL's dialect, on the client's pg
// pool: the same rows, the same order, the same ASCII case-insensitive search. The session, the current
// user (with every terms version of the role, so the clock picks the newest per call), the owner's
// products and the lists' pages are remembered, until the database announces a change to a table their
// statement reads (db/data-changes.ts, decision 0070; each table its own, decision 0140:
// db/postgres-changes.ts), so a write by any instance is visible to the next read on every other. Dates
// come back as the ISO text the SQLite variant gives (`...Z`).
import type pg from 'pg';
import type { ConnectedQuery, ConnectedRow, ConnectedTuple, ConnectedUserReads } from './connected-users.ts';
import { LIST_TABLES, REMEMBERED_TABLES, watchDataChanges } from './data-changes.ts';
import {
  currentUserAt,
  type HotReads,
  type ProductRow,
  type SessionRow,
  type UserWithTerms,
} from './hot-reads.ts';
import { createListReads, type ListReads, type Statement, statementKey } from './list-reads.ts';
import { createRememberedByTables, tablesRead } from './postgres-changes.ts';

/** A `timestamp(3)` column (UTC by convention) as ISO 8601 text with `Z`. */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The session, the current user, a company's status and the owner's products are remembered: the
// tables they read are REMEMBERED_TABLES.
const sql = {
  session: `SELECT s.id, ${iso('s."lastSeenAt"')} AS "lastSeenAt", ${iso('s."expiresAt"')} AS "expiresAt",
      ${iso('s."idleExpiresAt"')} AS "idleExpiresAt", u.id AS "userId", u.email, u.role
    FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s.id = $1`,
  // The user with every terms version of their role, newest first, [version, published (ms), accepted]:
  // which of them is the newest by the clock's now is picked per call, so the row can be remembered.
  currentUser: `SELECT u.id, u.email, u."fullName", u.role, a.status AS "agentStatus",
      coalesce((SELECT json_agg(json_build_array(t.version, extract(epoch FROM t."publishedAt") * 1000,
          EXISTS (SELECT 1 FROM "TermsAcceptance" x
            WHERE x."userId" = u.id AND x.role = u.role AND x.version = t.version))
          ORDER BY t."publishedAt" DESC)
        FROM "TermsVersion" t WHERE t.role = u.role), '[]') AS terms
    FROM "User" u
    LEFT JOIN "AgentProfile" a ON a."userId" = u.id
    WHERE u.id = $1`,
  agentStatus: 'SELECT status FROM "AgentProfile" WHERE "userId" = $1',
  ownProducts: `SELECT p.id, p."ownerId", p."productType", p."externalId", p.model, p.brand, p.name,
      EXISTS (SELECT 1 FROM "CollectionPeriod" c WHERE c."productId" = p.id AND c."disabledAt" IS NULL)::int AS enabled
    FROM "Product" p WHERE p."ownerId" = $1 ORDER BY p."createdAt", p.id`,
};

// SQLite's LIKE folds ASCII letters only; so does this (PostgreSQL's ILIKE would fold every letter).
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const foldAscii = (expression: string) => `translate(${expression}, '${UPPER}', '${UPPER.toLowerCase()}')`;
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

const COLUMNS = `i.id AS "invitationId", u."fullName", u.email,
  ${iso('coalesce(i."claimedAt", i."createdAt")')} AS "createdAt", i.status, ${iso('i."claimedAt"')} AS "claimedAt"`;
const ORDER = 'ORDER BY i."claimedAt" DESC, i.id DESC';

/** The connected-users statements in PostgreSQL's dialect (numbered parameters). */
export function postgresConnectedStatements(query: ConnectedQuery) {
  const params: unknown[] = [query.agentId, [...query.statuses]];
  let where = 'i."agentId" = $1 AND i.status = ANY($2::text[])';
  if (query.after) {
    params.push(query.after.at.toISOString(), query.after.id);
    where += ` AND (i."claimedAt" < $3::timestamp OR (i."claimedAt" = $3::timestamp AND i.id < $4))`;
  }
  for (const word of query.words ?? []) {
    params.push(`%${lowerAscii(word)}%`, word);
    const like = `$${params.length - 1}`;
    where += ` AND (i."ownerId" IN (SELECT id FROM "User" WHERE ${foldAscii('"fullName"')} LIKE ${like}
      OR ${foldAscii('email')} LIKE ${like}) OR i.id = $${params.length})`;
  }
  const rows = `SELECT ${COLUMNS} FROM "Invitation" i JOIN "User" u ON u.id = i."ownerId" WHERE ${where} ${ORDER}`;
  return {
    page: { sql: `${rows} LIMIT $${params.length + 1}`, params: [...params, query.limit ?? null] },
    count: { sql: `SELECT count(*)::int AS total FROM "Invitation" i WHERE ${where}`, params },
    all: { sql: rows, params },
  };
}

/** The remembered reads' SQL (a test checks that every table they read announces its changes). */
export const rememberedSql = [sql.session, sql.currentUser, sql.agentStatus, sql.ownProducts];

const freeze = <T>(value: T): T => (value === undefined ? value : Object.freeze(value));

/** Rows of list pages kept between two changes of the lists' tables (a page counts its rows). */
const rememberedListRows = 100_000;

/** Every table whose changes the remembered reads follow: a statement reading any other is not remembered. */
const WATCHED_TABLES: ReadonlySet<string> = new Set([...REMEMBERED_TABLES, ...LIST_TABLES]);

/**
 * The tables each SQL text reads (db/postgres-changes.ts), asked once per process: every database of a
 * process (the main one, each sandbox's) has the same migrations, so the same plans' relations. At most
 * this many texts (a search of many words is a text of its own); beyond, a new text is not remembered.
 */
const knownTables = new Map<string, readonly string[] | undefined>();
const askedTables = new Map<string, Promise<readonly string[] | undefined>>();
const KNOWN_TABLES_MAX = 2_000;

/**
 * The tables `sql` reads when all of them are watched, else undefined (then it is never remembered):
 * known at once after the first answer, a promise until then.
 */
function watchedTablesOf(
  pool: pg.Pool,
  sql: string,
): readonly string[] | undefined | Promise<readonly string[] | undefined> {
  if (knownTables.has(sql)) return knownTables.get(sql);
  let asked = askedTables.get(sql);
  if (!asked) {
    if (knownTables.size + askedTables.size >= KNOWN_TABLES_MAX) return undefined;
    asked = tablesRead(pool, sql).then(
      (tables) => {
        const watched = tables?.every((table) => WATCHED_TABLES.has(table)) ? tables : undefined;
        knownTables.set(sql, watched);
        askedTables.delete(sql);
        return watched;
      },
      () => {
        // Asked again next time (the database unreachable); the read meanwhile is not remembered.
        askedTables.delete(sql);
        return undefined;
      },
    );
    askedTables.set(sql, asked);
  }
  return asked;
}

/** The reads on `pool`, a pool on the database at `databaseUrl` (whose changes the remembered rows follow). */
export function createPostgresReads(pool: pg.Pool, databaseUrl: string): HotReads {
  // One watch of every table a remembered read reads; each memory drops only what read a changed table.
  const watch = watchDataChanges(databaseUrl, [...WATCHED_TABLES]);
  const remembered = createRememberedByTables(watch);
  // Named, so each pooled connection prepares a statement once (pg keeps them by name).
  const names = new Map<string, string>();
  const query = async <T>(statement: { sql: string; params: unknown[] }): Promise<T[]> => {
    let name = names.get(statement.sql);
    if (!name) {
      name = `portal_list_${names.size}`;
      names.set(statement.sql, name);
    }
    const result = await pool.query({ name, text: statement.sql, values: statement.params });
    return result.rows as T[];
  };
  // The lists' pages and totals: remembered by statement and parameters until a change of a table
  // that statement reads (decisions 0103, 0140), each frozen since every later request shares it.
  const rememberedList = createRememberedByTables(watch, {
    max: rememberedListRows,
    weight: (rows) => 1 + (rows as unknown[]).length,
  });
  const list = <T>(statement: { sql: string; params: unknown[]; key?: string }, arrivedAt?: number) => {
    const remember = (tables: readonly string[] | undefined) =>
      rememberedList(
        statementKey(statement),
        tables,
        async () => freeze((await query<T & object>(statement)).map(freeze)),
        arrivedAt,
      ) as Promise<T[]>;
    const tables = watchedTablesOf(pool, statement.sql);
    return tables instanceof Promise ? tables.then(remember) : remember(tables);
  };
  const connected: ConnectedUserReads = {
    page: (read, arrivedAt) => list<ConnectedRow>(postgresConnectedStatements(read).page, arrivedAt),
    async count(read, arrivedAt) {
      const { count } = postgresConnectedStatements(read);
      return (await list<{ total: number }>(count, arrivedAt))[0]?.total ?? 0;
    },
    all(query) {
      const { all } = postgresConnectedStatements(query);
      return (async function* () {
        const result = await pool.query<ConnectedTuple>({
          text: all.sql,
          values: all.params,
          rowMode: 'array',
        });
        yield* result.rows;
      })();
    },
    clear() {},
  };
  const listReads = createListReads(
    'postgresql',
    <T>(statement: Statement) => query<T>(statement),
    <T>(statement: Statement, arrivedAt?: number) => list<T>(statement, arrivedAt),
  );
  /** The rows of one of the prepared reads above (`sql`) for `id`, remembered until a change of their tables. */
  const rememberedRows = <T>(
    read: keyof typeof sql,
    id: string,
    arrivedAt?: number,
  ): Promise<readonly T[]> => {
    const remember = (tables: readonly string[] | undefined) =>
      remembered(
        `${read}:${id}`,
        tables,
        async () => {
          const { rows } = await pool.query<T & object>({
            name: `portal_${read}`,
            text: sql[read],
            values: [id],
          });
          return freeze(rows.map((row) => freeze(row)));
        },
        arrivedAt,
      );
    const tables = watchedTablesOf(pool, sql[read]);
    return tables instanceof Promise ? tables.then(remember) : remember(tables);
  };
  // A company's status is read by every company call: remembered like the session.
  const lists: ListReads = {
    ...listReads,
    agentStatus: (userId, arrivedAt) =>
      rememberedRows<{ status: string }>('agentStatus', userId, arrivedAt).then((rows) => rows[0]?.status),
  };
  return {
    connected,
    lists,
    session: (id, arrivedAt) => rememberedRows<SessionRow>('session', id, arrivedAt).then((rows) => rows[0]),
    async currentUser(id, now, arrivedAt) {
      const [user] = await rememberedRows<UserWithTerms>('currentUser', id, arrivedAt);
      return currentUserAt(user, now);
    },
    ownProducts: (ownerId, arrivedAt) => rememberedRows<ProductRow>('ownProducts', ownerId, arrivedAt),
    close: async () => {
      await watch.close();
    },
  };
}
