import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, unwrap } from '../../../lib/api/api-error.ts';
import { $api, client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { browser } from '../../../lib/browser.ts';
import { useFailedJobsWatch } from '../../../lib/download-jobs/use-failed-jobs-watch.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export type DownloadJob = Schemas['DownloadJob'];
export type DownloadState =
  | { kind: 'disabled' }
  | { kind: 'normal' }
  | { kind: 'running' }
  | { kind: 'completed'; jobId: string };

/** While a job is created or running the jobs are polled every 8000 ms (docs/product-rules.md, Limits). */
export const JOB_POLL_MS = 8000;

const JOBS_PATH = '/api/v1/products/download/jobs';
const isActive = (job: DownloadJob) => job.status === 'CREATED' || job.status === 'RUNNING';
const isInviteJob = (job: DownloadJob, invitationId: string) =>
  job.type === 'INVITE' && job.relatedId === invitationId;

/** The button state for one connected user; jobs come newest first. */
export function downloadStateFor(
  invitationId: string,
  active: boolean,
  jobs: readonly DownloadJob[],
): DownloadState {
  if (!active) return { kind: 'disabled' };
  const own = jobs.filter((job) => isInviteJob(job, invitationId));
  if (own.some(isActive)) return { kind: 'running' };
  const completed = own.find((job) => job.status === 'COMPLETED');
  return completed ? { kind: 'completed', jobId: completed.id } : { kind: 'normal' };
}

/** The company's INVITE jobs, starting a job, and downloading a finished zip. */
export function useInvitationDownloads() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const jobsKey = $api.queryOptions('get', JOBS_PATH).queryKey;
  const jobs = $api.useQuery(
    'get',
    JOBS_PATH,
    {},
    {
      refetchInterval: (query) => (query.state.data?.some(isActive) ? JOB_POLL_MS : false),
      meta: { errorMessage: 'connectedUsers.errors.jobs' },
    },
  );
  useFailedJobsWatch(jobs.data, t('connectedUsers.errors.jobFailed'));

  const start = $api.useMutation('post', '/api/v1/agents/invites/{invitationId}/download', {
    onSuccess: async () => {
      notify.info(t('connectedUsers.jobs.CREATED'));
      await queryClient.invalidateQueries({ queryKey: jobsKey });
    },
    meta: { errorMessage: 'connectedUsers.errors.download' },
  });

  const startFor = useCallback(
    (invitationId: string) => start.mutate({ params: { path: { invitationId } } }),
    [start],
  );

  const download = useCallback(
    async (invitationId: string, jobId: string) => {
      try {
        const { link } = await unwrap(
          client.GET('/api/v1/products/download/jobs/{jobId}/link', { params: { path: { jobId } } }),
        );
        browser.assign(link);
      } catch (error) {
        // An expired zip is prepared again rather than failing.
        if (errorCodeOf(error) === 'EXPORT_EXPIRED') startFor(invitationId);
        else notify.apiError(t('connectedUsers.errors.download'), error);
      }
    },
    [notify, startFor, t],
  );

  const starting = start.isPending ? start.variables?.params.path.invitationId : undefined;
  const stateFor = (invitationId: string, active: boolean): DownloadState =>
    starting === invitationId ? { kind: 'running' } : downloadStateFor(invitationId, active, jobs.data ?? []);
  return { stateFor, start: startFor, download };
}
