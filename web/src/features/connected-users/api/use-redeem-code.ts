import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { connectedUsersKeyPrefix } from './use-connected-users.ts';

/** PUT /api/v1/invitations/redeem/{code}; the caller shows the inline error. */
export function useRedeemCode() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/v1/invitations/redeem/{code}', {
    onSuccess: async () => {
      notify.success(t('connectedUsers.redeem.success'));
      await queryClient.invalidateQueries({ queryKey: connectedUsersKeyPrefix });
    },
  });
}
