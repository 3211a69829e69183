import type { FirstPageState } from '@portal/contract/web-app';
import {
  type DefaultOptions,
  type DehydratedState,
  hydrate,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import { notifyFailure } from '../lib/api/query-errors.ts';
import type { NotificationStore } from '../lib/notifications/notification-store.ts';

/**
 * How long the answers a page was drawn from (by the server) count as fresh: the app draws from them
 * and does not ask again when the page mounts. A change (a mutation's invalidation) refetches at once.
 */
export const FIRST_ANSWERS_FRESH_MS = 30_000;

/** The queries seeded from a drawn page, with the time they were seeded (a refetch ends it). */
const firstAnswers = new WeakMap<Query, number>();

/** Fresh while the query still holds the answer the page was drawn from; otherwise stale at once. */
const firstAnswersStaleTime = (query: Query) =>
  firstAnswers.get(query) === query.state.dataUpdatedAt ? FIRST_ANSWERS_FRESH_MS : 0;

/**
 * The cache the server drew the page from, as this browser's: dated now (the server's clock is not
 * this browser's) and fresh for FIRST_ANSWERS_FRESH_MS, so the app draws the same page at once.
 */
export function seedFirstAnswers(client: QueryClient, state: FirstPageState): void {
  const now = Date.now();
  const dehydrated = state as DehydratedState;
  hydrate(client, {
    ...dehydrated,
    queries: dehydrated.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
  for (const { queryHash } of dehydrated.queries) {
    const query = client.getQueryCache().get(queryHash);
    if (query) firstAnswers.set(query, now);
  }
}

/**
 * Failed queries and mutations become notifications here, from their `meta` (lib/api/query-errors.ts).
 * No retries by default (the agent and invitation flows never retry); screens opt in (products: one retry).
 */
export function createAppQueryClient(
  notifications: NotificationStore,
  overrides: DefaultOptions = {},
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => notifyFailure(notifications, error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        notifyFailure(notifications, error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: true,
        staleTime: firstAnswersStaleTime,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}
