// The lists a page load reads (the admin's sharings, the owner's invitations, an invitation's history
// and its shared products, and who an invitation belongs to, a user's download jobs, a company's
// documents) and the other reads of a request off Prisma (a download link's job, a terms version, the
// simulator's faults and accounts, the health check's ping),
// each page one joined statement instead of Prisma's one query per relation (3-4 statements, most of a
// list's CPU in the Prisma client and its garbage: decision 0064). One SQL text per list for both
// engines, written through `Statement`: SQLite's `+?` (db/sqlite-statements.ts) or PostgreSQL's `$n`, dates as each stores them,
// the same ASCII case-insensitive search on both (SQLite's LIKE; see db/postgres-reads.ts). SQLite runs
// them as prepared statements on the hot-reads connection, PostgreSQL on the client's pool. Both remember
// the pages and totals of the paged lists until a table they read changes: PostgreSQL when the change is
// announced (db/postgres-reads.ts, decision 0103), SQLite when the change token of a table the
// statement opens moves (db/hot-reads.ts, decision 0130).
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { storedDate } from './connected-users.ts';
import { BOUND } from './sqlite-statements.ts';

export type Dialect = 'sqlite' | 'postgresql';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * Which rows of the logged tables (db/sqlite-changes.ts: invitations and their products, download jobs,
 * documents) a statement can show: only a change of such a row can change its answer, so a remembered
 * answer is kept through changes of other users' rows (decision 0168). It must hold for every logged table
 * the statement reads; a statement without one is dropped by any change of a table it reads.
 */
export interface RowScope {
  /** The rows' user: an invitation's owner, a download job's or a document's user. */
  user?: string;
  /** Or one of these users (a page of applications' documents). */
  users?: readonly string[];
  /** An invitation's company: this one, none (`null`) or any (`ANY_AGENT`). */
  agent?: string | null | typeof ANY_AGENT;
}
export const ANY_AGENT = '\u0000any';

/** One statement's text and parameters, built left to right in one dialect. */
export class Statement {
  readonly params: unknown[] = [];
  readonly dialect: Dialect;
  sql = '';
  /** The rows it can show (RowScope); not part of its key: the same text and parameters read the same rows. */
  scope?: RowScope;
  #key: string | undefined;
  constructor(dialect: Dialect) {
    this.dialect = dialect;
  }

  /**
   * The text and parameters as one string, made once per statement: what a runner that remembers
   * answers keys them by (db/hot-reads.ts, db/postgres-reads.ts). Read only once the statement is built.
   */
  get key(): string {
    this.#key ??= `${this.sql}\0${JSON.stringify(this.params)}`;
    return this.#key;
  }

  /** A parameter's placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return this.dialect === 'sqlite' ? BOUND : `$${this.params.length}`;
  }

  /** A date compared with a DateTime column (SQLite stores ISO text with `+00:00`). */
  date(value: Date): string {
    return this.dialect === 'sqlite'
      ? this.param(storedDate(value))
      : `${this.param(value.toISOString())}::timestamp`;
  }

