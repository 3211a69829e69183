// One schema source (prisma/schema.prisma) and two engines: the PostgreSQL schema is generated from it,
// and each engine's migration history must build exactly its schema. These tests fail when they drift.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigration } from '../../scripts/migrate.ts';
import { POSTGRES_SCHEMA_PATH, postgresSchema, SQLITE_SCHEMA_PATH } from '../../scripts/postgres-schema.mjs';
import { onPostgresServer, postgresServerUrl, queryPostgres } from '../../test/db.ts';
import { type DatabaseEngine, ENGINE_FILES, quoteIdentifier, withDatabaseName } from './engine.ts';
import { applyMigrations } from './migrate.ts';
import { listMigrationNames, readMigrationsList } from './migrations-dir.ts';
import { EMPTY_FILTER, openSchemaEngine } from './schema-engine.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-schemas-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The SQL that would bring the engine's migration history to its schema ('' when they agree). */
async function drift(engine: DatabaseEngine, migrationsDir: string, schemaPath: string): Promise<string> {
  const schema = { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
  const url = engine === 'postgresql' ? postgresServerUrl() : ':memory:';
  const handle = await openSchemaEngine(url, schema);
  try {
    const result = await handle.engine.diff({
      // Replayed on a shadow database: in memory for SQLite, a temporary database for PostgreSQL.
      from: { tag: 'migrations', ...(await readMigrationsList(migrationsDir, engine)) },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: true,
      filters: EMPTY_FILTER,
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  } finally {
    await handle.close();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

describe('one schema source', () => {
  it('prisma/postgresql/schema.prisma is generated from prisma/schema.prisma (npm run db:generate)', async () => {
    const generated = postgresSchema(await readFile(SQLITE_SCHEMA_PATH, 'utf8'));
    expect(await readFile(POSTGRES_SCHEMA_PATH, 'utf8')).toBe(generated);
    expect(generated).toContain('provider = "postgresql"');
    expect(generated.replace(/^\/\/.*\n/gm, '')).toBe(
      (await readFile(SQLITE_SCHEMA_PATH, 'utf8'))
        .replace(/^\/\/.*\n/gm, '')
        .replace('provider = "sqlite"', 'provider = "postgresql"')
        .replace('"../server/src/generated/prisma"', '"../../server/src/generated/prisma-pg"'),
    );
  });

  it.each(['sqlite', 'postgresql'] as const)('the %s migrations build exactly its schema', async (engine) => {
    const { migrationsDir, schemaPath } = ENGINE_FILES[engine];
    expect(await drift(engine, migrationsDir, schemaPath)).toBe('');
  });

  it('names every PostgreSQL migration after its SQLite one from now on (created together)', async () => {
    const sqlite = await listMigrationNames(ENGINE_FILES.sqlite.migrationsDir);
    const postgres = await listMigrationNames(ENGINE_FILES.postgresql.migrationsDir);
    // PostgreSQL's history starts with one migration for the schema as it was when it arrived.
    expect(postgres[0]).toMatch(/_init$/);
    const first = postgres[0] as string;
    expect(postgres.slice(1)).toEqual(sqlite.filter((name) => name > first));
  });

  it('a schema change writes a migration for each engine, and both apply', async () => {
    const sqliteDir = join(dir, 'sqlite-migrations');
    const postgresDir = join(dir, 'postgres-migrations');
    await cp(ENGINE_FILES.sqlite.migrationsDir, sqliteDir, { recursive: true });
    await cp(ENGINE_FILES.postgresql.migrationsDir, postgresDir, { recursive: true });
    const schemaPath = join(dir, 'schema.prisma');
    const postgresSchemaPath = join(dir, 'postgres-schema.prisma');
    await cp(POSTGRES_SCHEMA_PATH, postgresSchemaPath);
    const schema = await readFile(SQLITE_SCHEMA_PATH, 'utf8');
    await writeFile(schemaPath, `${schema}\nmodel Note {\n  id   String @id\n  at   DateTime\n}\n`);
    // Before the migration: each engine's history lacks the new table, and the check says so.
    const pending = join(dir, 'pending-postgres-schema.prisma');
    await writeFile(pending, postgresSchema(await readFile(schemaPath, 'utf8')));
    expect(await drift('sqlite', sqliteDir, schemaPath)).toContain('CREATE TABLE "Note"');
    expect(await drift('postgresql', postgresDir, pending)).toContain('CREATE TABLE "Note"');

    const created = await createMigration('notes', {
      schemaPath,
      migrationsDir: sqliteDir,
      postgres: { schemaPath: postgresSchemaPath, migrationsDir: postgresDir },
      now: new Date('2099-01-02T03:04:05Z'),
    });
    expect(created?.sql).toContain('"at" DATETIME NOT NULL');
    expect(created?.postgres?.sql).toContain('"at" TIMESTAMP(3) NOT NULL');
    expect(await readFile(postgresSchemaPath, 'utf8')).toBe(
      postgresSchema(await readFile(schemaPath, 'utf8')),
    );
    expect(await drift('postgresql', postgresDir, postgresSchemaPath)).toBe('');
    expect(await drift('sqlite', sqliteDir, schemaPath)).toBe('');

    const url = withDatabaseName(postgresServerUrl(), uniqueName('notes'));
    const applied = await applyMigrations(url, { migrationsDir: postgresDir });
    expect(applied.at(-1)).toBe('20990102030405_notes');
  }, 120_000); // renders PostgreSQL's migration on a throwaway server of its own
});

describe('migrations on PostgreSQL', () => {
  it('create the database when missing and apply once when several instances start together', async () => {
    const name = uniqueName('race');
    const url = withDatabaseName(postgresServerUrl(), name);
    const results = await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
    const names = await listMigrationNames(ENGINE_FILES.postgresql.migrationsDir);
    // One instance applied everything; the others waited on the advisory lock and found nothing to do.
    expect(results.filter((applied) => applied.length > 0)).toEqual([names]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(2);
    const rows = await queryPostgres(
      url,
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY started_at',
    );
    expect(rows).toEqual(names.map((migration_name) => ({ migration_name, finished: true })));
    expect(await applyMigrations(url)).toEqual([]);
    await onPostgresServer((admin) => admin.query(`DROP DATABASE ${quoteIdentifier(name)} WITH (FORCE)`));
  });
});
