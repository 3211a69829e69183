import type { Schemas } from '../api/types.ts';
import { readStored, writeStored } from '../browser-storage.ts';

type DownloadJob = Schemas['DownloadJob'];

const KEY_PREFIX = 'portal.failedJobIds';

function keyFor(userId: string | undefined): string {
  return userId ? `${KEY_PREFIX}.${userId}` : KEY_PREFIX;
}

/** The failed job ids recorded for this user, or null before the first load ever recorded them. */
export function readFailedJobIds(userId: string | undefined): string[] | null {
  const raw = readStored(keyFor(userId));
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function writeFailedJobIds(userId: string | undefined, ids: readonly string[]): void {
  writeStored(keyFor(userId), JSON.stringify(ids));
}

export type FailedJobsCheck = { notify: boolean; record: string[] };

/**
 * First load (nothing recorded yet): record the failed ids silently. Afterwards: notify when
 * failed jobs appear that were not recorded, and record the current failed ids.
 */
export function checkFailedJobs(
  recorded: readonly string[] | null,
  jobs: readonly DownloadJob[],
): FailedJobsCheck {
  const failed = jobs.filter((job) => job.status === 'FAILED').map((job) => job.id);
  if (recorded === null) return { notify: false, record: failed };
  const known = new Set(recorded);
  return { notify: failed.some((id) => !known.has(id)), record: failed };
}
