// Keyset paging for list operations (docs/decisions/0017): `limit`, an opaque `cursor` and a text
// search `q` in; the body stays the array, `X-Total-Count` and `Link: <...>; rel="next"` out.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, engineOfClient, type PortalPrisma } from '../db/client.ts';
import type { PagedRead } from '../db/list-reads.ts';
import { badRequest } from './app-error.ts';
import { frozenAnswer, memoAnswer } from './frozen-answers.ts';
import { type MaybePromise, whenReady } from './maybe-promise.ts';

export const DEFAULT_PAGE_SIZE = 50;
/** Rows read per database round trip when the whole list is streamed. */
export const STREAM_CHUNK = 2_000;

export interface PageQuery {
  limit?: number;
  cursor?: string;
  q?: string;
}

/** Where the next page starts: after the row with this sort value and id (newest first). */
export interface Position {
  at: Date;
  id: string;
}

export interface PageRequest {
  /** Rows of this page; undefined = the whole list. */
  take?: number;
  after?: Position;
  /** Trimmed search text, undefined when blank. */
  q?: string;
  /** What a cursor is bound to (operation and filter), so one list's cursor is refused by another. */
  scope: string;
}

const checksum = (scope: string, payload: string) =>
  createHash('sha256').update(`${scope}\n${payload}`).digest('base64url').slice(0, 11);

export function encodeCursor(scope: string, position: Position): string {
  const payload = Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');
  return `${payload}.${checksum(scope, payload)}`;
}

const invalidCursor = () =>
  badRequest(
    'VALIDATION_FAILED',
    'This cursor is not one this list gave. Load the list again without it.',
    'cursor',
  );

/** The position a cursor names; 400 for anything this list did not hand out. */
export function decodeCursor(scope: string, cursor: string): Position {
  const [payload, sum, extra] = cursor.split('.');
  if (!payload || !sum || extra !== undefined || checksum(scope, payload) !== sum) throw invalidCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw invalidCursor();
  const [at, id] = decoded as unknown[];
  const date = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || typeof id !== 'string' || id.length === 0 || id.length > 100) {
    throw invalidCursor();
  }
  return { at: date, id };
}

export function readPage(query: PageQuery, scope: string): PageRequest {
  const q = query.q?.trim() || undefined;
  const after = query.cursor === undefined ? undefined : decodeCursor(scope, query.cursor);
  const take = query.limit ?? (after ? DEFAULT_PAGE_SIZE : undefined);
  return { take, after, q, scope };
}

/**
 * The words of a search: split on spaces and control characters, and on `%` and `_`, which SQLite's
 * LIKE would read as wildcards (Prisma's `contains` does not escape them). Every word must match one of
 * the fields. Control characters never reach the database: PostgreSQL refuses U+0000 in any text.
 * Undefined without a search; empty when it held only wildcard characters (then nothing matches).
 */
export function searchWords(q: string | undefined): string[] | undefined {
  if (q === undefined) return undefined;
  return q.split(/[\s\p{Cc}%_]+/u).filter(Boolean);
}

/**
 * Prisma `where` for a search: every word in one of the fields (see searchWords). Case-insensitive on
 * both engines: SQLite's LIKE already is (for ASCII letters); on PostgreSQL every `contains` gets
 * `mode: 'insensitive'` (ILIKE).
 */
export function searchWhere<W>(
  db: Db | PortalPrisma,
  q: string | undefined,
  fields: (word: string) => W[],
): { AND?: { OR: W[] }[]; id?: { in: string[] } } {
  const words = searchWords(q);
  if (words === undefined) return {};
  // Only wildcard characters: nothing can contain them literally as a word, so nothing matches.
  if (words.length === 0) return { id: { in: [] } };
  const insensitive = engineOfClient(db) === 'postgresql';
  return {
    AND: words.map((word) => ({
      OR: insensitive ? fields(word).map(withInsensitiveContains) : fields(word),
    })),
  };
}

/** A filter with `mode: 'insensitive'` beside each `contains`, at any depth (relation filters). */
function withInsensitiveContains<W>(filter: W): W {
  if (filter === null || typeof filter !== 'object') return filter;
  const entries = Object.entries(filter).map(([key, value]) => [key, withInsensitiveContains(value)]);
  if ('contains' in filter) entries.push(['mode', 'insensitive']);
  return Object.fromEntries(entries) as W;
}

