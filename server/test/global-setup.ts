// Vitest global setup: migrate one template database per run (through the schema engine), so every
// test file only copies it instead of replaying migrations. SQLite: a template file. PostgreSQL: a
// throwaway cluster of its own (scripts/postgres-cluster.ts) with a migrated template database; each
// test file gets `CREATE DATABASE … TEMPLATE` (test/db.ts). Nothing is started by hand.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type PostgresCluster, postgresBinDir, startPostgres } from '../scripts/postgres-cluster.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { testEngine } from './engine.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a freshly migrated SQLite file; copy it, never open it. */
    dbTemplatePath: string;
    /** `postgresql://` URL of the run's throwaway server (its `postgres` database); '' without one. */
    postgresUrl: string;
    /** Name of the migrated template database on that server. */
    postgresTemplate: string;
  }
}

export const POSTGRES_TEMPLATE = 'portal_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-db-template-'));
  const templatePath = join(dir, 'template.db');
  let cluster: PostgresCluster | undefined;
  const stop = async () => {
    await cluster?.remove();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const [, started] = await Promise.all([applyMigrations(`file:${templatePath}`), startCluster()]);
    cluster = started;
    if (cluster) await applyMigrations(cluster.url(POSTGRES_TEMPLATE));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('dbTemplatePath', templatePath);
  project.provide('postgresUrl', cluster?.url() ?? '');
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  return stop;
}

/**
 * PostgreSQL's tests (and the whole suite with PORTAL_TEST_DATABASE=postgresql) need a server. Without
 * one on the machine they are skipped with a notice, except in CI, where .ci/run installs it.
 */
async function startCluster(): Promise<PostgresCluster | undefined> {
  if (!postgresBinDir()) {
    const message =
      'PostgreSQL server binaries not found (apt-get install postgresql): PostgreSQL tests skipped';
    if (process.env.CI === 'true' || testEngine() === 'postgresql') throw new Error(message);
    console.warn(message);
    return undefined;
  }
  return startPostgres();
}
