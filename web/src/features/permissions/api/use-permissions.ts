import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export type PermissionsRole = 'user' | 'agent';

/**
 * A user reads an invitation's permissions (GET /api/v1/invitations/{id}/permissions), a company
 * a connected user's (GET /api/v1/agents/invitations/{id}/permissions). Never retried.
 */
export function usePermissions(role: PermissionsRole, invitationId: string | null) {
  const { t } = useTranslation();
  const notify = useNotify();
  const init = { params: { path: { id: invitationId ?? '' } } };
  const asUser = $api.useQuery('get', '/api/v1/invitations/{id}/permissions', init, {
    enabled: role === 'user' && invitationId !== null,
  });
  const asAgent = $api.useQuery('get', '/api/v1/agents/invitations/{id}/permissions', init, {
    enabled: role === 'agent' && invitationId !== null,
  });
  const query = role === 'user' ? asUser : asAgent;
  const { isError } = query;

  useEffect(() => {
    if (isError) notify.error(t('permissions.errors.fetch'));
  }, [isError, notify, t]);

  return query;
}
