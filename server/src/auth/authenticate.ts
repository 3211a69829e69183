import type { FastifyRequest } from 'fastify';
import { allowsHeaderIdentity, isLoopbackHost } from '../config.ts';
import type { PortalDeps } from '../deps.ts';
import type { FaultHooks } from '../hooks.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import type { AuthenticatedUser, Role } from '../lib/route.ts';
import { type CurrentUser, loadCurrentUser } from './current-user.ts';
import { resolveSession } from './sessions.ts';

/**
 * The caller: a valid session cookie, or, only in explicit test mode on a loopback address and from a
 * loopback client, an X-User-Id header (user id or email). At once, without a promise, when the session
 * is read at once (decision 0150).
 */
export function authenticateRequest(
  deps: PortalDeps,
  request: FastifyRequest,
): MaybePromise<AuthenticatedUser | null> {
  const token = request.cookies[deps.config.session.cookieName];
  if (!token) return headerIdentity(deps, request);
  return whenReady(resolveSession(deps, token, request.arrivedAt), (session) =>
    session
      ? {
          id: session.user.id,
          email: session.user.email,
          role: session.user.role as Role,
          sessionId: session.id,
        }
      : headerIdentity(deps, request),
  );
}

function headerIdentity(deps: PortalDeps, request: FastifyRequest): MaybePromise<AuthenticatedUser | null> {
  const impersonate = request.headers['x-user-id'];
  if (
    typeof impersonate !== 'string' ||
    impersonate.length === 0 ||
    !allowsHeaderIdentity(deps.config) ||
    !isLoopbackHost(request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '')
  )
    return null;
  return deps.prisma.user
    .findFirst({
      where: impersonate.includes('@') ? { email: impersonate.toLowerCase() } : { id: impersonate },
    })
    .then((user) =>
      user ? { id: user.id, email: user.email, role: user.role as Role, sessionId: null } : null,
    );
}

/**
 * The user a page request's valid session cookie belongs to, exactly as GET /api/v1/users/me answers
 * it, or null: without a session (a test-mode X-User-Id header does not count), when the account is
 * gone, or when a simulated fault waits for that call (the app must then meet the fault itself).
 */
export async function pageUser(
  deps: PortalDeps & { faults: Pick<FaultHooks, 'pendingFor'> },
  request: FastifyRequest,
): Promise<CurrentUser | null> {
  const token = request.cookies[deps.config.session.cookieName];
  if (!token) return null;
  const session = await resolveSession(deps, token, request.arrivedAt);
  if (!session || (await deps.faults.pendingFor('getCurrentUser'))) return null;
  try {
    return await loadCurrentUser(deps, session.user.id, request.arrivedAt);
  } catch {
    return null;
  }
}