  /** A DateTime column as text: SQLite's stored text, PostgreSQL's ISO 8601 with `Z` (isoFromStored reads both). */
  text(column: string): string {
    return this.dialect === 'sqlite' ? column : `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }

  /** `expression` contains `word`, ASCII letters folded (SQLite's LIKE), other letters as they are. */
  contains(expression: string, word: string): string {
    if (this.dialect === 'sqlite') return `${expression} LIKE ${this.param(`%${word}%`)}`;
    return `translate(${expression}, '${UPPER}', '${UPPER.toLowerCase()}') LIKE ${this.param(`%${lowerAscii(word)}%`)}`;
  }

  /** `column` is one of `values`. */
  oneOf(column: string, values: readonly string[]): string {
    return this.dialect === 'sqlite'
      ? `${column} IN (SELECT value FROM json_each(${this.param(JSON.stringify(values))}))`
      : `${column} = ANY(${this.param([...values])}::text[])`;
  }

  /** A count as a number on both engines (PostgreSQL's is a bigint, which pg answers as text). */
  count(expression = 'count(*)'): string {
    return this.dialect === 'sqlite' ? expression : `(${expression})::int`;
  }

  /** Rows after (at, id) in newest-first order of `column`, then id. */
  before(column: string, id: string, after: { at: Date; id: string } | undefined): string {
    if (!after) return '';
    const at = this.date(after.at);
    const again = this.date(after.at);
    return ` AND (${column} < ${at} OR (${column} = ${again} AND ${id} < ${this.param(after.id)}))`;
  }

  /** Rows after (at, id) in oldest-first order of `column`, then id. */
  later(column: string, id: string, after: { at: Date; id: string } | undefined): string {
    if (!after) return '';
    const at = this.date(after.at);
    const again = this.date(after.at);
    return ` AND (${column} > ${at} OR (${column} = ${again} AND ${id} > ${this.param(after.id)}))`;
  }

  /** Every word in one of `fields(word)` (conditions built on this statement). */
  search(words: readonly string[] | undefined, fields: (word: string) => string[]): string {
    return (words ?? []).map((word) => ` AND (${fields(word).join(' OR ')})`).join('');
  }

  limit(take: number): string {
    return ` LIMIT ${this.param(take)}`;
  }
}

/** A statement's key (`Statement.key`), or one made now for a plain `{ sql, params }`. */
export const statementKey = (statement: { sql: string; params: readonly unknown[]; key?: string }): string =>
  statement.key ?? `${statement.sql}\0${JSON.stringify(statement.params)}`;

/** Where a page starts, and how many rows it holds. */
export interface PageWindow {
  after?: { at: Date; id: string };
  limit: number;
}

export interface EventQuery {
  invitationId: string;
}

export interface SharingQuery {
  /** Every word must be in the owner's or the company's name or e-mail, the company's display name, or be the id. */
  words?: readonly string[];
}

export interface SharingRow {
  id: string;
  status: string;
  ownerEmail: string;
  ownerName: string;
  agentEmail: string | null;
  agentFullName: string | null;
  agentDisplayName: string | null;
  createdAt: string;
  statusChangedAt: string;
  productCount: number;
}

export interface OwnerInvitationQuery {
  ownerId: string;
  /** With a company (`claimed`) or a code nobody has used yet. */
  claimed: boolean;
  statuses: readonly string[];
  /** Only those whose status changed after this instant. */
  changedAfter?: Date;
  /** Every word must be the id, in the code, or in the company's name, display name or site. */
  words?: readonly string[];
}

export interface OwnerInvitationRow {
  id: string;
  agentId: string | null;
  code: string;
  status: string;
  createdAt: string;
  statusChangedAt: string;
  expiresAt: string;
  agentFullName: string | null;
  agentDisplayName: string | null;
  agentSite: string | null;
}

/** Who an invitation belongs to: what every call on one invitation checks first. */
export interface PartiesRow {
  id: string;
  ownerId: string;
  agentId: string | null;
  status: string;
  /** Until when its code can be redeemed (as stored: isoFromStored reads both engines'). */
  expiresAt: string;
}

/** A company's connected user: one invitation with its owner (dates as stored). */
export interface ConnectedEntryRow {
  invitationId: string;
  fullName: string;
  email: string;
  /** When the company claimed the code (the invitation's creation before it did). */
  createdAt: string;
  status: string;
}

/** A shared product with its collection state. */
export interface PermissionRow {
  id: string;
  productType: string;
  externalId: string;
  model: string | null;
  brand: string | null;
  name: string | null;
  /** Stored as 0/1 (SQLite) or a boolean (PostgreSQL). */
  includeSensitiveData: number | boolean;
  /** 1 when the product has an open collection period. */
  enabled: number;
}

export interface ApplicationQuery {
  status?: string;
  /** Every word must be in the legal or display name, the VAT number, the representative's names, or the person's e-mail or name. */
  words?: readonly string[];
}

export interface ApplicationFileRow {
  id: string;
  userId: string;
  section: string;
  filename: string;
  size: number;
  contentType: string;
}

export interface ApplicationRow {
  id: string;
  userId: string;
  status: string;
  email: string;
  fullName: string;
  submittedAt: string;
  decidedAt: string | null;
  legalName: string;
  displayName: string;
  vatNumber: string;
  country: string;
  site: string | null;
  type: string;
  /** Stored as 0/1 (SQLite) or a boolean (PostgreSQL). */
  sanction: number | boolean;
  gatekeeper: number | boolean;
  representativeTitle: string | null;
  representativeFirstname: string;
  representativeSurname: string;
  /** The submitted registration documents, by section, oldest first. */
  files: ApplicationFileRow[];
}

export interface EventRow {
  id: string;
  type: string;
  actorRole: string;
  at: string;
  actorFullName: string | null;
  actorDisplayName: string | null;
}

export interface DownloadJobQuery {
  userId: string;
  /** Every word must be the job's id or in what it exports (its product's or invitation's id). */
  words?: readonly string[];
}

/** A download job as its reads answer it (dates as stored: isoFromStored reads both engines'). */
export interface DownloadJobRow {
  id: string;
  userId: string;
  type: string;
  status: string;
  relatedId: string | null;
  exportRequest: string;
  createdAt: string;
  updatedAt: string;
  filePath: string | null;
  tokenExpiresAt: string | null;
}

/** A registration document of a company. */
export interface AgentFileRow {
  id: string;
  userId: string;
  section: string;
  filename: string;
  storedName: string;
  size: number;
  contentType: string;
}

/** An injected fault of the simulator (dates as stored). */
export interface FaultRow {
  id: string;
  operationId: string;
  status: number | null;
  code: string | null;
  remaining: number;
  delayMs: number | null;
  createdAt: string;
}

/** An account of the simulated world's sign-in page. */
export interface AccountRow {
  id: string;
  email: string;
  fullName: string;
  role: string;
}

const SHARINGS_FROM = `FROM "Invitation" i
  JOIN "User" o ON o.id = i."ownerId"
  LEFT JOIN "User" a ON a.id = i."agentId"
  LEFT JOIN "AgentProfile" ap ON ap."userId" = i."agentId"`;

function sharingsWhere(s: Statement, query: SharingQuery): string {
  return `WHERE i."agentId" IS NOT NULL${s.search(query.words, (word) => [
    `i.id = ${s.param(word)}`,
    s.contains('o."fullName"', word),
    s.contains('o.email', word),
    s.contains('a.email', word),
    s.contains('a."fullName"', word),
    s.contains('ap."displayName"', word),
  ])}`;
}

const APPLICATIONS_FROM = `FROM "AgentProfile" ap JOIN "User" u ON u.id = ap."userId"`;

const applicationColumns = (s: Statement) => `ap.id, ap."userId", ap.status, u.email, u."fullName",
      ${s.text('ap."submittedAt"')} AS "submittedAt", ${s.text('ap."decidedAt"')} AS "decidedAt",
      ap."legalName", ap."displayName", ap."vatNumber", ap.country, ap.site, ap.type, ap.sanction, ap.gatekeeper,
      ap."representativeTitle", ap."representativeFirstname", ap."representativeSurname"`;

function applicationsWhere(s: Statement, query: ApplicationQuery): string {
  return `WHERE ${query.status === undefined ? '1 = 1' : `ap.status = ${s.param(query.status)}`}${s.search(
    query.words,
    (word) => [
      s.contains('ap."legalName"', word),
      s.contains('ap."displayName"', word),
      s.contains('ap."vatNumber"', word),
      s.contains('ap."representativeFirstname"', word),
      s.contains('ap."representativeSurname"', word),
      s.contains('u.email', word),
      s.contains('u."fullName"', word),
    ],
  )}`;
}

const OWNER_FROM = `FROM "Invitation" i
  LEFT JOIN "User" a ON a.id = i."agentId"
  LEFT JOIN "AgentProfile" ap ON ap."userId" = i."agentId"`;

function ownerWhere(s: Statement, query: OwnerInvitationQuery): string {
  let where = `WHERE i."ownerId" = ${s.param(query.ownerId)} AND i."agentId" IS ${query.claimed ? 'NOT ' : ''}NULL`;
  where += ` AND ${s.oneOf('i.status', query.statuses)}`;
  if (query.changedAfter) where += ` AND i."statusChangedAt" > ${s.date(query.changedAfter)}`;
  // Codes are stored normalised (upper case, no dashes): searched the way they are typed.
  return (
    where +
    s.search(query.words, (word) => [
      `i.id = ${s.param(word)}`,
      s.contains('i.code', word.toUpperCase().replace(/-/g, '')),
      s.contains('a."fullName"', word),
      s.contains('ap."displayName"', word),
      s.contains('ap.site', word),
    ])
  );
}

function downloadJobColumns(s: Statement): string {
  return `j.id, j."userId", j.type, j.status, j."relatedId", j."exportRequest", ${s.text('j."createdAt"')} AS "createdAt",
    ${s.text('j."updatedAt"')} AS "updatedAt", j."filePath", ${s.text('j."tokenExpiresAt"')} AS "tokenExpiresAt"`;
}

function downloadJobsWhere(s: Statement, query: DownloadJobQuery): string {
  return `WHERE j."userId" = ${s.param(query.userId)}${s.search(query.words, (word) => [
    `j.id = ${s.param(word)}`,
    s.contains('j."relatedId"', word),
  ])}`;
}

const AGENT_FILE_COLUMNS = 'f.id, f."userId", f.section, f.filename, f."storedName", f.size, f."contentType"';

/** A list read page by page: what it selects, from where, its filter, and the order it pages in. */
interface PagedList<Q> {
  columns(s: Statement): string;
  from: string;
  where(s: Statement, query: Q): string;
  /** The columns of the order and of a page's start: newest first unless `oldestFirst`. */
  order: readonly [at: string, id: string];
  oldestFirst?: boolean;
  /** What the total counts from, when the columns need joins that the filter does not. */
  countFrom?: string;
  /** The rows of the logged tables the filter keeps (RowScope), when it keeps only some users'. */
  scope?(query: Q): RowScope;
}

/** The statements of a paged list: one page after a position, and the total. */
export interface PagedStatements<Q> {
  page(dialect: Dialect, query: Q, page: PageWindow): Statement;
  count(dialect: Dialect, query: Q): Statement;
}

function paged<Q>(list: PagedList<Q>): PagedStatements<Q> {
  const [at, id] = list.order;
  const direction = list.oldestFirst ? 'ASC' : 'DESC';
  return {
    page(dialect, query, page) {
      const s = new Statement(dialect);
      const columns = list.columns(s);
      const where = list.where(s, query);
      const start = list.oldestFirst ? s.later(at, id, page.after) : s.before(at, id, page.after);
      s.sql = `SELECT ${columns} ${list.from} ${where}${start}
      ORDER BY ${at} ${direction}, ${id} ${direction}${s.limit(page.limit)}`;
      s.scope = list.scope?.(query);
      return s;
    },
    count(dialect, query) {
      const s = new Statement(dialect);
      s.sql = `SELECT ${s.count()} AS total ${list.countFrom ?? list.from} ${list.where(s, query)}`;
      s.scope = list.scope?.(query);
      return s;
    },
  };
}

const sharingColumns = (
  s: Statement,
) => `i.id, i.status, o.email AS "ownerEmail", o."fullName" AS "ownerName",
      a.email AS "agentEmail", a."fullName" AS "agentFullName", ap."displayName" AS "agentDisplayName",
      ${s.text('i."createdAt"')} AS "createdAt", ${s.text('i."statusChangedAt"')} AS "statusChangedAt",
      (SELECT ${s.count()} FROM "InvitationProduct" x WHERE x."invitationId" = i.id) AS "productCount"`;

/** The SQL and parameters of each list read in one dialect (also what the query-plan test explains). */
export const listStatements = {
  sharings: paged<SharingQuery>({
    columns: sharingColumns,
    from: SHARINGS_FROM,
    where: sharingsWhere,
    order: ['i."createdAt"', 'i.id'],
    // Claimed invitations (and their products) only.
    scope: () => ({ agent: ANY_AGENT }),
  }),
  ownerInvitations: paged<OwnerInvitationQuery>({
    columns: (s) => `i.id, i."agentId", i.code, i.status, ${s.text('i."createdAt"')} AS "createdAt",
      ${s.text('i."statusChangedAt"')} AS "statusChangedAt", ${s.text('i."expiresAt"')} AS "expiresAt",
      a."fullName" AS "agentFullName", ap."displayName" AS "agentDisplayName", ap.site AS "agentSite"`,
    from: OWNER_FROM,
    where: ownerWhere,
    order: ['i."createdAt"', 'i.id'],
    scope: (query) => ({ user: query.ownerId, agent: query.claimed ? ANY_AGENT : null }),
  }),
  events: paged<EventQuery>({
    columns: (s) => `e.id, e.type, e."actorRole", ${s.text('e.at')} AS at,
      u."fullName" AS "actorFullName", ap."displayName" AS "actorDisplayName"`,
    from: `FROM "SharingEvent" e
      LEFT JOIN "User" u ON u.id = e."actorId"
      LEFT JOIN "AgentProfile" ap ON ap."userId" = e."actorId"`,
    countFrom: 'FROM "SharingEvent" e',
    where: (s, query) => `WHERE e."invitationId" = ${s.param(query.invitationId)}`,
    order: ['e.at', 'e.id'],
    oldestFirst: true,
  }),
  applications: paged<ApplicationQuery>({
    columns: applicationColumns,
    from: APPLICATIONS_FROM,
    where: applicationsWhere,
    order: ['ap."submittedAt"', 'ap.id'],
  }),
  /** One application as the admin's list shows it (its documents: applicationFiles). */
  application(dialect: Dialect, id: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${applicationColumns(s)} ${APPLICATIONS_FROM} WHERE ap.id = ${s.param(id)}`;
    return s;
  },
  /** The submitted documents of the given people (one page of applications). */
  applicationFiles(dialect: Dialect, userIds: readonly string[]): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT f.id, f."userId", f.section, f.filename, f.size, f."contentType" FROM "AgentFile" f
      WHERE f.submitted AND ${s.oneOf('f."userId"', userIds)} ORDER BY f.section, f."createdAt", f.id`;
    s.scope = { users: userIds };
    return s;
  },
  agentStatus(dialect: Dialect, userId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT status FROM "AgentProfile" WHERE "userId" = ${s.param(userId)}`;
    return s;
  },
  parties(dialect: Dialect, invitationId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT id, "ownerId", "agentId", status, ${s.text('"expiresAt"')} AS "expiresAt"
      FROM "Invitation" WHERE id = ${s.param(invitationId)}`;
    return s;
  },
  /** The invitation with this (normalised) access code. */
  partiesByCode(dialect: Dialect, code: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT id, "ownerId", "agentId", status, ${s.text('"expiresAt"')} AS "expiresAt"
      FROM "Invitation" WHERE code = ${s.param(code)}`;
    return s;
  },
  /** One invitation as the owner's lists show it. */
  ownerInvitation(dialect: Dialect, invitationId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT i.id, i."agentId", i.code, i.status, ${s.text('i."createdAt"')} AS "createdAt",
      ${s.text('i."statusChangedAt"')} AS "statusChangedAt", ${s.text('i."expiresAt"')} AS "expiresAt",
      a."fullName" AS "agentFullName", ap."displayName" AS "agentDisplayName", ap.site AS "agentSite"
      ${OWNER_FROM} WHERE i.id = ${s.param(invitationId)}`;
    return s;
  },
  /** One sharing as the admin's list shows it. */
  sharing(dialect: Dialect, invitationId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${sharingColumns(s)} ${SHARINGS_FROM} WHERE i.id = ${s.param(invitationId)}`;
    return s;
  },
  /** One invitation as the company's connected users show it. */
  connectedEntry(dialect: Dialect, invitationId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT i.id AS "invitationId", u."fullName", u.email,
      ${s.text('coalesce(i."claimedAt", i."createdAt")')} AS "createdAt", i.status
      FROM "Invitation" i JOIN "User" u ON u.id = i."ownerId" WHERE i.id = ${s.param(invitationId)}`;
    return s;
  },
  permissions(dialect: Dialect, invitationId: string): Statement {
    const s = new Statement(dialect);
    const open = `EXISTS (SELECT 1 FROM "CollectionPeriod" c WHERE c."productId" = p.id AND c."disabledAt" IS NULL)`;
    s.sql = `SELECT p.id, p."productType", p."externalId", p.model, p.brand, p.name,
      x."includeSensitiveData" AS "includeSensitiveData", ${dialect === 'sqlite' ? open : `(${open})::int`} AS enabled
      FROM "InvitationProduct" x JOIN "Product" p ON p.id = x."productId"
      WHERE x."invitationId" = ${s.param(invitationId)}
      ORDER BY p."createdAt", p."externalId"`;
    return s;
  },
  downloadJobs: paged<DownloadJobQuery>({
    columns: downloadJobColumns,
    from: 'FROM "DownloadJob" j',
    where: downloadJobsWhere,
    order: ['j."createdAt"', 'j.id'],
    scope: (query) => ({ user: query.userId }),
  }),
  downloadJob(dialect: Dialect, userId: string, jobId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${downloadJobColumns(s)} FROM "DownloadJob" j
      WHERE j.id = ${s.param(jobId)} AND j."userId" = ${s.param(userId)}`;
    s.scope = { user: userId };
    return s;
  },
  downloadJobByToken(dialect: Dialect, token: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${downloadJobColumns(s)} FROM "DownloadJob" j WHERE j."downloadToken" = ${s.param(token)}`;
    return s;
  },
  agentFiles(dialect: Dialect, userId: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${AGENT_FILE_COLUMNS} FROM "AgentFile" f WHERE f."userId" = ${s.param(userId)}
      ORDER BY f."createdAt", f.id`;
    s.scope = { user: userId };
    return s;
  },
  agentFile(dialect: Dialect, id: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${AGENT_FILE_COLUMNS} FROM "AgentFile" f WHERE f.id = ${s.param(id)}`;
    return s;
  },
  /** The account with this (lower-case) e-mail address. */
  userByEmail(dialect: Dialect, email: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT u.id FROM "User" u WHERE u.email = ${s.param(email)}`;
    return s;
  },
  termsPublishedAt(dialect: Dialect, role: string, version: string): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT ${s.text('t."publishedAt"')} AS "publishedAt" FROM "TermsVersion" t
      WHERE t.role = ${s.param(role)} AND t.version = ${s.param(version)}`;
    return s;
  },
  faults(dialect: Dialect): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT f.id, f."operationId", f.status, f.code, f.remaining, f."delayMs", ${s.text('f."createdAt"')} AS "createdAt"
      FROM "Fault" f WHERE f.remaining > 0 ORDER BY f."createdAt", f.id`;
    return s;
  },
  /** The personas (`@example.com`) by e-mail, then everyone else by e-mail, at most `limit`. */
  accounts(dialect: Dialect, limit: number): Statement {
    const s = new Statement(dialect);
    s.sql = `SELECT u.id, u.email, u."fullName", u.role FROM "User" u
      ORDER BY CASE WHEN u.email LIKE '%@example.com' THEN 0 ELSE 1 END, u.email${s.limit(limit)}`;
    return s;
  },
  /** Whether the database answers. */
  ping(dialect: Dialect): Statement {
    const s = new Statement(dialect);
    s.sql = 'SELECT 1 AS one';
    return s;
  },
};

