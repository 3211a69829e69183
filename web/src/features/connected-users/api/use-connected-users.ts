import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

const LIST_PATH = '/api/v1/agents/invitations/{filter}';

/** The key prefix shared by every filter of the list, derived from the generated hooks. */
export const connectedUsersKeyPrefix = $api
  .queryOptions('get', LIST_PATH, { params: { path: { filter: 'ALL' } } })
  .queryKey.slice(0, 2);

/** GET /api/v1/agents/invitations/{filter}; no retries, a failure is a notification (spec section 8). */
export function useConnectedUsers(filter: InvitationFilter) {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = $api.useQuery('get', LIST_PATH, { params: { path: { filter } } });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    // Once per failed fetch, also when a later refetch fails again.
    if (isError && errorUpdatedAt > 0) notify.error(t('connectedUsers.errors.fetchUsers'));
  }, [isError, errorUpdatedAt, notify, t]);
  return query;
}
