import { acceptPendingTerms, loadCurrentUser } from '../auth/current-user.ts';
import type { PortalDeps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { type AuthenticatedUser, defineRoute } from '../lib/route.ts';

// Secured operations always have a user; this keeps the handlers free of non-null assertions.
function signedIn(user: AuthenticatedUser | null): AuthenticatedUser {
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'You need to sign in to do this.');
  return user;
}

/** The signed-in user's profile and the terms they still have to accept. */
export function usersRoutes(deps: PortalDeps) {
  return [
    defineRoute({
      operationId: 'getCurrentUser',
      async handler({ user }) {
        return loadCurrentUser(deps, signedIn(user).id);
      },
    }),
    defineRoute({
      operationId: 'acceptTerms',
      async handler({ user, params }) {
        const caller = signedIn(user);
        return acceptPendingTerms(deps, caller.id, caller.role, params.termsId);
      },
    }),
  ];
}
