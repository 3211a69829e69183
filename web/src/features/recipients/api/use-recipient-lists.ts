import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/api/client.ts';
import type { InvitationFilter } from '../../../lib/invitation-status.ts';
import { type PageQuery, usePagedList } from '../../../lib/paged-list/use-paged-list.ts';
import type { RecipientsView } from '../recipient-status.ts';
import { claimedListsKey, unclaimedListsKey } from './invitation-list-keys.ts';

type ListQuery = Partial<PageQuery> & { changedAfter?: string };

/** Invitation links are never pending or declined: those filters show an empty list without a call. */
export function fetchesUnclaimed(filter: InvitationFilter): boolean {
  return filter !== 'DECLINED' && filter !== 'PENDING';
}

const asksServer = (view: RecipientsView, filter: InvitationFilter) =>
  view === 'agents' || fetchesUnclaimed(filter);

const keyOf = (view: RecipientsView, filter: InvitationFilter) => [
  ...(view === 'agents' ? claimedListsKey : unclaimedListsKey),
  { filter },
];

/** The agents view lists claimed invitations, the invitations view unclaimed ones. */
function fetchView(view: RecipientsView, filter: InvitationFilter, query: ListQuery, signal: AbortSignal) {
  const init = { params: { path: { filter }, query }, signal };
  return view === 'agents'
    ? client.GET('/api/v1/invitations/claimed/{filter}', init)
    : client.GET('/api/v1/invitations/unclaimed/{filter}', init);
}

/**
 * Each list's failure in its own words: the companies' (claimed invitations) 'Failed to fetch connected
 * invitations', the links' (unclaimed) 'Failed to fetch invitations. Try later..'. A list and its
 * count failing at once show one notification (the same text is not stacked).
 */
const metaOf = (view: RecipientsView) =>
  view === 'agents'
    ? ({ errorMessage: 'recipients.errors.fetchConnected' } as const)
    : ({ errorMessage: 'recipients.errors.fetch' } as const);

/**
 * The shown view's entries page by page (search `q` in the database). No call is made when the
 * server would answer an empty list (the query stays idle); a failure is also a notification.
 */
export function useRecipientList(view: RecipientsView, filter: InvitationFilter, q: string) {
  return usePagedList({
    queryKey: keyOf(view, filter),
    q,
    enabled: asksServer(view, filter),
    fetchPage: (query, signal) => fetchView(view, filter, query, signal),
    meta: metaOf(view),
  });
}

/**
 * How many entries of a view changed after `since` (all of them when never seen), read from
 * `X-Total-Count` of a one-entry page: the tab badge never loads the list.
 */
export function useUnreadCount(
  view: RecipientsView,
  filter: InvitationFilter,
  since: number | undefined,
  enabled: boolean,
): number {
  // A failed count is said (meta), not shown as "nothing new"; the next refetch asks again.
  const count = useQuery({
    meta: metaOf(view),
    queryKey: [...keyOf(view, filter), { unreadSince: since ?? null }],
    enabled: enabled && asksServer(view, filter),
    queryFn: async ({ signal }) => {
      const query: ListQuery = { limit: 1 };
      if (since) query.changedAfter = new Date(since).toISOString();
      const { error, response } = await fetchView(view, filter, query, signal);
      if (error !== undefined) throw error;
      return Number(response.headers.get('x-total-count')) || 0;
    },
  });
  return count.data ?? 0;
}
