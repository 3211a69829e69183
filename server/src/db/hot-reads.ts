// Prepared better-sqlite3 statements beside Prisma, on the same SQLite file, for the reads every
// request makes (the caller's session), the one every page load makes (the current user with every terms
// version of their role, the clock picking the newest per call), the hottest list (the owner's products) and the largest one
// (a company's connected users). The profile of
// `npm run bench` put about half the CPU of such a request in the Prisma client, its adapter and the
// statement it prepares per query; see docs/decisions/0018-hot-reads-beside-prisma.md.
// Read-only by construction: writes stay with Prisma. The session, user and product rows are kept in memory
// until a table they read changes: SQLite's `PRAGMA data_version` changes when any other connection
// (Prisma in this process, or another process) commits, and then the change tokens kept by triggers on
// each table say which tables changed (db/sqlite-changes.ts), so every committed write is visible to the
// next read. Decisions 0030, 0105 and 0130; a list of one user's rows follows only those rows (0168).
import Database from 'better-sqlite3';
import type { MaybePromise } from '../lib/maybe-promise.ts';
import {
  type ConnectedQuery,
  type ConnectedRow,
  type ConnectedUserReads,
  connectedStatements as connectedUserStatements,
  createConnectedUserReads,
} from './connected-users.ts';
import { ANY_AGENT, createListReads, type ListReads, type RowScope, statementKey } from './list-reads.ts';
import { lookGeneration } from './read-freshness.ts';
import {
  changeTokensReader,
  LOGGED_TABLES,
  rowChangesReader,
  tablesRead,
  WATCHED_TABLES,
} from './sqlite-changes.ts';
import { prepareRead } from './sqlite-statements.ts';
import { type CommitWatch, watchWalIndex } from './wal-index-watch.ts';

export interface SessionRow {
  id: string;
  lastSeenAt: string;
  expiresAt: string;
  idleExpiresAt: string;
  userId: string;
  email: string;
  role: string;
}

export interface CurrentUserRow {
  id: string;
  email: string;
  fullName: string;
  role: string;
  /** The company's registration status, when the user has a company profile. */
  agentStatus: string | null;
  /** The newest terms version published for the user's role by then, if any. */
  latestTerms: string | null;
  /** 1 when the user has accepted `latestTerms`. */
  accepted: number;
}

export interface ProductRow {
  id: string;
  ownerId: string;
  productType: string;
  externalId: string;
  model: string | null;
  brand: string | null;
  name: string | null;
  /** 1 when the product has an open collection period. */
  enabled: number;
}

const sql = {
  // The user with every terms version of their role, [version, published (stored text), accepted]:
  // which of them is the newest by the clock's now is picked per call, so the row can be remembered.
  currentUser: `SELECT u.id, u.email, u.fullName, u.role, a.status AS agentStatus,
      (SELECT json_group_array(json_array(t.version, t.publishedAt, EXISTS (SELECT 1 FROM TermsAcceptance x
          WHERE x.userId = u.id AND x.role = u.role AND x.version = t.version)))
        FROM TermsVersion t WHERE t.role = u.role) AS terms
    FROM User u
    LEFT JOIN AgentProfile a ON a.userId = u.id
    WHERE u.id = +?`,
  session: `SELECT s.id, s.lastSeenAt, s.expiresAt, s.idleExpiresAt, u.id AS userId, u.email, u.role
    FROM Session s JOIN User u ON u.id = s.userId WHERE s.id = +?`,
  ownProducts: `SELECT p.id, p.ownerId, p.productType, p.externalId, p.model, p.brand, p.name,
      EXISTS (SELECT 1 FROM CollectionPeriod c WHERE c.productId = p.id AND c.disabledAt IS NULL) AS enabled
    FROM Product p WHERE p.ownerId = +? ORDER BY p.createdAt, p.id`,
};

/** The remembered reads' SQL (a test checks the tables SQLite names for them). */
export const rememberedSqliteSql = [sql.session, sql.currentUser, sql.ownProducts];

