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

/** The admin lists whose items have actions, as their texts' section. */
export type AdminSection = 'admin.applications' | 'admin.sharings';

/**
 * The options of an admin action on a list item: its success notification
 * (`<section>.success.<action>`), its failure texts (`<section>.errors.<action>`, and per error code),
 * and the list refetched either way.
 */
export function useAdminActionOptions(
  listKey: QueryKey,
  section: AdminSection,
  errorMessages: ErrorMeta['errorMessages'],
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (action: string) => ({
    onSuccess: () => notify.success(t(`${section}.success.${action}` as ParseKeys)),
    meta: { errorMessage: `${section}.errors.${action}` as ParseKeys, errorMessages },
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
