import { type DefaultOptions, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../lib/api/query-errors.ts';
import type { NotificationStore } from '../lib/notifications/notification-store.ts';

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
      queries: { retry: false, refetchOnWindowFocus: true, ...overrides.queries },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}