/** A user as the remembered reads keep them, on both engines: every terms version of the role. */
export interface UserWithTerms {
  id: string;
  email: string;
  fullName: string;
  role: string;
  agentStatus: string | null;
  /** Every terms version of the role, newest first: version, published (epoch ms), accepted by the user. */
  terms: readonly (readonly [string, number, boolean | number])[];
}

// Per remembered user: the row answered for each terms version the clock picks (the last: none yet).
const answered = new WeakMap<UserWithTerms, CurrentUserRow[]>();

/**
 * The current user's row for `now`: the newest terms published by then, accepted or not. The same
 * frozen row for the same remembered user and version, so its answer is built once (lib/frozen-answers.ts).
 */
export function currentUserAt(user: UserWithTerms | undefined, now: Date): CurrentUserRow | undefined {
  if (!user) return undefined;
  const at = now.getTime();
  let index = user.terms.findIndex(([, publishedAt]) => publishedAt <= at);
  if (index < 0) index = user.terms.length;
  let rows = answered.get(user);
  if (!rows) {
    rows = [];
    answered.set(user, rows);
  }
  let row = rows[index];
  if (!row) {
    const { terms, ...fields } = user;
    const latest = terms[index];
    row = Object.freeze({ ...fields, latestTerms: latest?.[0] ?? null, accepted: latest?.[2] ? 1 : 0 });
    rows[index] = row;
  }
  return row;
}

/** SQLite's row of `sql.currentUser`: the terms as JSON text, their dates as stored. */
interface StoredUserWithTerms extends Omit<UserWithTerms, 'terms'> {
  terms: string;
}

/** The stored row with its terms newest first, their dates in epoch ms. */
function userWithTerms(row: StoredUserWithTerms | undefined): UserWithTerms | undefined {
  if (!row) return undefined;
  const terms = (JSON.parse(row.terms) as [string, string, number][])
    .map(([version, published, accepted]) =>
      Object.freeze([version, Date.parse(published), accepted] as const),
    )
    .sort((a, b) => b[1] - a[1]);
  return Object.freeze({ ...row, terms: Object.freeze(terms) });
}

/**
 * The hot reads of one database. SQLite's answer at once (better-sqlite3 is synchronous); PostgreSQL's
 * (db/postgres-reads.ts) answer promises. Callers `await` both.
 */
export interface HotReads {
  /**
   * `arrivedAt` (every read): when the caller's request arrived (`request.arrivedAt`). A read sees every
   * write committed before then, on any instance; without it, every write committed before the read.
   * It lets PostgreSQL's remembered reads of one request share one barrier (decision 0082).
   */
  session(id: string, arrivedAt?: number): MaybePromise<Readonly<SessionRow> | undefined>;
  /** The user with their company status and the newest terms for their role published by `now`. */
  currentUser(id: string, now: Date, arrivedAt?: number): MaybePromise<CurrentUserRow | undefined>;
  ownProducts(ownerId: string, arrivedAt?: number): MaybePromise<readonly Readonly<ProductRow>[]>;
  /** A company's connected users: page, count, search and the whole list (db/connected-users.ts). */
  connected: ConnectedUserReads;
  /** The admin's sharings, the owner's invitations, an invitation's history (db/list-reads.ts). */
  lists: ListReads;
  close(): void | Promise<void>;
}

/** SQLite's hot reads: answered at once. */
export interface SqliteHotReads extends HotReads {
  session(id: string): Readonly<SessionRow> | undefined;
  currentUser(id: string, now: Date): CurrentUserRow | undefined;
  ownProducts(ownerId: string): readonly Readonly<ProductRow>[];
  close(): void;
}

/** Remembered rows are shared by every later read: nobody may change them. */
const freeze = <T>(value: T): T => (value === undefined ? value : Object.freeze(value));

/** `file:./x.db?…` or a plain path → the path better-sqlite3 opens. */
export function databasePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '').replace(/\?.*$/, '');
}

/** Rows of the lists kept by their text, per database, for a list read again (decision 0173). */
const ROWS_KEPT = 5_000;

