import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import type { InvitationEntry } from '../recipient-status.ts';

export type RecipientList = { entries: readonly InvitationEntry[] | undefined; loading: boolean };

const EMPTY: readonly InvitationEntry[] = [];

/** Invitation links are never pending or declined: those filters show an empty list without a call. */
export function fetchesUnclaimed(filter: InvitationFilter): boolean {
  return filter !== 'DECLINED' && filter !== 'PENDING';
}

/**
 * The agents view lists claimed invitations, the invitations view unclaimed ones. Both are read
 * for the current filter so each tab can show its unread count.
 */
export function useRecipientLists(filter: InvitationFilter): {
  agents: RecipientList;
  invitations: RecipientList;
} {
  const { t } = useTranslation();
  const notify = useNotify();
  const init = { params: { path: { filter } } };
  const claimed = $api.useQuery('get', '/api/v1/invitations/claimed/{filter}', init);
  const withUnclaimed = fetchesUnclaimed(filter);
  const unclaimed = $api.useQuery('get', '/api/v1/invitations/unclaimed/{filter}', init, {
    enabled: withUnclaimed,
  });
  const failed = claimed.isError || unclaimed.isError;

  useEffect(() => {
    if (failed) notify.error(t('recipients.errors.fetch'));
  }, [failed, notify, t]);

  return {
    agents: { entries: claimed.data, loading: claimed.isPending },
    invitations: withUnclaimed
      ? { entries: unclaimed.data, loading: unclaimed.isPending }
      : { entries: EMPTY, loading: false },
  };
}
