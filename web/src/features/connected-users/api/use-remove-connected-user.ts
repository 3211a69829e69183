import { $api } from '../../../lib/api/client.ts';
import { useSuccessNotice } from '../../../lib/api/use-success-notice.ts';
import { connectedUsersKeyPrefix } from './use-connected-users.ts';

/** PUT /api/v1/agents/invitations/{id}/revoke with the messages of docs/product-rules.md, Errors. */
export function useRemoveConnectedUser() {
  const onSuccess = useSuccessNotice('connectedUsers.success.remove', connectedUsersKeyPrefix);
  return $api.useMutation('put', '/api/v1/agents/invitations/{id}/revoke', {
    onSuccess,
    meta: {
      errorMessage: 'connectedUsers.errors.remove',
      errorMessages: {
        REVOKE_FORBIDDEN: 'connectedUsers.errors.forbidden',
        INVALID_REVOKE_STATE: 'connectedUsers.errors.invalidRevokeState',
      },
    },
  });
}
