import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
import { $api } from '../../../lib/api/client.ts';
import { browser } from '../../../lib/browser.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import type { DownloadJob } from '../download-state.ts';
import { downloadJobsQueryKey } from './use-download-jobs.ts';

/** Answers meaning "not possible right now" rather than "something broke". */
const UNAVAILABLE = new Set([
  'COLLECTION_DISABLED',
  'NO_PRODUCTS_ENABLED',
  'JOB_NOT_READY',
  'EXPORT_EXPIRED',
]);

/** Starts download jobs (one product or all) and downloads a completed job's zip. */
export function useDownloads() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const onError = (error: unknown) => {
    const code = errorCodeOf(error);
    notify.apiError(
      code && UNAVAILABLE.has(code)
        ? t('products.errors.downloadUnavailable')
        : t('products.errors.download'),
      error,
    );
    void queryClient.invalidateQueries({ queryKey: downloadJobsQueryKey });
  };
  // The new job shows at once (and starts the polling); the list is then re-read from the server.
  const onCreated = (job: DownloadJob) => {
    queryClient.setQueryData<DownloadJob[]>(downloadJobsQueryKey, (jobs) => [job, ...(jobs ?? [])]);
    void queryClient.invalidateQueries({ queryKey: downloadJobsQueryKey });
  };

  const startOne = $api.useMutation('post', '/api/v1/products/{id}/download', {
    onSuccess: onCreated,
    onError,
  });
  const startAll = $api.useMutation('post', '/api/v1/products/download', { onSuccess: onCreated, onError });
  const link = $api.useMutation('get', '/api/v1/products/download/jobs/{jobId}/link', {
    onSuccess: ({ link: url }) => browser.assign(url),
    onError,
  });

  return {
    startProduct: (productId: string) => startOne.mutate({ params: { path: { id: productId } } }),
    startingProductId: startOne.isPending ? (startOne.variables?.params.path.id ?? null) : null,
    startAll: () => startAll.mutate({}),
    startingAll: startAll.isPending,
    downloadJob: (job: DownloadJob) => link.mutate({ params: { path: { jobId: job.id } } }),
    fetchingJobId: link.isPending ? (link.variables?.params.path.jobId ?? null) : null,
  };
}
