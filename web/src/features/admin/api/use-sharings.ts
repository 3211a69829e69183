import { $api, client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { usePagedList } from '../../../lib/paged-list/use-paged-list.ts';
import { adminActions, useAdminActionOptions } from './admin-actions.ts';

export type Sharing = Schemas['Sharing'];
export type SharingAction = 'suspend' | 'resume';

const LIST_PATH = '/api/v1/admin/sharings';
const listKey = $api.queryOptions('get', LIST_PATH).queryKey.slice(0, 2);

/** GET /api/v1/admin/sharings page by page (search `q` in the database). */
export function useSharings(q: string) {
  return usePagedList({
    queryKey: listKey,
    q,
    fetchPage: (query, signal) => client.GET(LIST_PATH, { params: { query }, signal }),
    meta: { errorMessage: 'admin.sharings.errors.fetch' },
  });
}

/** Suspend an accepted sharing or resume one an admin paused; the list is refetched either way. */
export function useSharingAction() {
  const options = useAdminActionOptions(listKey, 'admin.sharings', {
    SHARING_NOT_FOUND: 'admin.sharings.errors.notFound',
    INVALID_SHARING_STATE: 'admin.sharings.errors.invalidState',
  });
  return adminActions<SharingAction>({
    suspend: $api.useMutation('put', '/api/v1/admin/sharings/{id}/suspend', options('suspend')),
    resume: $api.useMutation('put', '/api/v1/admin/sharings/{id}/resume', options('resume')),
  });
}
