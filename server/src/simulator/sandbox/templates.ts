import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createPrisma } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { agentFilesDir } from '../../services/agent-files.ts';
import { loadScenario } from '../scenarios/load.ts';
import { SCENARIOS } from '../scenarios/registry.ts';
import { copyWorldFolder, DATABASE_FILE } from './world-files.ts';

/**
 * Prepared copies of each scenario, so a sandbox is a file copy (milliseconds) rather than a
 * migration and a seed (most of a second). Built once per process on first use, in `{root}/{scenario}`.
 */
export function createTemplates(root: string, clock: Clock) {
  const ready = createPromiseCache<string>();

  async function build(scenario: string): Promise<string> {
    const dir = path.join(root, scenario);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const url = `file:${path.join(dir, DATABASE_FILE)}`;
    await applyMigrations(url);
    const prisma = createPrisma(url);
    try {
      await loadScenario(prisma, { now: clock.now(), filesDir: agentFilesDir(dir), dataDir: dir, scenario });
      // Everything in the main file: a copy of it alone is the whole database.
      await prisma.$executeRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await prisma.$disconnect();
    }
    return dir;
  }

  return {
    names: SCENARIOS.map((scenario) => scenario.name),
    /** The folder of the scenario's template (database file and files), building it on first use. */
    async folder(scenario: string): Promise<string> {
      return ready(scenario, () => build(scenario));
    },
    /** Copies the template into `target` (which must not exist yet; its stored files are linked). */
    async copyTo(scenario: string, target: string): Promise<void> {
      const source = await this.folder(scenario);
      await copyWorldFolder(source, target);
      await mkdir(agentFilesDir(target), { recursive: true });
    },
  };
}