/**
 * Whether `row` has exactly the columns of `kept`, each with the same value (SQLite gives strings,
 * numbers, bigints and nulls: compared by `===`; a blob never matches, and is kept by its text instead).
 */
function sameColumns(row: Record<string, unknown>, kept: object | undefined): boolean {
  if (kept === undefined) return false;
  const old = kept as Record<string, unknown>;
  for (const column in row) if (row[column] !== old[column]) return false;
  for (const column in old) if (!(column in row)) return false;
  return true;
}

/** The value of a row's first column (a list's rows begin with their id). */
function firstValue(row: Record<string, unknown>): unknown {
  for (const column in row) return row[column];
  return undefined;
}

/** A list's rows by their first column's value (the last of equal values wins; they are compared anyway). */
function firstColumnIndex(rows: readonly object[]): Map<unknown, object> {
  const index = new Map<unknown, object>();
  for (const row of rows) index.set(firstValue(row as Record<string, unknown>), row);
  return index;
}

/** Rows of the lists read most lately kept as they were given, per database (decision 0171). */
const LAST_ROWS_KEPT = 20_000;

/** What a memory may hold between two changes of its tables: entries, or rows for the lists. */
interface MemoLimit {
  max: number;
  weight?(value: unknown): number;
}

// Bounds the memory a flood of distinct keys can take between two writes.
const rememberedRows: MemoLimit = { max: 10_000 };
// List pages and totals, counted by their rows (as on PostgreSQL, decision 0103).
const rememberedListRows: MemoLimit = {
  max: 100_000,
  weight: (rows) => 1 + (Array.isArray(rows) ? rows.length : 0),
};

/**
 * A changed row of a logged table (db/sqlite-changes.ts' row log) as a remembered read's rows are
 * matched against: the table (WATCHED_TABLES' order) and the users the row belongs to. `user` null: the
 * whole table may have changed (the log could not say which rows).
 */
interface RowImage {
  at: number;
  user: string | null;
  agent: string | null;
}

/** What the hot-reads connection knows of the watched tables' changes. */
interface TableChanges {
  /** Moves on whenever some watched table's token was seen to move. */
  epoch: number;
  /** Per watched table (WATCHED_TABLES' order), how many times its token was seen to move. */
  counts: number[];
  /** The logged tables' changed rows seen so far, from the `imagesFrom`th on (older ones let go). */
  images: RowImage[];
  imagesFrom: number;
  /** `PRAGMA data_version` at the last look: a read made while it still holds saw that state. */
  version: unknown;
}

/** A scope as text, made once per scope object (a kept statement keeps its scope). */
const scopeTexts = new WeakMap<RowScope, string>();
function scopeText(scope: RowScope): string {
  let text = scopeTexts.get(scope);
  if (text === undefined) {
    text = `${scope.user ?? scope.users?.join('\u0003') ?? ''}\u0001${scope.agent ?? '\u0002'}`;
    scopeTexts.set(scope, text);
  }
  return text;
}

function inScope(scope: RowScope, image: RowImage): boolean {
  if (image.user === null) return true;
  if (scope.user !== undefined && image.user !== scope.user) return false;
  if (scope.users !== undefined && !scope.users.includes(image.user)) return false;
  if (scope.agent === undefined) return true;
  if (scope.agent === ANY_AGENT) return image.agent !== null;
  return image.agent === scope.agent;
}

const LOGGED = new Set(Object.keys(LOGGED_TABLES).map((table) => WATCHED_TABLES.indexOf(table)));
const LOGGED_MASK = [...LOGGED].reduce((mask, at) => mask | (1 << at), 0);
/** More images than this not read by the lists' memory (no list read meanwhile): let go, and it drops what it scoped. */
const IMAGES_KEPT = 20_000;

/**
 * Looks whether watched tables changed. The WAL index's header says whether any connection may have
 * committed since the last look (db/wal-index-watch.ts, one `pread`); only then does `PRAGMA data_version`
 * (about 2.5 µs idle, two `fcntl` locks, against ~9 µs for the session, ~30 µs for the products, more for a
 * list page) say whether any other connection committed; only then
 * are the tables' tokens read (db/sqlite-changes.ts). Without them (a file made before them), every commit
 * counts as a change of every table. A look is made again only once a request arrived or this process
 * may have committed since the last one (db/read-freshness.ts, decision 0136).
 */
