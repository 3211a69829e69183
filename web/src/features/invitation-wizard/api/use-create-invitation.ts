import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

const ALL = { params: { path: { filter: 'ALL' as const } } };
/** Method + path of the derived list keys: every filter of the invitation links becomes stale. */
const unclaimedListsKey = $api
  .queryOptions('get', '/api/v1/invitations/unclaimed/{filter}', ALL)
  .queryKey.slice(0, 2);

/** POST /api/v1/invitations; never retried. */
export function useCreateInvitation() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/v1/invitations', {
    onSuccess: () => {
      notify.success(t('wizard.created'));
      void queryClient.invalidateQueries({ queryKey: unclaimedListsKey });
    },
    meta: { errorMessage: 'wizard.errors.create' },
  });
}
