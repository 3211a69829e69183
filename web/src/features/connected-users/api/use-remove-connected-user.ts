import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { connectedUsersKeyPrefix } from './use-connected-users.ts';

/** PUT /api/v1/agents/invitations/{id}/revoke with the messages of docs/product-rules.md, Errors. */
export function useRemoveConnectedUser() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/v1/agents/invitations/{id}/revoke', {
    onSuccess: async () => {
      notify.success(t('connectedUsers.success.remove'));
      await queryClient.invalidateQueries({ queryKey: connectedUsersKeyPrefix });
    },
    meta: {
      errorMessage: 'connectedUsers.errors.remove',
      errorMessages: {
        REVOKE_FORBIDDEN: 'connectedUsers.errors.forbidden',
        INVALID_REVOKE_STATE: 'connectedUsers.errors.invalidRevokeState',
      },
    },
  });
}