function createTableChanges(db: Database.Database, watch: CommitWatch): () => TableChanges {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const readTokens = changeTokensReader(db);
  const readRows = rowChangesReader(db);
  const index = new Map(WATCHED_TABLES.map((table, at) => [table, at]));
  const state: TableChanges = {
    epoch: 0,
    counts: WATCHED_TABLES.map(() => 0),
    images: [],
    imagesFrom: 0,
    version: undefined,
  };
  const whole = (at: number) => state.images.push({ at, user: null, agent: null });
  const tokens: (string | undefined)[] = WATCHED_TABLES.map(() => undefined);
  let lookedAt = -1;
  return () => {
    const generation = lookGeneration();
    if (generation === lookedAt) return state;
    lookedAt = generation;
    // The WAL index first, SQLite after: a commit landing between the two is seen by SQLite now and
    // leaves the index different from the bytes kept, so the next look asks SQLite again.
    if (!watch.mayHaveCommitted()) return state;
    const now = dataVersion.get();
    if (now === state.version) return state;
    state.version = now;
    const read = readTokens();
    const seen = new Set<number>();
    const moved: number[] = [];
    for (const [table, token] of read ?? []) {
      const at = index.get(table);
      if (at === undefined) continue;
      seen.add(at);
      if (tokens[at] === token) continue;
      tokens[at] = token;
      moved.push(at);
    }
    // A table without a token row (none at all: no change table) may have changed with any commit.
    for (let at = 0; at < tokens.length; at += 1) {
      if (seen.has(at)) continue;
      tokens[at] = undefined;
      moved.push(at);
    }
    for (const at of moved) state.counts[at] = (state.counts[at] as number) + 1;
    if (moved.length > 0) state.epoch += 1;
    // Which rows of the logged tables changed; a logged table that moved without a logged row (a load
    // that skipped its triggers, a log that cannot be followed) may have changed anywhere.
    const loggedMoved = moved.filter((at) => LOGGED.has(at));
    if (loggedMoved.length > 0) {
      const rows = readRows();
      const described = new Set<number>();
      for (const [table, user, agent] of rows ?? []) {
        const at = index.get(table);
        if (at === undefined || !LOGGED.has(at)) continue;
        described.add(at);
        state.images.push({ at, user, agent });
      }
      for (const at of loggedMoved) if (!described.has(at)) whole(at);
      if (state.images.length > IMAGES_KEPT) {
        state.imagesFrom += state.images.length;
        state.images = [];
      }
    }
    return state;
  };
}

/** A bit per watched table a statement reads; undefined when it reads a table no token follows. */
if (WATCHED_TABLES.length > 31) throw new Error('A table mask holds 31 watched tables at most');
type TableMask = number | undefined;

/** The mask of a statement's tables as SQLite's plan opens them (db/sqlite-changes.ts' `tablesRead`). */
function tableMask(db: Database.Database, sql: string, params: readonly unknown[]): TableMask {
  const tables = tablesRead(db, sql, params);
  if (!tables) return undefined;
  let mask = 0;
  for (const table of tables) {
    const at = WATCHED_TABLES.indexOf(table);
    if (at < 0) return undefined;
    mask |= 1 << at;
  }
  return mask;
}

/**
 * Reads remembered until a table they read changes: the memory is kept per set of tables (a mask), and a
 * change of a table drops only the sets that hold it. A read of a table no token follows is not kept.
 * A read with a scope (decision 0168) is kept per set of tables and scope, and a change of a logged table
 * drops it only when a changed row is in its scope: another owner's new invitation keeps this owner's
 * pages. Such a read is kept only if nothing committed since the look it follows (`committedSince`), so
 * what it holds is the state the row log was followed to.
 */
