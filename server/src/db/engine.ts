// Which database engine a DATABASE_URL names, and where each engine's schema and migrations live.
// SQLite is the default (a `file:` URL or a path); `postgresql://` or `postgres://` switches the whole
// server to PostgreSQL (team mode, decision 0048).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatabaseEngine = 'sqlite' | 'postgresql';

export const engineOf = (databaseUrl: string): DatabaseEngine =>
  /^postgres(?:ql)?:\/\//i.test(databaseUrl) ? 'postgresql' : 'sqlite';

export const isPostgres = (databaseUrl: string): boolean => engineOf(databaseUrl) === 'postgresql';

const prismaDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../prisma');

/** Per engine: its Prisma schema and migration folder (Prisma 7 wants one of each per provider). */
export const ENGINE_FILES: Record<DatabaseEngine, { schemaPath: string; migrationsDir: string }> = {
  sqlite: {
    schemaPath: resolve(prismaDir, 'schema.prisma'),
    migrationsDir: resolve(prismaDir, 'migrations'),
  },
  postgresql: {
    schemaPath: resolve(prismaDir, 'postgresql/schema.prisma'),
    migrationsDir: resolve(prismaDir, 'postgresql/migrations'),
  },
};

/** The URL with its password hidden, for log lines and error messages. */
export function redactDatabaseUrl(databaseUrl: string): string {
  if (!isPostgres(databaseUrl)) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgresql://(unparsable URL)';
  }
}

/** The same server, another database (`postgresql://…/name`). */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** The database a `postgresql://` URL names. */
export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
}

/** A PostgreSQL identifier, quoted (names of databases the server creates). */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
