import path from 'node:path';
import { resetAndSeed, seed } from '../../../prisma/seed.ts';
import type { PortalDeps } from '../deps.ts';

export const agentFilesDir = (dataDir: string) => path.join(dataDir, 'agent-files');

/** Seeds the personas on a database with no users yet, so a fresh start is ready for a demo. */
export async function seedIfEmpty({ config, prisma, clock }: PortalDeps): Promise<boolean> {
  if ((await prisma.user.count()) > 0) return false;
  await seed(prisma, { now: clock.now(), filesDir: agentFilesDir(config.dataDir) });
  return true;
}

export async function reseed({ config, prisma, clock }: PortalDeps): Promise<void> {
  await resetAndSeed(prisma, { now: clock.now(), filesDir: agentFilesDir(config.dataDir) });
}
