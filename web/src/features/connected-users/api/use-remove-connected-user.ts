import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
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
    onError: (error) => {
      switch (errorCodeOf(error)) {
        case 'REVOKE_FORBIDDEN':
          notify.error(t('connectedUsers.errors.forbidden'));
          return;
        case 'INVALID_REVOKE_STATE':
          notify.error(t('connectedUsers.errors.invalidRevokeState'));
          return;
        default:
          notify.error(t('connectedUsers.errors.remove'));
      }
    },
  });
}
