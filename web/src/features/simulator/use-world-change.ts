import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../lib/api/api-error.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';

/**
 * After the simulated world changed under the app (persona, scenario, snapshot, sandbox, clock):
 * every screen's data is stale, the signed-in user included. The route guard then keeps the current
 * page when the new persona may see it and sends it home otherwise.
 */
export function useWorldChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(), [queryClient]);
}

/** The panel's own failures: the code the server answered, so a developer sees what went wrong. */
export function useSimulatorFailure(): (error: unknown) => void {
  const { t } = useTranslation('simulator');
  const notify = useNotify();
  return useCallback(
    (error: unknown) => notify.apiError(t('failed', { code: errorCodeOf(error) ?? 'NETWORK' }), error),
    [notify, t],
  );
}
