// Export files over time: finished exports past their retention are deleted (their links then answer
// EXPORT_EXPIRED), and files no job points to are removed: what a killed builder left behind. Safe while
// other instances write to the same folder: a file carrying the token of a claim still held (job-leases.ts)
// is being built and is kept.
import type { World } from '../world.ts';
import type { ExportStorage } from './export-storage.ts';
import { claimTokenOf } from './job-leases.ts';
import { EXPORT_RETENTION_MS } from './job-snapshot.ts';

const BATCH = 20;

/** Deletes exports past their retention. */
export async function expireOldExports(
  world: Pick<World, 'prisma' | 'clock'>,
  storage: ExportStorage,
): Promise<void> {
  const cutoff = new Date(world.clock.now().getTime() - EXPORT_RETENTION_MS);
  const old = await world.prisma.downloadJob.findMany({
    where: { status: 'COMPLETED', filePath: { not: null }, finishedAt: { lt: cutoff } },
    select: { id: true, filePath: true },
    take: BATCH,
  });
  for (const job of old) {
    await world.prisma.downloadJob.update({
      where: { id: job.id },
      data: { filePath: null, downloadToken: null, tokenExpiresAt: null },
    });
    if (job.filePath) await storage.remove(job.filePath);
  }
}

/**
 * Removes the export folder's files that no job points to and no held claim is writing: half-written
 * `….zip.tmp-…` files and finished zips of builds that never committed (a kill between rename and
 * commit, a claim lost). The folder is listed before the rows are read, so a file written later is
 * not looked at. Answers how many files were removed.
 */
export async function removeOrphanExports(
  world: Pick<World, 'prisma' | 'wallClock'>,
  storage: ExportStorage,
): Promise<number> {
  const names = await storage.names();
  if (names.length === 0) return 0;
  const tokens = names.map(claimTokenOf).filter((token): token is string => token !== null);
  // Claims first, then rows: a build that commits in between (its claim cleared, its file name
  // stored in the same update) is then seen by the second read.
  const building = await world.prisma.downloadJob.findMany({
    where: { status: 'RUNNING', leaseOwner: { in: tokens }, leaseExpiresAt: { gte: world.wallClock.now() } },
    select: { leaseOwner: true },
  });
  const referenced = await world.prisma.downloadJob.findMany({
    where: { filePath: { in: names } },
    select: { filePath: true },
  });
  const keep = new Set<string>(referenced.map((job) => job.filePath ?? ''));
  const held = new Set(building.map((job) => job.leaseOwner));
  const orphans = names.filter((name) => {
    if (keep.has(name)) return false;
    const token = claimTokenOf(name);
    return !(token && held.has(token));
  });
  await Promise.all(orphans.map((name) => storage.removeListed(name)));
  return orphans.length;
}
