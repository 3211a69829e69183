// Offline replacement for `prisma migrate dev --create-only` / `migrate deploy` / seeding.
//
//   node --import tsx server/scripts/migrate.ts create <name> [--allow-empty]
//   node --import tsx server/scripts/migrate.ts apply [databaseUrl]
//   node --import tsx server/scripts/migrate.ts seed [databaseUrl] [filesDir] [--scenario name] [--seed n] [--now iso]
//
// (`--experimental-wasm-modules` is accepted but not required: the engine is
// instantiated by hand in server/src/db/schema-engine.ts.)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENGINE_FILES } from '../src/db/engine.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import {
  DEFAULT_MIGRATIONS_DIR,
  MIGRATION_FILE,
  MIGRATION_LOCK_FILE,
  migrationLockContent,
  readMigrationsList,
} from '../src/db/migrations-dir.ts';
import { EMPTY_FILTER, openSchemaEngine } from '../src/db/schema-engine.ts';
import { startPostgres } from './postgres-cluster.ts';
import { postgresSchema } from './postgres-schema.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const DEFAULT_SCHEMA_PATH = join(repoRoot, 'prisma/schema.prisma');
export const DEFAULT_DATABASE_URL = `file:${join(repoRoot, 'data/portal.db')}`;

export interface CreateMigrationOptions {
  schemaPath?: string;
  migrationsDir?: string;
  /** PostgreSQL's schema (generated from `schemaPath`) and migrations; `null` skips PostgreSQL. */
  postgres?: { schemaPath: string; migrationsDir: string } | null;
  /** Write a migration even when the schema has not changed (for hand-written SQL). */
  allowEmpty?: boolean;
  /** Timestamp of the folder name (default: now). */
  now?: Date;
}

export interface CreatedMigration {
  name: string;
  path: string;
  sql: string;
  /** The same migration for PostgreSQL. */
  postgres?: { path: string; sql: string };
}

/** UTC yyyyMMddHHmmss, the prefix `prisma migrate` gives migration folders. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

function slug(name: string): string {
  const cleaned = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!cleaned) throw new Error('Migration name must contain letters or digits.');
  return cleaned.slice(0, 200);
}

/**
 * Diffs "all migrations replayed on an in-memory shadow database" against the schema and writes the
 * difference as prisma/migrations/<UTC timestamp>_<name>/migration.sql. Then the same for PostgreSQL:
 * prisma/postgresql/schema.prisma is generated again from the SQLite schema, and the difference between
 * its previous and its new text goes to prisma/postgresql/migrations/<same name>/migration.sql (no
 * database needed; `db/schemas.test.ts` replays that history on a real server and compares).
 * Returns null when there is nothing to migrate (and allowEmpty is not set).
 */
