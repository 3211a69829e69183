import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { CurrentUser, Role } from '../../lib/api/types.ts';
import { homePathFor, isInactiveAgent, useCurrentUser } from '../../lib/session/current-user.ts';
import { LoadingScreen } from './loading-screen.tsx';

export type RouteAccess = {
  roles: readonly Role[];
  /** For agent routes: true = only active agents (/users), false = only agents not yet active (/agent-registration). */
  agentActive?: boolean;
};

function allows(access: RouteAccess, user: CurrentUser): boolean {
  if (!access.roles.includes(user.role)) return false;
  if (user.role !== 'agent' || access.agentActive === undefined) return true;
  return access.agentActive === (user.agentStatus === 'active');
}

/** Where the guard sends this user for this path, or null when the page may render. */
export function guardRedirect(
  user: CurrentUser | null,
  pathname: string,
  access: RouteAccess,
): string | null {
  if (!user) return '/login';
  if (isInactiveAgent(user) && !pathname.startsWith('/agent-registration')) return '/agent-registration';
  if (!allows(access, user)) return homePathFor(user);
  return null;
}

export function RouteGuard({ children, ...access }: RouteAccess & { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  if (user === undefined) return <LoadingScreen />;
  const target = guardRedirect(user, pathname, access);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <>{children}</>;
}
