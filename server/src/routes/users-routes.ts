import { acceptPendingTerms, loadCurrentUser } from '../auth/current-user.ts';
import { callerOf, defineRoute } from '../lib/route.ts';

/** The signed-in user's profile and the terms they still have to accept. */
export function usersRoutes() {
  return [
    defineRoute({
      operationId: 'getCurrentUser',
      handler({ world, user, request }) {
        return loadCurrentUser(world, callerOf(user).id, request.arrivedAt);
      },
    }),
    defineRoute({
      operationId: 'acceptTerms',
      handler({ world, user, params }) {
        const caller = callerOf(user);
        return acceptPendingTerms(world, caller.id, caller.role, params.termsId);
      },
    }),
  ];
}