/**
 * A list read page by page (lib/paging.ts makes it a list source): one page after a position, and the
 * total. `arrivedAt`: as for the hot reads (every write committed before the request arrived is seen).
 */
export interface PagedRead<Q, Row> {
  page(query: Q, page: PageWindow, arrivedAt?: number): MaybePromise<Row[]>;
  count(query: Q, arrivedAt?: number): MaybePromise<number>;
}

/**
 * The statements of `listStatements`, kept by the arguments that built them: the same arguments give the
 * same Statement, its SQL text built and its key (`Statement.key`) made once. A remembered read then costs
 * the lookup of a short key instead of building some 500 characters of SQL and a key from them, hashed per
 * call (2.3–3 µs a read, two reads per page that has a total). The statements depend on their arguments
 * alone, so every world shares them; past `STATEMENTS_KEPT` they are all dropped and built again.
 */
const STATEMENTS_KEPT = 4_096;
const keptStatements = new Map<string, Statement>();
function kept<A extends unknown[]>(name: string, build: (...args: A) => Statement) {
  return (...args: A): Statement => {
    const key = `${name}\0${JSON.stringify(args)}`;
    let statement = keptStatements.get(key);
    if (statement === undefined) {
      if (keptStatements.size >= STATEMENTS_KEPT) keptStatements.clear();
      statement = build(...args);
      // Shared by every caller from now on: nothing may change it.
      Object.freeze(statement.params);
      keptStatements.set(key, statement);
    }
    return statement;
  };
}

