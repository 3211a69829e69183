import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notifications/notifications-context.tsx';

/**
 * A mutation's `onSuccess` for a change the server accepted: the success notification, then
 * `before` (a form resets while still mounted), then the queries under `queryKey` are refetched;
 * the mutation stays pending until they are, so its button waits for the fresh data.
 */
export function useSuccessNotice(message: ParseKeys, queryKey: QueryKey, before?: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async () => {
    notify.success(t(message));
    before?.();
    await queryClient.invalidateQueries({ queryKey });
  };
}
