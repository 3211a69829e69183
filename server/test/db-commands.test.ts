// `npm run db:migrate` and `npm run db:seed -- --scenario …` on the engine of the run (issue 24: both
// work on SQLite and on PostgreSQL): a database that does not exist yet is created and migrated, a second
// apply finds nothing to do, and the seed loads the scenario's people.
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteIdentifier, withDatabaseName } from '../src/db/engine.ts';
import { onPostgresServer, postgresServerUrl, queryPostgres } from './db.ts';
import { testEngine } from './engine.ts';

const execFile = promisify(execFileCallback);
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const npm = (...args: string[]) => execFile('npm', ['run', '--silent', ...args], { cwd: repoRoot });

describe(`npm run db:migrate and db:seed on ${testEngine()}`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('create and migrate a database that does not exist, then seed a scenario into it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-db-commands-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const name = `commands_${randomBytes(4).toString('hex')}`;
    const url =
      testEngine() === 'postgresql'
        ? withDatabaseName(postgresServerUrl(), name)
        : `file:${join(dir, `${name}.db`)}`;
    if (testEngine() === 'postgresql')
      cleanups.push(() =>
        onPostgresServer((client) =>
          client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
        ),
      );
    const users = async () => {
      const sql = 'SELECT email FROM "User" ORDER BY email';
      if (testEngine() === 'postgresql')
        return (await queryPostgres<{ email: string }>(url, sql)).map((row) => row.email);
      const db = new Database(join(dir, `${name}.db`), { readonly: true });
      try {
        return (db.prepare(sql).all() as { email: string }[]).map((row) => row.email);
      } finally {
        db.close();
      }
    };

    const applied = await npm('db:migrate', '--', url);
    expect(applied.stdout).toMatch(/^Applied: \d{14}_/);
    expect(await users()).toEqual([]);
    expect((await npm('db:migrate', '--', url)).stdout.trim()).toBe('Database is up to date.');

    const seeded = await npm('db:seed', '--', url, join(dir, 'files'), '--scenario', 'demo');
    expect(seeded.stdout).toContain('Loaded scenario demo into');
    expect(await users()).toContain('owner@example.com');
  }, 120_000);
});
