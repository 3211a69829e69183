import { useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api/client.ts';
import { hasActiveJob } from '../download-state.ts';

export const JOB_POLL_INTERVAL = 8000;

export const downloadJobsQueryKey = $api.queryOptions('get', '/api/v1/products/download/jobs', {}).queryKey;

/** GET /api/v1/products/download/jobs, polled every 8 s only while a job is CREATED or RUNNING. */
export function downloadJobsQueryOptions() {
  return $api.queryOptions(
    'get',
    '/api/v1/products/download/jobs',
    {},
    {
      // The first page's answer (embedded or prefetched, app/first-page.ts) is not asked again on mount.
      staleTime: JOB_POLL_INTERVAL,
      refetchInterval: (current) => (hasActiveJob(current.state.data) ? JOB_POLL_INTERVAL : false),
      meta: { errorMessage: 'products.errors.jobs' },
    },
  );
}

export function useDownloadJobs() {
  return useQuery(downloadJobsQueryOptions());
}
