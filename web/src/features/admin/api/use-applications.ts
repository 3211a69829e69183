import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  return usePagedList({
    queryKey: [...listKey, { status }],
    q,
    fetchPage: (query, signal) =>
      client.GET(LIST_PATH, {
        params: { query: status === 'all' ? query : { ...query, status } },
        signal,
      }),
    meta: { errorMessage: 'admin.applications.errors.fetch' },
  });
}

/** Approve or reject a pending application; the lists are refetched either way. */
export function useDecideApplication() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const handlers = (decision: Decision) => ({
    onSuccess: () => notify.success(t(`admin.applications.success.${decision}`)),
    meta: {
      errorMessage: `admin.applications.errors.${decision}`,
      errorMessages: {
        APPLICATION_NOT_FOUND: 'admin.applications.errors.notFound',
        INVALID_APPLICATION_STATE: 'admin.applications.errors.invalidState',
      },
    } as const,
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