function createRowMemo(
  changes: () => TableChanges,
  committedSince: (version: unknown) => boolean,
  limit: MemoLimit,
  /** Whether it keeps scoped reads: then it is the one reader of the images, and lets them go once read. */
  followsRows = false,
) {
  let epoch = -1;
  const seen = WATCHED_TABLES.map(() => 0);
  let imagesSeen = 0;
  let used = 0;
  interface Group {
    /** The tables whose token drops it. */
    mask: number;
    /** The logged tables whose changed rows in `scope` drop it. */
    logged: number;
    scope?: RowScope;
    /** Its scope as text (scopeText): its place among the scoped groups. */
    text?: string;
    rows: Map<string, unknown>;
    used: number;
  }
  /** Unscoped groups by the tables they read; scoped ones by scope, then tables. */
  const plain = new Map<number, Group>();
  const scopedGroups = new Map<string, Map<number, Group>>();
  /** The scoped groups by their scope's users ('' for none). */
  const byUser = new Map<string, Set<Group>>();
  const usersOf = (scope: RowScope) => (scope.user !== undefined ? [scope.user] : (scope.users ?? ['']));
  const clear = () => {
    plain.clear();
    scopedGroups.clear();
    byUser.clear();
    used = 0;
  };
  const drop = (group: Group) => {
    used -= group.used;
    if (!group.scope) {
      plain.delete(group.mask);
      return;
    }
    const byMask = scopedGroups.get(group.text as string);
    byMask?.delete(group.mask | group.logged);
    if (byMask?.size === 0) scopedGroups.delete(group.text as string);
    for (const user of usersOf(group.scope)) byUser.get(user)?.delete(group);
  };
  const everyGroup = function* () {
    yield* plain.values();
    for (const byMask of scopedGroups.values()) yield* byMask.values();
  };
  const dropScoped = (image: RowImage) => {
    const bit = 1 << image.at;
    const look = (groups: Set<Group> | undefined) => {
      for (const group of groups ?? []) {
        if (group.logged & bit && inScope(group.scope as RowScope, image)) drop(group);
      }
    };
    if (image.user === null) for (const groups of byUser.values()) look(groups);
    else {
      look(byUser.get(image.user));
      look(byUser.get(''));
    }
  };
  const catchUp = (state: TableChanges) => {
    epoch = state.epoch;
    let changed = 0;
    for (let at = 0; at < seen.length; at += 1) {
      const count = state.counts[at] as number;
      if (count === seen[at]) continue;
      seen[at] = count;
      changed |= 1 << at;
    }
    if (changed !== 0) {
      for (const group of [...everyGroup()]) if ((group.mask & changed) !== 0) drop(group);
    }
    if (!followsRows) return;
    if (imagesSeen < state.imagesFrom) {
      for (const group of [...everyGroup()]) if (group.scope) drop(group);
    } else if (byUser.size > 0) {
      for (let at = imagesSeen - state.imagesFrom; at < state.images.length; at += 1)
        dropScoped(state.images[at] as RowImage);
    }
    state.imagesFrom += state.images.length;
    state.images.length = 0;
    imagesSeen = state.imagesFrom;
  };
  return <T>(key: string, mask: TableMask, read: () => T, scope?: RowScope): T => {
    if (mask === undefined) return read();
    const state = changes();
    if (state.epoch !== epoch) catchUp(state);
    const scoped = followsRows && scope !== undefined && (mask & LOGGED_MASK) !== 0;
    const text = scoped ? scopeText(scope) : undefined;
    let group = text === undefined ? plain.get(mask) : scopedGroups.get(text)?.get(mask);
    if (group?.rows.has(key)) return group.rows.get(key) as T;
    const version = state.version;
    const row = read();
    if (scoped && committedSince(version)) return row;
    const weight = limit.weight?.(row) ?? 1;
    if (used + weight > limit.max) {
      clear();
      group = undefined;
    }
    if (!group) {
      if (text === undefined) {
        group = { mask, logged: 0, rows: new Map(), used: 0 };
        plain.set(mask, group);
      } else {
        const kept = scope as RowScope;
        group = {
          mask: mask & ~LOGGED_MASK,
          logged: mask & LOGGED_MASK,
          scope: kept,
          text,
          rows: new Map(),
          used: 0,
        };
        let byMask = scopedGroups.get(text);
        if (!byMask) {
          byMask = new Map();
          scopedGroups.set(text, byMask);
        }
        byMask.set(mask, group);
        for (const user of usersOf(kept)) {
          let groups = byUser.get(user);
          if (!groups) {
            groups = new Set();
            byUser.set(user, groups);
          }
          groups.add(group);
        }
      }
    }
    group.rows.set(key, row);
    group.used += weight;
    used += weight;
    return row;
  };
}

