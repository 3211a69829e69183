// Applies pending migrations from prisma/migrations at start-up, offline, through the
// schema engine's WebAssembly build. Records them in `_prisma_migrations` exactly like
// `prisma migrate deploy` (same engine code), so a connected Prisma CLI sees the same history.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_MIGRATIONS_DIR, readMigrationsList } from './migrations-dir.ts';
import { EMPTY_FILTER, openSchemaEngine, sqliteFilePath } from './schema-engine.ts';

export interface ApplyMigrationsOptions {
  /** Defaults to <repo>/prisma/migrations. */
  migrationsDir?: string;
  /** Receives the engine's JSON log lines (default: ignored). */
  log?: (line: string) => void;
}

/**
 * Brings the database at `databaseUrl` (`file:` URL or path) up to date.
 * Idempotent: returns the names of the migrations applied by this call (empty when current).
 */
export async function applyMigrations(
  databaseUrl: string,
  options: ApplyMigrationsOptions = {},
): Promise<string[]> {
  const path = sqliteFilePath(databaseUrl);
  if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
  const migrationsList = await readMigrationsList(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const handle = await openSchemaEngine(databaseUrl, undefined, options.log);
  try {
    const result = await handle.engine.applyMigrations({ migrationsList, filters: EMPTY_FILTER });
    return result.appliedMigrationNames;
  } finally {
    await handle.close();
  }
}
