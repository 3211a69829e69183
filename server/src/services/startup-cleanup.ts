import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PortalDeps } from '../deps.ts';
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
export async function cleanUpAfterCrash(deps: Pick<PortalDeps, 'prisma' | 'config'>): Promise<CleanupReport> {
  const { prisma, config } = deps;
  const documentsDir = agentFilesDirectory(config);
  const storedNames = new Set(
    (await prisma.agentFile.findMany({ select: { storedName: true } })).map((file) => file.storedName),
  );
  const orphanDocuments = (await namesIn(documentsDir)).filter((name) => !storedNames.has(name));
  await Promise.all(orphanDocuments.map((name) => rm(path.join(documentsDir, name), { force: true })));

  const storage = createExportStorage(config);
  const exportNames = new Set(
    (
      await prisma.downloadJob.findMany({ where: { filePath: { not: null } }, select: { filePath: true } })
    ).map((job) => job.filePath),
  );
  // Includes half-written `{name}.zip.tmp-…` files, which no row ever points to.
  const orphanExports = (await namesIn(storage.directory)).filter((name) => !exportNames.has(name));
  await Promise.all(orphanExports.map((name) => rm(path.join(storage.directory, name), { force: true })));

  return {
    orphanDocuments: orphanDocuments.length,
    orphanExports: orphanExports.length,
    unfinishedJobs: await prisma.downloadJob.count({ where: { status: 'RUNNING' } }),
  };
}
