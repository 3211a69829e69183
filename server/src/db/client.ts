// The one way to open the database: Prisma client over better-sqlite3, with the
// connection pragmas the server relies on applied to every connection it opens.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type Database from 'better-sqlite3';
import { type Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { createHotReads, type HotReads } from './hot-reads.ts';
import { withStatementCache } from './statement-cache.ts';

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

function withPragmas(inner: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await inner.connect();
      await adapter.executeScript(CONNECTION_PRAGMAS);
      // The adapter keeps its better-sqlite3 database in `client` (transactions take it from there).
      const holder = adapter as unknown as { client?: Database.Database };
      if (holder.client) holder.client = withStatementCache(holder.client);
      return adapter;
    },
  };
}

/**
 * Opens a Prisma client on a SQLite database (`file:` URL or path). Run
 * `applyMigrations(databaseUrl)` first. Call `$disconnect()` when done.
 */
export function createPrisma(databaseUrl: string): PrismaClient {
  const adapter = withPragmas(new PrismaBetterSqlite3({ url: databaseUrl, timeout: 5000 }));
  const client = new PrismaClient({ adapter });
  const reads = createHotReads(databaseUrl);
  const disconnect = client.$disconnect.bind(client);
  // Travels with the client (also through wrappers that forward property reads), so the statements
  // always read the database the client writes.
  Object.defineProperty(client, hotReadsKey, { value: reads });
  client.$disconnect = async () => {
    reads.close();
    await disconnect();
  };
  return client;
}

const hotReadsKey = Symbol('hotReads');

/** Prepared statements on the same SQLite file as this client (see db/hot-reads.ts). */
export function hotReads(prisma: PrismaClient): HotReads {
  const reads = (prisma as unknown as { [hotReadsKey]?: HotReads })[hotReadsKey];
  if (!reads) throw new Error('hotReads() needs a client made by createPrisma()');
  return reads;
}