/** `Link` to the next page: the request's own path and query with `cursor` (and `limit`) replaced. */
function nextLink(request: FastifyRequest, cursor: string, take: number): string {
  const url = new URL(request.url, 'http://portal.invalid');
  url.searchParams.set('limit', String(take));
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

export interface ListSource<Row, Item> {
  /**
   * Rows after a position (all when undefined), newest first, at most `take` of them. `arrivedAt`
   * (here and in `count`): when the request arrived (`request.arrivedAt`), for reads that remember.
   */
  fetch(after: Position | undefined, take: number, arrivedAt?: number): MaybePromise<Row[]>;
  count(arrivedAt?: number): MaybePromise<number>;
  position(row: Row): Position;
  toItem(row: Row): Item;
  /**
   * Where the items of remembered rows are kept (one per list view, module-wide), when `toItem` depends
   * on nothing but the row and the world's settings: rows a read remembers (frozen, the same array
   * while the database is unchanged) then give the same frozen items, which the contract checks and
   * serialises once (lib/frozen-answers.ts, decision 0034).
   */
  items?: WeakMap<readonly Row[], Item[]>;
  /** A faster way to read the whole list, in the same order: the items' JSON texts (no object per row). */
  allJson?(): Iterable<string> | AsyncIterable<string>;
}

/**
 * A list source whose read is searched by `words` (searchWords): a search of wildcard characters
 * only matches nothing, so then neither the rows nor the count are read.
 */
export function searchedSource<Row, Item>(
  words: readonly string[] | undefined,
  source: ListSource<Row, Item>,
): ListSource<Row, Item> {
  if (words?.length !== 0) return source;
  const { allJson: _all, ...rest } = source;
  return { ...rest, fetch: () => [], count: () => 0 };
}

/** The list source of a paged read (db/list-reads.ts) for one query, searched by the query's `words`. */
export function pagedSource<Query extends object, Row, Item>(
  read: PagedRead<Query, Row>,
  query: Query,
  view: Pick<ListSource<Row, Item>, 'position' | 'toItem' | 'items'>,
): ListSource<Row, Item> {
  return searchedSource((query as { words?: readonly string[] }).words, {
    fetch: (after, limit, arrivedAt) => read.page(query, { after, limit }, arrivedAt),
    count: (arrivedAt) => read.count(query, arrivedAt),
    ...view,
  });
}

/**
 * Answers a list operation: one page with its headers when paging was asked for, otherwise the
 * whole list streamed as a JSON array in chunks (no 50,000-object array or string in memory).
 * A first page that ends the list tells its total itself, and so does a whole list that fits in one
 * chunk (then answered as an array, through the contract's compiled serialiser): the count is read
 * only when rows follow.
 */
export function answerList<Row, Item>(
  reply: FastifyReply,
  page: PageRequest,
  source: ListSource<Row, Item>,
): MaybePromise<Item[] | FastifyReply> {
  const { arrivedAt } = reply.request;
  const { take } = page;
  if (take !== undefined) {
    return whenReady(source.fetch(page.after, take + 1, arrivedAt), (rows) => {
      const shown = (total: number) =>
        itemsOf(source, rows, pageHeaders(reply, page, rows, total, source.position));
      const whole = page.after === undefined && rows.length <= take;
      return whole ? shown(rows.length) : whenReady(source.count(arrivedAt), shown);
    });
  }
  return whenReady(source.fetch(undefined, STREAM_CHUNK, arrivedAt), (first) => {
    if (first.length < STREAM_CHUNK) {
      reply.header('x-total-count', String(first.length));
      return itemsOf(source, first, first);
    }
    return whenReady(source.count(arrivedAt), (total) => {
      reply.header('x-total-count', String(total));
      reply.type('application/json; charset=utf-8');
      const body = source.allJson ? jsonArrayOfTexts(source.allJson()) : jsonArrayChunks(source, first);
      return reply.send(Readable.from(body));
    });
  });
}

/**
 * The items of `shown` (`read` itself or its first rows: the same for the same `read` and request
 * shape, since the shape is part of what the read remembers), built once for remembered rows.
 */
function itemsOf<Row, Item>(source: ListSource<Row, Item>, read: Row[], shown: Row[]): Item[] {
  const { items, toItem } = source;
  if (!items || !Object.isFrozen(read)) return shown.map(toItem);
  return memoAnswer(items, read, () => shown.map((row) => rowItem(items, toItem, row)));
}

/**
 * Per list view (its `items`), the item of each remembered row: a read after a change gives back the
 * same frozen row for each row that did not change (db/hot-reads.ts), hence the same item, which the
 * contract checks and serialises once (lib/frozen-answers.ts#checkedListBytes, decision 0173).
 */
const rowItems = new WeakMap<object, WeakMap<object, object>>();

function rowItem<Row, Item>(items: object, toItem: (row: Row) => Item, row: Row): Item {
  if (typeof row !== 'object' || row === null || !Object.isFrozen(row)) return toItem(row);
  let byRow = rowItems.get(items);
  if (!byRow) {
    byRow = new WeakMap();
    rowItems.set(items, byRow);
  }
  let item = byRow.get(row) as Item | undefined;
  if (item === undefined) {
    item = toItem(row);
    if (typeof item === 'object' && item !== null) byRow.set(row, frozenAnswer(item));
  }
  return item;
}

/** Maps rows to texts one by one, staying synchronous when the rows are (SQLite's statements). */
export function mapRows<R, T>(
  rows: Iterable<R> | AsyncIterable<R>,
  map: (row: R) => T,
): Iterable<T> | AsyncIterable<T> {
  if (Symbol.asyncIterator in rows) {
    return (async function* () {
      for await (const row of rows) yield map(row);
    })();
  }
  return (function* () {
    for (const row of rows) yield map(row);
  })();
}

/** A JSON array from items' JSON texts read one by one, in chunks of STREAM_CHUNK items. */
function jsonArrayOfTexts(
  texts: Iterable<string> | AsyncIterable<string>,
): Iterable<string> | AsyncIterable<string> {
  if (!(Symbol.asyncIterator in texts)) return jsonArrayOfTextsSync(texts);
  return (async function* () {
    let chunk: string[] = [];
    let separator = '[';
    for await (const text of texts) {
      chunk.push(text);
      if (chunk.length === STREAM_CHUNK) {
        yield separator + chunk.join(',');
        separator = ',';
        chunk = [];
      }
    }
    if (chunk.length > 0) yield separator + chunk.join(',');
    yield separator === '[' && chunk.length === 0 ? '[]' : ']';
  })();
}

function* jsonArrayOfTextsSync(texts: Iterable<string>): Generator<string> {
  let chunk = '';
  let inChunk = 0;
  let separator = '[';
  for (const text of texts) {
    chunk += separator + text;
    separator = ',';
    inChunk += 1;
    if (inChunk === STREAM_CHUNK) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  yield separator === '[' ? '[]' : `${chunk}]`;
}

/** The whole list chunk by chunk, starting with the `first` chunk already read. */
async function* jsonArrayChunks<Row, Item>(
  source: ListSource<Row, Item>,
  first: Row[],
): AsyncGenerator<string> {
  let position: Position | undefined;
  let separator = '[';
  for (let rows = first; ; rows = await source.fetch(position, STREAM_CHUNK)) {
    if (rows.length > 0) {
      yield separator + rows.map((row) => JSON.stringify(source.toItem(row))).join(',');
      separator = ',';
    }
    if (rows.length < STREAM_CHUNK) break;
    position = source.position(rows[rows.length - 1] as Row);
  }
  yield separator === '[' ? '[]' : ']';
}

/**
 * Sets `X-Total-Count` and, when more rows follow, `Link`. `rows` holds up to take + 1 rows (the
 * extra one only tells that a next page exists); returns the rows of this page.
 */
export function pageHeaders<T>(
  reply: FastifyReply,
  page: PageRequest,
  rows: T[],
  total: number,
  positionOf: (row: T) => Position,
): T[] {
  reply.header('x-total-count', String(total));
  const { take } = page;
  if (take === undefined || rows.length <= take) return rows;
  const next = () => {
    const shown = rows.slice(0, take);
    const last = shown[shown.length - 1] as T;
    const link = () => nextLink(reply.request, encodeCursor(page.scope, positionOf(last)), take);
    return { shown, link: rememberedLink(last, reply.request.url, link) };
  };
  // Remembered rows (frozen, the same array while the database is unchanged) give the same page and
  // `Link` for the same address, which names the list, its filter, its page size and its cursor:
  // made once instead of a slice, a cursor's checksum and a URL's parse per request.
  const { shown, link } = Object.isFrozen(rows) ? rememberedNext(rows, reply.request.url, next) : next();
  reply.header('link', link);
  return shown as T[];
}

/**
 * Per remembered row (the same frozen object while it is unchanged, even in a list read again after a
 * change: db/hot-reads.ts), by request address: the `Link` to the page after it. The address names the
 * list, its filter and its page size, the row the cursor (decision 0173).
 */
const linksAfter = new WeakMap<object, Map<string, string>>();

function rememberedLink(last: unknown, address: string, link: () => string): string {
  if (typeof last !== 'object' || last === null || !Object.isFrozen(last)) return link();
  let byAddress = linksAfter.get(last);
  if (!byAddress) {
    byAddress = new Map();
    linksAfter.set(last, byAddress);
  }
  let known = byAddress.get(address);
  if (known === undefined) {
    if (byAddress.size >= ADDRESSES_PER_ROWS) byAddress.clear();
    known = link();
    byAddress.set(address, known);
  }
  return known;
}

/** Per remembered row list, by request address: the page shown and its `Link` (a few addresses each). */
const nextPages = new WeakMap<readonly unknown[], Map<string, { shown: unknown[]; link: string }>>();
const ADDRESSES_PER_ROWS = 16;

function rememberedNext(
  rows: readonly unknown[],
  address: string,
  next: () => { shown: unknown[]; link: string },
): { shown: unknown[]; link: string } {
  let byAddress = nextPages.get(rows);
  if (!byAddress) {
    byAddress = new Map();
    nextPages.set(rows, byAddress);
  }
  let known = byAddress.get(address);
  if (!known) {
    if (byAddress.size >= ADDRESSES_PER_ROWS) byAddress.clear();
    known = next();
    Object.freeze(known.shown);
    byAddress.set(address, known);
  }
  return known;
}
