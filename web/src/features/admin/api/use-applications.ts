import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
import { $api, client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { usePagedList } from '../../../lib/paged-list/use-paged-list.ts';

export type AgentApplication = Schemas['AgentApplication'];
export type ApplicationStatus = Schemas['AgentStatus'];
export type Decision = 'approve' | 'reject';

const LIST_PATH = '/api/v1/admin/applications';
const listKey = $api.queryOptions('get', LIST_PATH).queryKey.slice(0, 2);

/** GET /api/v1/admin/applications page by page, all or only one status (search `q` in the database). */
export function useApplications(status: ApplicationStatus | 'all', q: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = usePagedList({
    queryKey: [...listKey, { status }],
    q,
    fetchPage: (query, signal) =>
      client.GET(LIST_PATH, {
        params: { query: status === 'all' ? query : { ...query, status } },
        signal,
      }),
  });
  const { isError, errorUpdatedAt } = list.query;
  useEffect(() => {
    // Once per failed fetch, also when a later refetch fails again.
    if (isError && errorUpdatedAt > 0) notify.error(t('admin.applications.errors.fetch'));
  }, [isError, errorUpdatedAt, notify, t]);
  return list;
}

/** Approve or reject a pending application; the lists are refetched either way. */
export function useDecideApplication() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const handlers = (decision: Decision) => ({
    onSuccess: () => notify.success(t(`admin.applications.success.${decision}`)),
    onError: (error: unknown) => {
      const code = errorCodeOf(error);
      if (code === 'APPLICATION_NOT_FOUND') notify.error(t('admin.applications.errors.notFound'));
      else if (code === 'INVALID_APPLICATION_STATE')
        notify.error(t('admin.applications.errors.invalidState'));
      else notify.error(t(`admin.applications.errors.${decision}`));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const approve = $api.useMutation('put', '/api/v1/admin/applications/{id}/approve', handlers('approve'));
  const reject = $api.useMutation('put', '/api/v1/admin/applications/{id}/reject', handlers('reject'));
  return {
    isPending: approve.isPending || reject.isPending,
    decide: (decision: Decision, id: string, onDone: () => void) => {
      const mutation = decision === 'approve' ? approve : reject;
      mutation.mutate({ params: { path: { id } } }, { onSettled: onDone });
    },
  };
}
