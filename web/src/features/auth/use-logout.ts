import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { client } from '../../lib/api/client.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';
import { useSetCurrentUser } from '../../lib/session/current-user.ts';

/** POST /api/logout; true when the server answered that the session ended. */
async function endSession(): Promise<boolean> {
  try {
    const { response } = await client.POST('/api/logout');
    if (response.ok) return true;
    console.error(`[auth] logout answered ${response.status}`);
  } catch (error) {
    console.error('[auth] logout failed', error);
  }
  return false;
}

/** After a failed logout: does the server still know the session? (401 = it is gone after all.) */
async function sessionStillValid(): Promise<boolean> {
  try {
    const { response } = await client.GET('/api/v1/users/me');
    return response.status !== 401;
  } catch {
    return true;
  }
}

/**
 * POST /api/logout, then clear the user and go to /login. When the logout fails and the session is
 * still valid, the user is told and stays signed in: never looking signed out while still signed in.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  return useCallback(async () => {
    if (!(await endSession()) && (await sessionStillValid())) {
      notify.error(t('shell.logoutFailed'));
      return;
    }
    setCurrentUser(null);
    navigate('/login', { replace: true });
  }, [navigate, notify, setCurrentUser, t]);
}
