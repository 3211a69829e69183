import { $api } from '../../../lib/api/client.ts';
import { useSuccessNotice } from '../../../lib/api/use-success-notice.ts';
import { connectedUsersKeyPrefix } from './use-connected-users.ts';

/** PUT /api/v1/invitations/redeem/{code}; the caller shows the inline error. */
export function useRedeemCode() {
  const onSuccess = useSuccessNotice('connectedUsers.redeem.success', connectedUsersKeyPrefix);
  return $api.useMutation('put', '/api/v1/invitations/redeem/{code}', { onSuccess });
}
