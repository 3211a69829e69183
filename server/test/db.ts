// One fresh, migrated SQLite database per test file (or per test): a copy of the
// template the global setup migrated, opened with the same client the server uses.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createPrisma, type PrismaClient } from '../src/db/client.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { resetToScenario } from '../src/simulator/scenarios/load.ts';

export interface TestDatabaseOptions {
  /** Seed the personas (default false). */
  seed?: boolean;
  /** Load this scenario instead of `demo` when seeding (e.g. `large-fleet`). */
  scenario?: string;
  /** Anchor of the seeded dates (default: real now). */
  now?: Date;
  /** Where seeded registration documents go (default: `{dir}/agent-files`, the server's layout). */
  filesDir?: string;
}

export interface TestDatabase {
  /** `file:` URL of the database, for code that opens its own client. */
  url: string;
  /** Path of the SQLite file. */
  path: string;
  /**
   * Temporary directory holding the database, deleted by cleanup. Usable as the server's
   * DATA_DIR: seeded documents are then where the server looks (`{dataDir}/agent-files`).
   */
  dir: string;
  /** Directory of uploaded documents (seeded documents are written there). */
  filesDir: string;
  prisma: PrismaClient;
  /** Disconnects and deletes the directory. */
  cleanup(): Promise<void>;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-test-db-'));
  const path = join(dir, 'test.db');
  const url = `file:${path}`;
  const filesDir = options.filesDir ?? join(dir, 'agent-files');
  await mkdir(filesDir, { recursive: true });
  const template = inject('dbTemplatePath');
  if (template) await copyFile(template, path);
  else await applyMigrations(url); // running without server/vitest.config.ts's global setup
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
    url,
    path,
    dir,
    filesDir,
    prisma,
    async cleanup() {
      await prisma.$disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
