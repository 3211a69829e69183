import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { World } from '../world.ts';
import { agentFilesDirectory } from './agent-files.ts';
import { createExportStorage } from './export-storage.ts';

export interface CleanupReport {
  orphanDocuments: number;
  orphanExports: number;
  /** Jobs found RUNNING: the runner builds them again (exports are written under a temporary name). */
  unfinishedJobs: number;
}

async function namesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * Run once at start, before anything else touches the data directory (the lock guarantees no other
 * server does): a kill -9 between writing a file and committing its row (or between deleting a row
 * and its file) leaves files no row points to, and jobs left RUNNING were building when the process
 * died. Files without a row are removed; such jobs stay RUNNING and the runner builds them again.
 */
export async function cleanUpAfterCrash(world: Pick<World, 'prisma' | 'config'>): Promise<CleanupReport> {
  const { prisma, config } = world;
  const orphanDocuments = await removeOrphanDocuments(world, 0);

  const storage = createExportStorage({ config });
  const exportNames = new Set(
    (
      await prisma.downloadJob.findMany({ where: { filePath: { not: null } }, select: { filePath: true } })
    ).map((job) => job.filePath),
  );
  // Includes half-written `{name}.zip.tmp-…` files, which no row ever points to.
  const orphanExports = (await namesIn(storage.directory)).filter((name) => !exportNames.has(name));
  await Promise.all(orphanExports.map((name) => rm(path.join(storage.directory, name), { force: true })));

  return {
    orphanDocuments,
    orphanExports: orphanExports.length,
    unfinishedJobs: await prisma.downloadJob.count({ where: { status: 'RUNNING' } }),
  };
}

/**
 * Removes uploaded documents that no row names and that nothing has written to for `quietMs`; answers
 * how many. With other servers writing to the same folder (team mode) a file without a row may be an
 * upload still arriving, or one whose row is about to be committed: a request cannot take longer than
 * REQUEST_TIMEOUT_MS, so a file quiet for longer than that (`orphanQuietMs`) is an orphan for certain.
 * The names are read before the rows, so a row committed in between keeps its file.
 */
export async function removeOrphanDocuments(
  { prisma, config }: Pick<World, 'prisma' | 'config'>,
  quietMs: number,
  now = Date.now(),
): Promise<number> {
  const documentsDir = agentFilesDirectory({ config });
  const names = await namesIn(documentsDir);
  if (names.length === 0) return 0;
  const storedNames = new Set(
    (await prisma.agentFile.findMany({ select: { storedName: true } })).map((file) => file.storedName),
  );
  let removed = 0;
  for (const name of names.filter((candidate) => !storedNames.has(candidate))) {
    const file = path.join(documentsDir, name);
    const written = await stat(file).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (written === null || now - written < quietMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** How long an unnamed document must have been quiet to be an orphan while other servers write: see above. */
export const orphanQuietMs = (config: World['config']): number => config.timeouts.requestMs + 60_000;