/** Opens lazily on first use, so a client that never serves requests never holds a second handle. */
export function createHotReads(databaseUrl: string): SqliteHotReads {
  let state:
    | {
        db: Database.Database;
        watch: CommitWatch;
        session: Database.Statement<[string], SessionRow>;
        currentUser: Database.Statement<[string], StoredUserWithTerms>;
        ownProducts: Database.Statement<[string], ProductRow>;
        masks: { session: TableMask; currentUser: TableMask; ownProducts: TableMask };
        remembered: ReturnType<typeof createRowMemo>;
        rememberedList: ReturnType<typeof createRowMemo>;
      }
    | undefined;
  const open = () => {
    if (state) return state;
    const db = new Database(databasePath(databaseUrl), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const watch = watchWalIndex(db.name, String(db.pragma('journal_mode', { simple: true })));
    const changes = createTableChanges(db, watch);
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    const committedSince = (version: unknown) => dataVersion.get() !== version;
    state = {
      db,
      watch,
      session: prepareRead<[string], SessionRow>(db, sql.session),
      currentUser: prepareRead<[string], StoredUserWithTerms>(db, sql.currentUser),
      ownProducts: prepareRead<[string], ProductRow>(db, sql.ownProducts),
      masks: {
        session: tableMask(db, sql.session, ['']),
        currentUser: tableMask(db, sql.currentUser, ['']),
        ownProducts: tableMask(db, sql.ownProducts, ['']),
      },
      remembered: createRowMemo(changes, committedSince, rememberedRows),
      rememberedList: createRowMemo(changes, committedSince, rememberedListRows, true),
    };
    return state;
  };
  // Each statement's tables, asked of SQLite once per SQL text (a list's shape).
  const masks = new Map<string, TableMask>();
  const maskOf = (statement: { sql: string; params: readonly unknown[] }) => {
    if (masks.has(statement.sql)) return masks.get(statement.sql);
    const mask = tableMask(open().db, statement.sql, statement.params);
    masks.set(statement.sql, mask);
    return mask;
  };
  // The lists' pages and totals (and a company's connected users): remembered by statement and
  // parameters until a table they read changes (decision 0130), each frozen since later requests share it.
  // Each row is the one object kept for its columns and values (`rowsByText`): a list read again
  // after a change gives back the very objects of its unchanged rows, so what is made of a row (a
  // list's item, checked and serialised once: lib/paging.ts, decision 0173) is made once per row.
  const rowsByText = new Map<string, object>();
  const keptRow = <T>(row: T): T => {
    const text = JSON.stringify(row);
    const known = rowsByText.get(text);
    if (known !== undefined) return known as T;
    if (rowsByText.size >= ROWS_KEPT) rowsByText.clear();
    rowsByText.set(text, freeze(row as T & object));
    return row;
  };
  // The rows each list gave last, by its statement and parameters (`lastRows`, the lists read most lately
  // up to LAST_ROWS_KEPT rows): read again after a change, a row is looked for where it was, then among
  // the last rows by its first column (its id), and, when every column holds the same value, is that kept
  // object without making its text (rows added or gone before it move it to another place).
  const lastRows = new Map<string, readonly object[]>();
  let lastRowsHeld = 0;
  const list = <T>(key: string, mask: TableMask, read: () => T[], scope?: RowScope): T[] =>
    open().rememberedList(
      key,
      mask,
      () => {
        const last = lastRows.get(key);
        let byFirst: Map<unknown, object> | undefined;
        const kept = (row: T, at: number): T => {
          if (last === undefined) return keptRow(row);
          const values = row as Record<string, unknown>;
          if (sameColumns(values, last[at])) return last[at] as T;
          byFirst ??= firstColumnIndex(last);
          const found = byFirst.get(firstValue(values));
          return sameColumns(values, found) ? (found as T) : keptRow(row);
        };
        const rows = freeze(read().map(kept));
        if (last !== undefined) {
          lastRows.delete(key);
          lastRowsHeld -= last.length;
        }
        lastRows.set(key, rows as unknown as readonly object[]);
        lastRowsHeld += rows.length;
        // The lists read least lately go first.
        for (const [oldest, rowsOf] of lastRows) {
          if (lastRowsHeld <= LAST_ROWS_KEPT) break;
          lastRows.delete(oldest);
          lastRowsHeld -= rowsOf.length;
        }
        return rows;
      },
      scope,
    );
  const connectedStatements = createConnectedUserReads(() => open().db);
  // A connected-users statement's text follows from its shape (page or count, how many search words, a
  // cursor or not): its tables are looked up by shape, without building the SQL text per request.
  const shapeMasks = new Map<string, TableMask>();
  const connectedMask = (query: ConnectedQuery, read: 'page' | 'count') => {
    const shape = `${read}:${query.words?.length ?? 0}:${query.after ? 1 : 0}`;
    if (shapeMasks.has(shape)) return shapeMasks.get(shape);
    const mask = maskOf(connectedUserStatements(query)[read]);
    shapeMasks.set(shape, mask);
    return mask;
  };
  const companyScopes = new Map<string, RowScope>();
  const companyScope = (agentId: string) => {
    let scope = companyScopes.get(agentId);
    if (!scope) {
      if (companyScopes.size >= 10_000) companyScopes.clear();
      scope = { agent: agentId };
      companyScopes.set(agentId, scope);
    }
    return scope;
  };
  const connected: ConnectedUserReads = {
    ...connectedStatements,
    page: (query) =>
      list(
        `connected:page:${JSON.stringify(query)}`,
        connectedMask(query, 'page'),
        () => connectedStatements.page(query) as ConnectedRow[],
        companyScope(query.agentId),
      ),
    count: (query) =>
      list(
        `connected:count:${JSON.stringify(query)}`,
        connectedMask(query, 'count'),
        () => [{ total: connectedStatements.count(query) as number }],
        companyScope(query.agentId),
      )[0]?.total ?? 0,
  };
  // One prepared statement per SQL text (a list's shape: search words, cursor), prepared once.
  const listStatements = new Map<string, Database.Statement>();
  const run = <T>(statement: { sql: string; params: unknown[] }) => {
    let prepared = listStatements.get(statement.sql);
    if (!prepared) {
      prepared = prepareRead(open().db, statement.sql);
      listStatements.set(statement.sql, prepared);
    }
    return prepared.all(...statement.params) as T[];
  };
  const remembered = <T>(statement: { sql: string; params: unknown[]; key?: string; scope?: RowScope }) =>
    list<T>(statementKey(statement), maskOf(statement), () => run<T>(statement), statement.scope);
  const lists = createListReads('sqlite', run, remembered, remembered);
  return {
    connected,
    lists,
    session(id) {
      const { remembered, session, masks } = open();
      return remembered(`session:${id}`, masks.session, () => freeze(session.get(id)));
    },
    currentUser(id, now) {
      const { remembered, currentUser, masks } = open();
      return currentUserAt(
        remembered(`user:${id}`, masks.currentUser, () => userWithTerms(currentUser.get(id))),
        now,
      );
    },
    ownProducts(ownerId) {
      const { remembered, ownProducts, masks } = open();
      return remembered(`products:${ownerId}`, masks.ownProducts, () =>
        freeze(ownProducts.all(ownerId).map(freeze)),
      );
    },
    close() {
      lastRows.clear();
      lastRowsHeld = 0;
      connected.clear();
      listStatements.clear();
      masks.clear();
      shapeMasks.clear();
      companyScopes.clear();
      state?.watch.close();
      state?.db.close();
      state = undefined;
    },
  };
}
