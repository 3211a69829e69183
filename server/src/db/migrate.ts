// Applies pending migrations at start-up, offline, through the schema engine's WebAssembly build, on
// SQLite (prisma/migrations) or PostgreSQL (prisma/postgresql/migrations). Records them in
// `_prisma_migrations` exactly like `prisma migrate deploy` (same engine code), so a connected Prisma CLI
// sees the same history. On PostgreSQL several instances may start at once: the database is created
// when missing and the migrations run under an advisory lock, so one instance applies them and the
// others find them applied; then the triggers the remembered reads follow are (re)created.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { installChangeTriggers } from './data-changes.ts';
import { databaseNameOf, ENGINE_FILES, engineOf, quoteIdentifier, withDatabaseName } from './engine.ts';
import { readMigrationsList } from './migrations-dir.ts';
import { loadPg } from './postgres-driver.ts';
import { postgresPoolConfig } from './postgres-pool.ts';
import { EMPTY_FILTER, openSchemaEngine, sqliteFilePath } from './schema-engine.ts';
import { ensureSqliteChangeTriggers } from './sqlite-changes.ts';

export interface ApplyMigrationsOptions {
  /** Defaults to the engine's folder (prisma/migrations or prisma/postgresql/migrations). */
  migrationsDir?: string;
  /** Receives the engine's JSON log lines (default: ignored). */
  log?: (line: string) => void;
}

/** `pg_advisory_lock(classid, objid)` of the portal's migrations ('PORT', 1); Prisma's own lock uses another key. */
const MIGRATION_LOCK = [0x504f5254, 1] as const;
/** Held while an instance seeds an empty database at start. */
export const SEED_LOCK = [0x504f5254, 2] as const;

/**
 * Brings the database at `databaseUrl` (`file:` URL, path or `postgresql://` URL) up to date.
 * Idempotent: returns the names of the migrations applied by this call (empty when current).
 */
export async function applyMigrations(
  databaseUrl: string,
  options: ApplyMigrationsOptions = {},
): Promise<string[]> {
  const engine = engineOf(databaseUrl);
  const migrationsDir = options.migrationsDir ?? ENGINE_FILES[engine].migrationsDir;
  const apply = async () => {
    const migrationsList = await readMigrationsList(migrationsDir, engine);
    const handle = await openSchemaEngine(databaseUrl, undefined, options.log);
    try {
      const result = await handle.engine.applyMigrations({ migrationsList, filters: EMPTY_FILTER });
      return result.appliedMigrationNames;
    } finally {
      await handle.close();
    }
  };
  if (engine === 'sqlite') {
    const path = sqliteFilePath(databaseUrl);
    if (path === ':memory:') return apply();
    await mkdir(dirname(path), { recursive: true });
    // Most starts find nothing to apply: the schema engine (WebAssembly, a fifth of a second of a start's
    // CPU) is only opened when the history differs from the folders (issue 23).
    const migrationsList = await readMigrationsList(migrationsDir, engine);
    const applied = sqliteMigrationsCurrent(path, migrationsList) ? [] : await apply();
    // Not part of Prisma's schema: the change token the remembered reads follow (db/sqlite-changes.ts).
    ensureSqliteChangeTriggers(path);
    return applied;
  }
  await createDatabaseIfMissing(databaseUrl);
  return withAdvisoryLock(databaseUrl, MIGRATION_LOCK, async (client) => {
    const applied = await apply();
    // Not part of Prisma's schema: the announcements the remembered reads follow (db/data-changes.ts).
    await installChangeTriggers(client);
    return applied;
  });
}

/**
 * True when the SQLite file at `path` records exactly the migrations of `list` as applied, in any order,
 * each finished, not rolled back and with the checksum of its `migration.sql` (the SHA-256 Prisma
 * writes), and no other row (a failed or foreign migration). Anything else, a missing file or table
 * included, is the schema engine's to judge.
 */
export function sqliteMigrationsCurrent(path: string, list: MigrationList): boolean {
  let rows: { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown }[];
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      rows = db
        .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations')
        .all() as typeof rows;
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
  const expected = new Map<string, string | null>();
  for (const { path: name, migrationFile } of list.migrationDirectories) {
    const { content } = migrationFile;
    expected.set(
      name,
      content.tag === 'ok' ? createHash('sha256').update(content.value).digest('hex') : null,
    );
  }
  return (
    rows.length === expected.size &&
    rows.every(
      (row) =>
        row.finished_at !== null &&
        row.rolled_back_at === null &&
        expected.get(row.migration_name) === row.checksum,
    )
  );
}

/** Runs `fn` while this process holds a session-level advisory lock (released even if the process dies). */
export async function withAdvisoryLock<T>(
  databaseUrl: string,
  [classId, objectId]: readonly [number, number],
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { Client } = loadPg();
  const client = new Client(postgresPoolConfig(databaseUrl));
  client.on('error', () => undefined); // a dropped lock connection fails the query below instead
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [classId, objectId]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [classId, objectId]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database a `postgresql://` URL names when the server does not have it yet. */
export async function createDatabaseIfMissing(databaseUrl: string): Promise<boolean> {
  const { Client } = loadPg();
  const probe = new Client(postgresPoolConfig(databaseUrl));
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // invalid_catalog_name
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new Client(postgresPoolConfig(withDatabaseName(databaseUrl, 'postgres')));
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(databaseNameOf(databaseUrl))}`);
    return true;
  } catch (error) {
    // Another instance created it first (duplicate_database, or the catalogue's unique index when
    // both CREATE DATABASE statements ran at the same moment).
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
