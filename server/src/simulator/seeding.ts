import type { PortalDeps } from '../deps.ts';
import { agentFilesDir } from '../services/agent-files.ts';
import { type LoadOptions, loadScenario, resetToScenario } from './scenarios/load.ts';

/** Seeds a database with no users yet (the `demo` personas unless SEED_SCENARIO says), ready for a demo. */
export async function seedIfEmpty({
  config,
  prisma,
  clock,
}: Pick<PortalDeps, 'config' | 'prisma' | 'clock'>): Promise<boolean> {
  if ((await prisma.user.count()) > 0) return false;
  await loadScenario(prisma, {
    scenario: config.seedScenario,
    now: clock.now(),
    filesDir: agentFilesDir(config.dataDir),
    dataDir: config.dataDir,
  });
  return true;
}

/** Wipes the database and loads a scenario (default `demo`, seed 1). */
export async function reseed(
  { config, prisma, clock }: PortalDeps,
  choice: Pick<LoadOptions, 'scenario' | 'seed' | 'afterLoad'> = {},
): Promise<void> {
  await resetToScenario(prisma, {
    now: clock.now(),
    filesDir: agentFilesDir(config.dataDir),
    dataDir: config.dataDir,
    ...choice,
  });
}
