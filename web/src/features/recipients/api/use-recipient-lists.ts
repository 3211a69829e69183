import { $api } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
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
  const init = { params: { path: { filter } } };
  // Both lists failing at once show one notification (the same text is not stacked).
  const meta = { errorMessage: 'recipients.errors.fetch' } as const;
  const claimed = $api.useQuery('get', '/api/v1/invitations/claimed/{filter}', init, { meta });
  const withUnclaimed = fetchesUnclaimed(filter);
  const unclaimed = $api.useQuery('get', '/api/v1/invitations/unclaimed/{filter}', init, {
    enabled: withUnclaimed,
    meta,
  });

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
