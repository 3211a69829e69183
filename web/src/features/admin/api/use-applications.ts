import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
import { $api } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export type AgentApplication = Schemas['AgentApplication'];
export type ApplicationStatus = Schemas['AgentStatus'];
export type Decision = 'approve' | 'reject';

const LIST_PATH = '/api/v1/admin/applications';
const listKey = $api.queryOptions('get', LIST_PATH).queryKey.slice(0, 2);

/** GET /api/v1/admin/applications, all or only one status. */
export function useApplications(status: ApplicationStatus | 'all') {
  const { t } = useTranslation();
  const notify = useNotify();
  const init = status === 'all' ? {} : { params: { query: { status } } };
  const query = $api.useQuery('get', LIST_PATH, init);
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    // Once per failed fetch, also when a later refetch fails again.
    if (isError && errorUpdatedAt > 0) notify.error(t('admin.applications.errors.fetch'));
  }, [isError, errorUpdatedAt, notify, t]);
  return query;
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
