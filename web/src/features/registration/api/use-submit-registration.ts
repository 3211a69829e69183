import { $api } from '../../../lib/api/client.ts';
import { useSuccessNotice } from '../../../lib/api/use-success-notice.ts';
import { agentStatusQueryKey } from './use-agent-status.ts';

/**
 * POST /api/v1/agents. On success `onSubmitted` runs first (the form resets while still mounted),
 * then the status is refetched (→ pending).
 */
export function useSubmitRegistration(onSubmitted: () => void) {
  const onSuccess = useSuccessNotice('registration.success.submit', agentStatusQueryKey, onSubmitted);
  return $api.useMutation('post', '/api/v1/agents', {
    onSuccess,
    meta: { errorMessage: 'registration.errors.submit' },
  });
}
