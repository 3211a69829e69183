import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { hasActiveJob } from '../download-state.ts';

export const JOB_POLL_INTERVAL = 8000;

export const downloadJobsQueryKey = $api.queryOptions('get', '/api/v1/products/download/jobs', {}).queryKey;

/** GET /api/v1/products/download/jobs, polled every 8 s only while a job is CREATED or RUNNING. */
export function useDownloadJobs() {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = $api.useQuery(
    'get',
    '/api/v1/products/download/jobs',
    {},
    { refetchInterval: (current) => (hasActiveJob(current.state.data) ? JOB_POLL_INTERVAL : false) },
  );
  const { isError } = query;

  useEffect(() => {
    if (isError) notify.error(t('products.errors.jobs'));
  }, [isError, notify, t]);

  return query;
}
