import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ErrorMeta } from '../../../lib/api/query-errors.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

/** A `PUT .../{id}/<action>` mutation of an admin list (approve, reject, suspend, resume). */
type ItemMutation = {
  isPending: boolean;
  mutate(variables: { params: { path: { id: string } } }, options: { onSettled: () => void }): void;
};

/**
 * The options of an admin action on a list item: its success notification, its failure texts
 * (general, and per error code), and the list refetched either way.
 */
export function useAdminActionOptions(listKey: QueryKey, errorMessages: ErrorMeta['errorMessages']) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (success: ParseKeys, errorMessage: ParseKeys) => ({
    onSuccess: () => notify.success(t(success)),
    meta: { errorMessage, errorMessages },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** The actions of one admin list as one: pending while any runs; `run` the one chosen on an item. */
export function adminActions<Action extends string>(mutations: Record<Action, ItemMutation>) {
  return {
    isPending: Object.values<ItemMutation>(mutations).some((mutation) => mutation.isPending),
    run: (action: Action, id: string, onDone: () => void) =>
      mutations[action].mutate({ params: { path: { id } } }, { onSettled: onDone }),
  };
}