type Builder = (...args: never[]) => Statement;
const keptListStatements = Object.fromEntries(
  Object.entries(listStatements).map(([name, builder]) => [
    name,
    typeof builder === 'function'
      ? kept(name, builder as Builder)
      : {
          page: kept(`${name}.page`, builder.page as Builder),
          count: kept(`${name}.count`, builder.count as Builder),
        },
  ]),
) as unknown as typeof listStatements;

/** The list reads of one database. */
export interface ListReads {
  sharings: PagedRead<SharingQuery, SharingRow>;
  ownerInvitations: PagedRead<OwnerInvitationQuery, OwnerInvitationRow>;
  events: PagedRead<EventQuery, EventRow>;
  /** Submitted registrations with their documents: one statement for the page, one for its documents. */
  applications: PagedRead<ApplicationQuery, ApplicationRow>;
  /** One application with its documents, as the admin's list shows it, or undefined. */
  application(id: string): MaybePromise<ApplicationRow | undefined>;
  /**
   * A company's registration status (pending, active, rejected), or undefined before it registers.
   * `arrivedAt`: as for the hot reads (PostgreSQL remembers it: db/postgres-reads.ts).
   */
  agentStatus(userId: string, arrivedAt?: number): MaybePromise<string | undefined>;
  /** The invitation's owner, company and status, or undefined. */
  parties(invitationId: string): MaybePromise<PartiesRow | undefined>;
  /** The same for the invitation with this normalised access code. */
  partiesByCode(code: string): MaybePromise<PartiesRow | undefined>;
  /** One invitation as the owner's lists show it, or undefined. */
  ownerInvitation(invitationId: string): MaybePromise<OwnerInvitationRow | undefined>;
  /** One sharing as the admin's list shows it, or undefined. */
  sharing(invitationId: string): MaybePromise<SharingRow | undefined>;
  /** One invitation as the company's connected users show it, or undefined. */
  connectedEntry(invitationId: string): MaybePromise<ConnectedEntryRow | undefined>;
  /** The products an invitation shares, in the order the owner added them to the portal. */
  permissions(invitationId: string): MaybePromise<PermissionRow[]>;
  /** A user's download jobs, newest first. */
  downloadJobs: PagedRead<DownloadJobQuery, DownloadJobRow>;
  /** The user's job with this id, or undefined. */
  downloadJob(userId: string, jobId: string): MaybePromise<DownloadJobRow | undefined>;
  /** The job a download link's token names, or undefined. */
  downloadJobByToken(token: string): MaybePromise<DownloadJobRow | undefined>;
  /** A company's registration documents, oldest first. */
  agentFiles(userId: string): MaybePromise<AgentFileRow[]>;
  /** A registration document by id, or undefined. */
  agentFile(id: string): MaybePromise<AgentFileRow | undefined>;
  /** The id of the account with this (lower-case) e-mail address, or undefined. */
  userIdByEmail(email: string): MaybePromise<string | undefined>;
  /** When a version of the terms was published for a role (as stored), or undefined. */
  termsPublishedAt(role: string, version: string): MaybePromise<string | undefined>;
  /** The simulator's armed faults, oldest first. */
  faults(): MaybePromise<FaultRow[]>;
  /** The personas by e-mail, then the other accounts by e-mail, at most `limit`. */
  accounts(limit: number): MaybePromise<AccountRow[]>;
  /** Resolves (SQLite: returns) when the database answers; throws when it does not. */
  ping(): MaybePromise<unknown>;
}

