import path from 'node:path';
import { resetAndSeed, seed } from '../../../prisma/seed.ts';
import type { PortalPrisma } from '../db/client.ts';
import type { PortalDeps } from '../deps.ts';
import type { Clock } from '../lib/clock.ts';

export const agentFilesDir = (dataDir: string) => path.join(dataDir, 'agent-files');

/** Scenarios a world can be reset to or a sandbox created from. */
export const scenarioNames: readonly string[] = ['demo'];

/** Seeds the personas on a database with no users yet, so a fresh start is ready for a demo. */
export async function seedIfEmpty({ config, prisma, clock }: PortalDeps): Promise<boolean> {
  if ((await prisma.user.count()) > 0) return false;
  await seed(prisma, { now: clock.now(), filesDir: agentFilesDir(config.dataDir) });
  return true;
}

/** Wipes every table and seeds the scenario, anchored at the clock's now. */
export async function reseedScenario(
  { prisma, clock, dataDir }: { prisma: PortalPrisma; clock: Clock; dataDir: string },
  _scenario: string,
): Promise<void> {
  await resetAndSeed(prisma, { now: clock.now(), filesDir: agentFilesDir(dataDir) });
}

export async function reseed({ config, prisma, clock }: PortalDeps): Promise<void> {
  await reseedScenario({ prisma, clock, dataDir: config.dataDir }, 'demo');
}
