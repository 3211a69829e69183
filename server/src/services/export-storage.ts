import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { storedFileInfo } from '../lib/stored-files.ts';

/**
 * Where finished exports live: `{dataDir}/exports`, outside anything served statically. The export
 * writer streams to a temporary name in this folder and renames when complete, so a half-written
 * file is never served. The database stores only the file name relative to this folder, never a
 * path from user input.
 */
export function createExportStorage({ config }: { config: Pick<Config, 'dataDir'> }) {
  const directory = path.join(config.dataDir, 'exports');
  const safeName = /^[A-Za-z0-9_-]+\.zip$/;

  function resolve(fileName: string): string {
    if (!safeName.test(fileName)) throw new Error('Invalid export file name');
    return path.join(directory, fileName);
  }

  return {
    directory,
    /**
     * The stored (relative) file name of a job's export, built under the claim `token` (job-leases.ts):
     * two instances never write the same name, and a file whose claim ended is known to be an orphan.
     */
    fileNameFor(jobId: string, token: string): string {
      return `${jobId.replace(/[^A-Za-z0-9_-]/g, '')}-${token}.zip`;
    },
    /** Names of the files in the folder (finished exports and half-written ones). */
    async names(): Promise<string[]> {
      const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    },
    resolve,
    async ensureDirectory(): Promise<void> {
      await mkdir(directory, { recursive: true });
    },
    /** Size in bytes, or null when the file is gone (e.g. data folder wiped): one system call, made at once. */
    async size(fileName: string): Promise<number | null> {
      if (!safeName.test(fileName)) return null;
      return storedFileInfo(resolve(fileName))?.size ?? null;
    },
    async remove(fileName: string): Promise<void> {
      await rm(resolve(fileName), { force: true });
    },
    /** Removes a file of the folder by its listed name (finished or half-written). */
    async removeListed(name: string): Promise<void> {
      if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return;
      await rm(path.join(directory, name), { force: true });
    },
  };
}

export type ExportStorage = ReturnType<typeof createExportStorage>;

const storages = new WeakMap<Pick<Config, 'dataDir'>, ExportStorage>();

/** The export storage of a world, made once per world (its config) rather than once per download. */
export function exportStorageOf(world: { config: Pick<Config, 'dataDir'> }): ExportStorage {
  let found = storages.get(world.config);
  if (!found) {
    found = createExportStorage(world);
    storages.set(world.config, found);
  }
  return found;
}
