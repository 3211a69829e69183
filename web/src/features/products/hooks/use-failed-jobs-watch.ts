import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import type { DownloadJob } from '../download-state.ts';
import { checkFailedJobs, readFailedJobIds, writeFailedJobIds } from '../failed-jobs.ts';

/** Shows an error notification when a download job failed since the failed ids were last recorded. */
export function useFailedJobsWatch(jobs: readonly DownloadJob[] | undefined): void {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const userId = user?.id;

  useEffect(() => {
    if (!jobs) return;
    const { notify: shouldNotify, record } = checkFailedJobs(readFailedJobIds(userId), jobs);
    if (shouldNotify) notify.error(t('products.errors.jobFailed'));
    writeFailedJobIds(userId, record);
  }, [jobs, notify, t, userId]);
}
