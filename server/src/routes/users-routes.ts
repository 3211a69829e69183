import { acceptPendingTerms, loadCurrentUser } from '../auth/current-user.ts';
import type { PortalDeps } from '../deps.ts';
import { callerOf, defineRoute } from '../lib/route.ts';

/** The signed-in user's profile and the terms they still have to accept. */
export function usersRoutes(deps: PortalDeps) {
  return [
    defineRoute({
      operationId: 'getCurrentUser',
      async handler({ user }) {
        return loadCurrentUser(deps, callerOf(user).id);
      },
    }),
    defineRoute({
      operationId: 'acceptTerms',
      async handler({ user, params }) {
        const caller = callerOf(user);
        return acceptPendingTerms(deps, caller.id, caller.role, params.termsId);
      },
    }),
  ];
}
