// The one way to open the database: a Prisma client over better-sqlite3 (SQLite, with the connection
// pragmas the server relies on applied to every connection it opens) or over pg (PostgreSQL, when
// DATABASE_URL is a `postgresql://` URL; decision 0048). Both clients have the same models and methods:
// the PostgreSQL one is generated from a schema generated from the SQLite one.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type BetterSqlite3 from 'better-sqlite3';
import { type Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { type DatabaseEngine, isPostgres, redactDatabaseUrl } from './engine.ts';
import { createHotReads, databasePath, type HotReads } from './hot-reads.ts';
import { loadPostgresPrismaClient, loadPrismaPg } from './postgres-driver.ts';
import { createPostgresPool } from './postgres-pool.ts';
import { createPostgresReads } from './postgres-reads.ts';
import { checkpointInBackground, SAFETY_NET_PAGES } from './sqlite-worker.ts';
import { attachLane, type LaneState, newLaneState, registerLane } from './sqlite-write-lane.ts';
import { withStatementCache } from './statement-cache.ts';

export type { HotReads };

export { PrismaClient };

/** The client type the rest of the server uses (PortalDeps.prisma; what `createPrisma` returns). */
export type PortalPrisma = PrismaClient;

/** What queries need: a client, or the client inside `$transaction(async (tx) => ...)`. */
export type Db = Prisma.TransactionClient;

/**
 * WAL lets readers run while a writer commits (Prisma does not switch it on itself);
 * NORMAL sync is safe with WAL; foreign keys are off by default in SQLite builds
 * without SQLITE_DEFAULT_FOREIGN_KEYS; busy_timeout waits for a lock instead of failing.
 */
export const CONNECTION_PRAGMAS = [
  'PRAGMA journal_mode = WAL;',
  'PRAGMA synchronous = NORMAL;',
  'PRAGMA foreign_keys = ON;',
  'PRAGMA busy_timeout = 5000;',
].join('\n');

function withPragmas(
  inner: SqlDriverAdapterFactory,
  backgroundCheckpoints: boolean,
  lane: LaneState,
): SqlDriverAdapterFactory {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await inner.connect();
      await adapter.executeScript(CONNECTION_PRAGMAS);
      // A worker checkpoints this database (db/sqlite-worker.ts): the writer's own checkpoint only
      // as a safety net, so COMMIT does not copy and fsync the WAL on the event loop.
      if (backgroundCheckpoints)
        await adapter.executeScript(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES};`);
      // The adapter keeps its better-sqlite3 database in `client` (transactions take it from there).
      const holder = adapter as unknown as { client?: BetterSqlite3.Database };
      if (holder.client) {
        // The write lane (db/sqlite-write-lane.ts) writes on this same connection, in order with Prisma.
        attachLane(lane, adapter, holder.client);
        holder.client = withStatementCache(holder.client);
      }
      return adapter;
    },
  };
}

export interface PrismaOptions {
  /** PostgreSQL: connections per pool (default 10). */
  poolSize?: number;
  /** PostgreSQL: errors of idle pooled connections (never fatal: the pool opens new ones on demand). */
  onPoolError?: (error: Error) => void;
}

const logPoolError = (databaseUrl: string) => (error: Error) =>
  console.error(`PostgreSQL connection lost (${redactDatabaseUrl(databaseUrl)}): ${error.message}`);

/**
 * Opens a Prisma client alone on a SQLite database (`file:` URL or path) or a PostgreSQL one
 * (`postgresql://` URL), for scripts and tests that need no hot reads. Run `applyMigrations(databaseUrl)`
 * first. `$disconnect()` ends its connections (PostgreSQL's pool too).
 */
export function createPrisma(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  if (isPostgres(databaseUrl)) return openPostgres(databaseUrl, options, true).prisma;
  return openSqlite(databaseUrl, false);
}

function openSqlite(databaseUrl: string, backgroundCheckpoints: boolean): PrismaClient {
  const inner = new PrismaBetterSqlite3({ url: databaseUrl, timeout: 5000 });
  const lane = newLaneState();
  const prisma = new PrismaClient({ adapter: withPragmas(inner, backgroundCheckpoints, lane) });
  registerLane(prisma, lane);
  return prisma;
}

function openPostgres(databaseUrl: string, options: PrismaOptions, disposePool: boolean) {
  const onError = options.onPoolError ?? logPoolError(databaseUrl);
  const pool = createPostgresPool(databaseUrl, { max: options.poolSize, onError });
  const PrismaPg = loadPrismaPg();
  const adapter = new PrismaPg(pool, {
    onPoolError: onError,
    onConnectionError: onError,
    disposeExternalPool: disposePool,
  });
  // Same models and methods (its schema is generated from the SQLite one); PostgreSQL's client only
  // adds options the server does not use, such as case-insensitive filter modes.
  const PostgresPrismaClient = loadPostgresPrismaClient();
  const prisma = new PostgresPrismaClient({ adapter }) as unknown as PrismaClient;
  return { prisma, pool };
}

/**
 * A world's database handle: the Prisma client (every write, most reads) and the prepared reads
 * beside it on the same database (SQLite: db/hot-reads.ts, a second read-only connection; PostgreSQL:
 * db/postgres-reads.ts, on the client's own pool). The reads answer promises on both engines.
 */
export interface Database {
  readonly prisma: PortalPrisma;
  readonly reads: HotReads;
  close(): Promise<void>;
}

/** Opens the database handle on a migrated database; `close()` ends every connection it holds. */
export function openDatabase(databaseUrl: string, options: PrismaOptions = {}): Database {
  if (isPostgres(databaseUrl)) {
    const { prisma, pool } = openPostgres(databaseUrl, options, false);
    const reads = createPostgresReads(pool, databaseUrl);
    return {
      prisma,
      reads,
      async close() {
        await reads.close();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const prisma = openSqlite(databaseUrl, true);
  const reads = createHotReads(databaseUrl);
  const stopCheckpoints = checkpointInBackground(databasePath(databaseUrl));
  return {
    prisma,
    reads,
    async close() {
      reads.close();
      await prisma.$disconnect();
      await stopCheckpoints();
    },
  };
}

/**
 * The prepared reads alone, on their own connection to the database at `databaseUrl`, for an app built
 * on a Prisma client opened elsewhere (tests). `close()` ends that connection.
 */
export function openReads(databaseUrl: string, options: PrismaOptions = {}): HotReads {
  if (!isPostgres(databaseUrl)) return createHotReads(databaseUrl);
  const onError = options.onPoolError ?? logPoolError(databaseUrl);
  const pool = createPostgresPool(databaseUrl, { max: options.poolSize ?? 2, onError });
  const reads = createPostgresReads(pool, databaseUrl);
  return {
    ...reads,
    async close() {
      await reads.close();
      await pool.end();
    },
  };
}

/** The engine a client (or a transaction client of it) talks to. */
export function engineOfClient(db: Db | PrismaClient): DatabaseEngine {
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  if (provider === 'postgresql') return 'postgresql';
  if (provider === 'sqlite') return 'sqlite';
  throw new Error(`Unknown Prisma provider ${provider}`);
}
