import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../lib/api/types.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';
import { useCurrentUser, useSetCurrentUser } from '../../lib/session/current-user.ts';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * Loads GET /api/v1/users/me and renders its children with the user (`null` = not signed in).
 * A failure other than 401 shows profileFailure, clears the user and goes to /login.
 */
export function SessionGate({ children }: { children: (user: CurrentUser | null) => ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  const { data, isError } = useCurrentUser();

  useEffect(() => {
    if (!isError) return;
    notify.error(t('errors.profileFailure'));
    setCurrentUser(null);
    navigate('/login', { replace: true });
  }, [isError, navigate, notify, setCurrentUser, t]);

  if (data === undefined || isError) return <LoadingScreen />;
  return <>{children(data)}</>;
}
