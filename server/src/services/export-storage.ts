import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Where finished exports live: `{dataDir}/exports`, outside anything served statically. A zip is
 * written under a temporary name and renamed when complete, so a half-written file is never served.
 * The database stores only the file name relative to this folder, never a path from user input.
 */
export function createExportStorage(config: Pick<Config, 'dataDir'>) {
  const directory = path.join(config.dataDir, 'exports');
  const safeName = /^[A-Za-z0-9_-]+\.zip$/;

  function resolve(fileName: string): string {
    if (!safeName.test(fileName)) throw new Error('Invalid export file name');
    return path.join(directory, fileName);
  }

  return {
    directory,
    /** The stored (relative) file name of a job's export. */
    fileNameFor(jobId: string): string {
      return `${jobId.replace(/[^A-Za-z0-9_-]/g, '')}.zip`;
    },
    resolve,
    /** Runs `write` against a fresh temporary path, then renames it into place under `fileName`. */
    async writeAtomically(fileName: string, write: (tempPath: string) => Promise<void>): Promise<void> {
      await mkdir(directory, { recursive: true });
      const tempPath = path.join(directory, `.tmp-${randomUUID()}.part`);
      try {
        await write(tempPath);
        await rename(tempPath, resolve(fileName));
      } finally {
        await rm(tempPath, { force: true });
      }
    },
    /** Size in bytes, or null when the file is gone (e.g. data folder wiped). */
    async size(fileName: string): Promise<number | null> {
      try {
        const info = await stat(resolve(fileName));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async remove(fileName: string): Promise<void> {
      await rm(resolve(fileName), { force: true });
    },
    /** Leftovers of writes interrupted by a crash or restart. */
    async removeTemporaryFiles(): Promise<void> {
      const names = await readdir(directory).catch(() => [] as string[]);
      await Promise.all(
        names.filter((name) => name.startsWith('.tmp-')).map((name) => rm(path.join(directory, name), { force: true })),
      );
    },
  };
}

export type ExportStorage = ReturnType<typeof createExportStorage>;
