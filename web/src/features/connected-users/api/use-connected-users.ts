import { $api, client } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
import { usePagedList } from '../../../lib/paged-list/use-paged-list.ts';

const LIST_PATH = '/api/v1/agents/invitations/{filter}';

/** The key prefix shared by every filter of the list, derived from the generated hooks. */
export const connectedUsersKeyPrefix = $api
  .queryOptions('get', LIST_PATH, { params: { path: { filter: 'ALL' } } })
  .queryKey.slice(0, 2);

/**
 * GET /api/v1/agents/invitations/{filter} page by page (search `q` in the database); no retries, a
 * failure is a notification (docs/product-rules.md, Errors).
 */
export function useConnectedUsers(filter: InvitationFilter, q: string) {
  return usePagedList({
    queryKey: [...connectedUsersKeyPrefix, { filter }],
    q,
    fetchPage: (query, signal) => client.GET(LIST_PATH, { params: { path: { filter }, query }, signal }),
    meta: { errorMessage: 'connectedUsers.errors.fetchUsers' },
  });
}
