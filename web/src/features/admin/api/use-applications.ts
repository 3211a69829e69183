import { $api, client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { usePagedList } from '../../../lib/paged-list/use-paged-list.ts';
import { adminActions, useAdminActionOptions } from './admin-actions.ts';

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
  const options = useAdminActionOptions(listKey, 'admin.applications', {
    APPLICATION_NOT_FOUND: 'admin.applications.errors.notFound',
    INVALID_APPLICATION_STATE: 'admin.applications.errors.invalidState',
  });
  return adminActions<Decision>({
    approve: $api.useMutation('put', '/api/v1/admin/applications/{id}/approve', options('approve')),
    reject: $api.useMutation('put', '/api/v1/admin/applications/{id}/reject', options('reject')),
  });
}
