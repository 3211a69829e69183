import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Why the data directory cannot be used, as the sentence the operator reads. */
export class DataDirLockedError extends Error {
  readonly directory: string;
  readonly holderPid: number;

  constructor(directory: string, holderPid: number) {
    super(
      `Another portal server (process ${holderPid}) is already using the data directory ${directory}. ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.directory = directory;
    this.holderPid = holderPid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * One server per data directory: SQLite and the stored files are not meant to be shared, and a
 * second server used to die later with an obscure schema-engine timeout. The lock file holds the
 * owner's pid; a lock whose process is gone (kill -9, power cut) is stale and taken over.
 * Answers the release function (also run on process exit).
 */
export function lockDataDir(directory: string, pid = process.pid): () => void {
  const lockFile = path.join(directory, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, `${pid}\n`);
      closeSync(fd);
      const release = () => {
        if (readHolder(lockFile) === pid) rmSync(lockFile, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder !== null && holder !== pid && isAlive(holder))
        throw new DataDirLockedError(directory, holder);
      // Stale (or unreadable half-written) lock: the process that held it is gone.
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${directory}`);
}
