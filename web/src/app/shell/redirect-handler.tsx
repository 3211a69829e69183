import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../lib/api/types.ts';
import { storePendingInvitationCode } from '../../lib/pending-invitation.ts';
import { takeReturnPath } from '../../lib/session/return-path.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { SessionGate } from './session-gate.tsx';

const REDEEM_PREFIX = '/redeem/';

/** The invitation code of a `/redeem/{code}` path, URL-decoded; null for other paths. */
export function redeemCodeFrom(pathname: string): string | null {
  if (!pathname.startsWith(REDEEM_PREFIX)) return null;
  const raw = pathname.slice(REDEEM_PREFIX.length).replace(/\/+$/, '');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** user → /products, agent → /agent-registration (the guard moves an active agent on), admin → /admin. */
export function redirectTarget(user: CurrentUser | null): string {
  if (!user) return '/login';
  switch (user.role) {
    case 'user':
      return '/products';
    case 'agent':
      return '/agent-registration';
    case 'admin':
      return '/admin';
  }
}

function Redirect({ user }: { user: CurrentUser | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const code = redeemCodeFrom(pathname);
    if (code) storePendingInvitationCode(code);
    // Signed in again after the session ended: back to where the user was (the guard still applies).
    const back = user && !code ? takeReturnPath() : null;
    navigate(back ?? redirectTarget(user), { replace: true });
  }, [navigate, pathname, user]);
  return <LoadingScreen />;
}

/** Handles the empty path and every unknown path, including invitation links `/redeem/{code}`. */
export function RedirectHandler() {
  return <SessionGate>{(user) => <Redirect user={user} />}</SessionGate>;
}