/**
 * Runs a statement: SQLite's prepared statement at once, PostgreSQL's pool query as a promise.
 * `arrivedAt`: when the caller's request arrived, for a runner that remembers answers.
 */
export type RunStatement = <T>(statement: Statement, arrivedAt?: number) => MaybePromise<T[]>;

const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;

/** Pages of applications joined with their documents, per remembered page: the documents it was joined with. */
const joinedApplications = new WeakMap<
  readonly object[],
  { files: readonly ApplicationFileRow[]; joined: readonly ApplicationRow[] }
>();

/**
 * A page of applications with each one's documents. When both reads answered remembered (frozen) rows,
 * the joined page is made once and frozen as well, so the page's items and answer are remembered too
 * (lib/paging.ts, decision 0034); a change to either table gives new rows, hence a new page.
 */
function withFiles(
  rows: readonly Omit<ApplicationRow, 'files'>[],
  files: readonly ApplicationFileRow[],
): readonly ApplicationRow[] {
  const remembered = Object.isFrozen(rows) && Object.isFrozen(files);
  const known = remembered ? joinedApplications.get(rows) : undefined;
  if (known?.files === files) return known.joined;
  const byUser = new Map<string, ApplicationFileRow[]>();
  for (const file of files) {
    const own = byUser.get(file.userId);
    if (own) own.push(file);
    else byUser.set(file.userId, [file]);
  }
  const joined = rows.map((row) => ({ ...row, files: byUser.get(row.userId) ?? [] }));
  if (!remembered) return joined;
  for (const row of joined) Object.freeze(Object.freeze(row).files);
  Object.freeze(joined);
  joinedApplications.set(rows, { files, joined });
  return joined;
}

