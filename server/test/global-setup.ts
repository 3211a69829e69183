// Vitest global setup: migrate one template database per run (through the schema
// engine), so every test file only copies a file instead of replaying migrations.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a freshly migrated SQLite file; copy it, never open it. */
    dbTemplatePath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-db-template-'));
  const templatePath = join(dir, 'template.db');
  await applyMigrations(`file:${templatePath}`);
  project.provide('dbTemplatePath', templatePath);
  return () => rm(dir, { recursive: true, force: true });
}
