import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { agentStatusQueryKey } from './use-agent-status.ts';

/**
 * POST /api/v1/agents. On success `onSubmitted` runs first (the form resets while still mounted),
 * then the status is refetched (→ pending).
 */
export function useSubmitRegistration(onSubmitted: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/v1/agents', {
    onSuccess: async () => {
      notify.success(t('registration.success.submit'));
      onSubmitted();
      await queryClient.invalidateQueries({ queryKey: agentStatusQueryKey });
    },
    meta: { errorMessage: 'registration.errors.submit' },
  });
}
