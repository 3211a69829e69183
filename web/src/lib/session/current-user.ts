import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../api/api-error.ts';
import { $api, client } from '../api/client.ts';
import type { CurrentUser } from '../api/types.ts';

/** The key openapi-react-query derives for GET /api/v1/users/me, shared with every reader of the user. */
export const currentUserQueryKey = $api.queryOptions('get', '/api/v1/users/me').queryKey;

/** The signed-in user, `null` when there is no session (401). Other failures reject with an `ApiError`. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      const { data, error, response } = await client.GET('/api/v1/users/me', { signal });
      if (response.status === 401) return null;
      if (!response.ok || !data) throw new ApiError(response.status, error);
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    // A failure other than 401: the session gate also clears the user and goes to /login.
    meta: { errorMessage: 'errors.profileFailure' },
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Replaces the current user (e.g. with the answer of accepting the terms), or clears it with `null`. */
export function useSetCurrentUser(): (user: CurrentUser | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser | null) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
    },
    [queryClient],
  );
}

/** Where a signed-in user belongs: user → /products, agent → /agent-registration or /users, admin → /admin. */
export function homePathFor(user: CurrentUser): string {
  switch (user.role) {
    case 'user':
      return '/products';
    case 'agent':
      return user.agentStatus === 'active' ? '/users' : '/agent-registration';
    case 'admin':
      return '/admin';
  }
}

export function isInactiveAgent(user: CurrentUser | null | undefined): boolean {
  return user?.role === 'agent' && user.agentStatus !== 'active';
}
