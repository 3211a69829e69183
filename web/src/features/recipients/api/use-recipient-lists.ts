import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import type { InvitationEntry } from '../recipient-status.ts';

export type RecipientList = {
  entries: readonly InvitationEntry[] | undefined;
  loading: boolean;
  /** The last fetch failed: the list shows the failure and a retry, never the empty state. */
  failed: boolean;
  retrying: boolean;
  retry: () => void;
};

const NO_CALL: RecipientList = {
  entries: [],
  loading: false,
  failed: false,
  retrying: false,
  retry: () => undefined,
};

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
  const failedAt = Math.max(
    claimed.isError ? claimed.errorUpdatedAt : 0,
    unclaimed.isError ? unclaimed.errorUpdatedAt : 0,
  );

  useEffect(() => {
    // Once per failed fetch, also when a retry fails again.
    if (failedAt > 0) notify.error(t('recipients.errors.fetch'));
  }, [failedAt, notify, t]);

  const listOf = (query: typeof claimed): RecipientList => ({
    entries: query.data,
    loading: query.isPending && !query.isError,
    failed: query.isError,
    retrying: query.isError && query.isFetching,
    retry: () => void query.refetch(),
  });

  return {
    agents: listOf(claimed),
    invitations: withUnclaimed ? listOf(unclaimed) : { ...NO_CALL },
  };
}
