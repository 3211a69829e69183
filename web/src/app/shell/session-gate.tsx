import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../lib/api/types.ts';
import { useCurrentUser, useSetCurrentUser } from '../../lib/session/current-user.ts';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * Loads GET /api/v1/users/me and renders its children with the user (`null` = not signed in).
 * A failure other than 401 shows profileFailure, clears the user and goes to /login.
 */
export function SessionGate({ children }: { children: (user: CurrentUser | null) => ReactNode }) {
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  const { data, isError } = useCurrentUser();

  useEffect(() => {
    // The notification (profileFailure) comes from the query's meta.
    if (!isError) return;
    setCurrentUser(null);
    navigate('/login', { replace: true });
  }, [isError, navigate, setCurrentUser]);

  if (data === undefined || isError) return <LoadingScreen />;
  return <>{children(data)}</>;
}
