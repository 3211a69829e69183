import { useEffect } from 'react';
import type { Schemas } from '../api/types.ts';
import { useNotify } from '../notifications/notifications-context.tsx';
import { useCurrentUser } from '../session/current-user.ts';
import { checkFailedJobs, readFailedJobIds, writeFailedJobIds } from './failed-jobs.ts';

type DownloadJob = Schemas['DownloadJob'];

/**
 * Spec section 4, failed jobs: the first load records the failed ids silently; afterwards `message` is
 * shown as an error whenever failed jobs appear that were not recorded.
 */
export function useFailedJobsWatch(jobs: readonly DownloadJob[] | undefined, message: string): void {
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const userId = user?.id;

  useEffect(() => {
    if (!jobs) return;
    const { notify: shouldNotify, record } = checkFailedJobs(readFailedJobIds(userId), jobs);
    if (shouldNotify) notify.error(message);
    writeFailedJobIds(userId, record);
  }, [jobs, message, notify, userId]);
}