export async function createMigration(
  name: string,
  options: CreateMigrationOptions = {},
): Promise<CreatedMigration | null> {
  const schemaPath = options.schemaPath ?? DEFAULT_SCHEMA_PATH;
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const postgres = options.postgres === undefined ? ENGINE_FILES.postgresql : options.postgres;
  const schema = { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
  const migrationsList = await readMigrationsList(migrationsDir);
  const handle = await openSchemaEngine(':memory:', schema);
  let created: CreatedMigration;
  try {
    // `createMigration` of the wasm engine cannot use an external shadow database;
    // `diff` from the migration history can, and renders the same script.
    const result = await handle.engine.diff({
      from: { tag: 'migrations', ...migrationsList },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: true,
      filters: EMPTY_FILTER,
    });
    const changed = result.exitCode === 2;
    if (!changed && !options.allowEmpty) return null;
    const sql = changed ? (result.stdout ?? '') : EMPTY_MIGRATION;
    const migrationName = `${timestamp(options.now ?? new Date())}_${slug(name)}`;
    const path = join(migrationsDir, migrationName);
    await mkdir(path, { recursive: true });
    await writeFile(join(path, MIGRATION_FILE), sql);
    await writeFile(join(migrationsDir, MIGRATION_LOCK_FILE), migrationLockContent('sqlite'));
    created = { name: migrationName, path, sql };
  } finally {
    await handle.close();
  }
  if (postgres) created.postgres = await createPostgresMigration(created.name, schema.content, postgres);
  return created;
}

const EMPTY_MIGRATION = '-- This is an empty migration.\n';

/** Writes PostgreSQL's migration `name`: from its current schema file to the one made from `sqliteSchema`. */
async function createPostgresMigration(
  name: string,
  sqliteSchema: string,
  { schemaPath, migrationsDir }: { schemaPath: string; migrationsDir: string },
): Promise<{ path: string; sql: string }> {
  const next = { path: schemaPath, content: postgresSchema(sqliteSchema) };
  const previous = await readFile(schemaPath, 'utf8').catch(() => null);
  // The engine connects at start even for a diff of two schema texts: a throwaway server is enough.
  const cluster = await startPostgres();
  const handle = await openSchemaEngine(cluster.url(), next).catch(async (error) => {
    await cluster.remove();
    throw error;
  });
  try {
    const result = await handle.engine.diff({
      from:
        previous === null
          ? { tag: 'empty' }
          : { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: previous }] },
      to: { tag: 'schemaDatamodel', files: [next] },
      script: true,
      exitCode: true,
      filters: EMPTY_FILTER,
    });
    const sql = result.exitCode === 2 ? (result.stdout ?? '') : EMPTY_MIGRATION;
    const path = join(migrationsDir, name);
    await mkdir(path, { recursive: true });
    await writeFile(join(path, MIGRATION_FILE), sql);
    await writeFile(join(migrationsDir, MIGRATION_LOCK_FILE), migrationLockContent('postgresql'));
    await writeFile(schemaPath, next.content);
    return { path, sql };
  } finally {
    await handle.close();
    await cluster.remove();
  }
}

interface SeedChoice {
  scenario?: string;
  seed?: number;
  now?: Date;
}

/** `--name value` or `--name=value` from the arguments. */
function option(argv: string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const arg = argv[index] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
}

async function seedCommand(databaseUrl: string, filesDir: string, choice: SeedChoice): Promise<void> {
  const { createPrisma } = await import('../src/db/client.ts');
  const { resetToScenario } = await import('../src/simulator/scenarios/load.ts');
  await applyMigrations(databaseUrl);
  const prisma = createPrisma(databaseUrl);
  try {
    await resetToScenario(prisma, { now: choice.now ?? new Date(), filesDir, ...choice });
  } finally {
    await prisma.$disconnect();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const valued = new Set(['--scenario', '--seed', '--now']);
  const args = rest.filter((arg, i) => !arg.startsWith('--') && !valued.has(rest[i - 1] ?? ''));
  const databaseUrl = args[0] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (command === 'create' && args[0]) {
    const created = await createMigration(args[0], { allowEmpty: rest.includes('--allow-empty') });
    if (!created) console.log('Schema unchanged: no migration created.');
    else console.log(`Created ${created.path}${created.postgres ? ` and ${created.postgres.path}` : ''}`);
    return 0;
  }
  if (command === 'apply') {
    const applied = await applyMigrations(databaseUrl);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
    return 0;
  }
  if (command === 'seed') {
    const scenario = option(rest, 'scenario') ?? 'demo';
    const seed = option(rest, 'seed');
    const now = option(rest, 'now');
    const started = performance.now();
    await seedCommand(databaseUrl, args[1] ?? join(repoRoot, 'data/agent-files'), {
      scenario,
      seed: seed === undefined ? undefined : Number(seed),
      now: now === undefined ? undefined : new Date(now),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Loaded scenario ${scenario} into ${databaseUrl} in ${seconds} s`);
    return 0;
  }
  console.error(
    'Usage: migrate.ts create <name> [--allow-empty] | apply [databaseUrl] | seed [databaseUrl] [filesDir] [--scenario name] [--seed n] [--now iso]',
  );
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