/**
 * The list reads of one database: `run` runs every statement, except the paged lists' pages and totals,
 * which `list` runs (a runner that may remember them; `run` by default), and the one-object reads of the
 * lists' own tables (LIST_TABLES: an invitation's parties, a job, a company's status and documents), which
 * `one` runs (`run` by default; SQLite remembers them like the pages).
 */
export function createListReads(
  dialect: Dialect,
  run: RunStatement,
  list: RunStatement = run,
  one: RunStatement = run,
): ListReads {
  const paged = <Q, Row>(statements: PagedStatements<Q>): PagedRead<Q, Row> => ({
    page: (query, page, arrivedAt) => list<Row>(statements.page(dialect, query, page), arrivedAt),
    count: (query, arrivedAt) =>
      whenReady(list<{ total: number }>(statements.count(dialect, query), arrivedAt), total),
  });
  return {
    sharings: paged(keptListStatements.sharings),
    ownerInvitations: paged(keptListStatements.ownerInvitations),
    events: paged(keptListStatements.events),
    applications: {
      // SQLite's nested reads answer at once; PostgreSQL's promise of a promise settles as one.
      page: (query, page, arrivedAt) =>
        whenReady(
          list<Omit<ApplicationRow, 'files'>>(
            keptListStatements.applications.page(dialect, query, page),
            arrivedAt,
          ),
          (rows) => {
            if (rows.length === 0) return [];
            const statement = keptListStatements.applicationFiles(dialect, [
              ...new Set(rows.map((row) => row.userId)),
            ]);
            return whenReady(list<ApplicationFileRow>(statement, arrivedAt), (files) =>
              withFiles(rows, files),
            );
          },
        ) as MaybePromise<ApplicationRow[]>,
      count: paged(keptListStatements.applications).count,
    },
    application: (id) =>
      whenReady(one<Omit<ApplicationRow, 'files'>>(keptListStatements.application(dialect, id)), (rows) => {
        const row = rows[0];
        if (!row) return undefined;
        const files = keptListStatements.applicationFiles(dialect, [row.userId]);
        return whenReady(one<ApplicationFileRow>(files), (found) => withFiles([row], found)[0]);
      }) as MaybePromise<ApplicationRow | undefined>,
    agentStatus: (userId) =>
      whenReady(
        one<{ status: string }>(keptListStatements.agentStatus(dialect, userId)),
        (rows) => rows[0]?.status,
      ),
    parties: (invitationId) =>
      whenReady(one<PartiesRow>(keptListStatements.parties(dialect, invitationId)), (rows) => rows[0]),
    partiesByCode: (code) =>
      whenReady(one<PartiesRow>(keptListStatements.partiesByCode(dialect, code)), (rows) => rows[0]),
    ownerInvitation: (invitationId) =>
      whenReady(
        one<OwnerInvitationRow>(keptListStatements.ownerInvitation(dialect, invitationId)),
        (rows) => rows[0],
      ),
    sharing: (invitationId) =>
      whenReady(one<SharingRow>(keptListStatements.sharing(dialect, invitationId)), (rows) => rows[0]),
    connectedEntry: (invitationId) =>
      whenReady(
        one<ConnectedEntryRow>(keptListStatements.connectedEntry(dialect, invitationId)),
        (rows) => rows[0],
      ),
    permissions: (invitationId) => one<PermissionRow>(keptListStatements.permissions(dialect, invitationId)),
    downloadJobs: paged(keptListStatements.downloadJobs),
    downloadJob: (userId, jobId) =>
      whenReady(
        one<DownloadJobRow>(keptListStatements.downloadJob(dialect, userId, jobId)),
        (rows) => rows[0],
      ),
    downloadJobByToken: (token) =>
      whenReady(
        one<DownloadJobRow>(keptListStatements.downloadJobByToken(dialect, token)),
        (rows) => rows[0],
      ),
    agentFiles: (userId) => one<AgentFileRow>(keptListStatements.agentFiles(dialect, userId)),
    agentFile: (id) =>
      whenReady(one<AgentFileRow>(keptListStatements.agentFile(dialect, id)), (rows) => rows[0]),
    userIdByEmail: (email) =>
      whenReady(one<{ id: string }>(keptListStatements.userByEmail(dialect, email)), (rows) => rows[0]?.id),
    termsPublishedAt: (role, version) =>
      whenReady(
        run<{ publishedAt: string }>(keptListStatements.termsPublishedAt(dialect, role, version)),
        (rows) => rows[0]?.publishedAt,
      ),
    faults: () => run<FaultRow>(keptListStatements.faults(dialect)),
    accounts: (limit) => one<AccountRow>(keptListStatements.accounts(dialect, limit)),
    ping: () => run(keptListStatements.ping(dialect)),
  };
}
