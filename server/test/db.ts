// One fresh, migrated database per test file (or per test): on SQLite a copy of the template file the
// global setup migrated; on PostgreSQL (PORTAL_TEST_DATABASE=postgresql, or `engine: 'postgresql'`) a
// database created from the migrated template database. Opened with the same client the server uses.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { createPrisma, type PrismaClient } from '../src/db/client.ts';
import { type DatabaseEngine, isPostgres, quoteIdentifier, withDatabaseName } from '../src/db/engine.ts';
import { databasePath } from '../src/db/hot-reads.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { lookAgain } from '../src/db/read-freshness.ts';
import { resetToScenario } from '../src/simulator/scenarios/load.ts';
import { testEngine } from './engine.ts';

export interface TestDatabaseOptions {
  /** Seed the personas (default false). */
  seed?: boolean;
  /** Load this scenario instead of `demo` when seeding (e.g. `large-fleet`). */
  scenario?: string;
  /** Anchor of the seeded dates (default: real now). */
  now?: Date;
  /** Where seeded registration documents go (default: `{dir}/agent-files`, the server's layout). */
  filesDir?: string;
  /** Default: the suite's engine (PORTAL_TEST_DATABASE). */
  engine?: DatabaseEngine;
}

export interface TestDatabase {
  engine: DatabaseEngine;
  /** `file:` or `postgresql://` URL of the database, for code that opens its own client. */
  url: string;
  /** Path of the SQLite file ('' on PostgreSQL). */
  path: string;
  /**
   * Temporary directory holding the database, deleted by cleanup. Usable as the server's
   * DATA_DIR: seeded documents are then where the server looks (`{dataDir}/agent-files`).
   */
  dir: string;
  /** Directory of uploaded documents (seeded documents are written there). */
  filesDir: string;
  prisma: PrismaClient;
  /** Disconnects and deletes the directory (and the PostgreSQL database). */
  cleanup(): Promise<void>;
}

/** The run's throwaway PostgreSQL server (test/global-setup.ts); throws when the machine has none. */
export function postgresServerUrl(): string {
  const url = inject('postgresUrl');
  if (!url) throw new Error('No PostgreSQL server in this run (see server/test/global-setup.ts)');
  return url;
}

/** Runs `fn` on a connection of its own to the database at `url` (as psql, a script or another process has). */
export async function onPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The rows of one statement run on a connection of its own to the database at `url`. */
export const queryPostgres = <T extends object>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> => onPostgres(url, async (client) => (await client.query<T>(sql, params)).rows);

/** Runs SQL on the throwaway server's `postgres` database (creating and dropping test databases). */
export const onPostgresServer = <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> =>
  onPostgres(postgresServerUrl(), fn);

/** A new database on the throwaway server, copied from the migrated template (about 70 ms). */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await onPostgresServer((client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );
  return {
    url: withDatabaseName(postgresServerUrl(), name),
    drop: () =>
      onPostgresServer((client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const engine = options.engine ?? testEngine();
  const dir = await mkdtemp(join(tmpdir(), 'portal-test-db-'));
  const filesDir = options.filesDir ?? join(dir, 'agent-files');
  await mkdir(filesDir, { recursive: true });
  let url: string;
  let path = '';
  let drop = async () => {};
  if (engine === 'postgresql') {
    const database = await createPostgresTestDatabase();
    url = database.url;
    drop = database.drop;
  } else {
    path = join(dir, 'test.db');
    url = `file:${path}`;
    const template = inject('dbTemplatePath');
    if (template) await copyFile(template, path);
    else await applyMigrations(url); // running without server/vitest.config.ts's global setup
  }
  const prisma = createPrisma(url);
  if (options.seed || options.scenario) {
    await resetToScenario(prisma, {
      now: options.now ?? new Date(),
      filesDir,
      dataDir: dir,
      scenario: options.scenario,
    });
  }
  return {
    engine,
    url,
    path,
    dir,
    filesDir,
    prisma,
    async cleanup() {
      await prisma.$disconnect();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one write through a connection of its own, as another process (or another instance of a team)
 * would: SQLite's `?` or PostgreSQL's `$n` statement, whichever engine `databaseUrl` names.
 */
export async function writeElsewhere(
  databaseUrl: string,
  sql: { sqlite: string; postgresql: string },
  params: unknown[],
): Promise<void> {
  if (!isPostgres(databaseUrl)) {
    const other = new Database(databasePath(databaseUrl));
    try {
      other.prepare(sql.sqlite).run(...params);
    } finally {
      other.close();
    }
    // What follows is a later request's: its arrival makes the remembered reads look again.
    lookAgain();
    return;
  }
  await queryPostgres(databaseUrl, sql.postgresql, params);
}

/** Waits until `read` answers the very same (remembered) object twice in a row (PostgreSQL's reads remember once the listener is up). */
export async function remembered<T>(read: () => Promise<T>): Promise<T> {
  let first: T | undefined;
  await vi.waitFor(
    async () => {
      first = await read();
      expect(await read()).toBe(first);
    },
    { timeout: 10_000, interval: 50 },
  );
  return first as T;
}
