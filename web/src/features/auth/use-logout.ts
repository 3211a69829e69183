import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { client } from '../../lib/api/client.ts';
import { useSetCurrentUser } from '../../lib/session/current-user.ts';

/** POST /api/logout (a failure is only logged), then clear the user and go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  return useCallback(async () => {
    try {
      const { response } = await client.POST('/api/logout');
      if (!response.ok) console.error(`[auth] logout answered ${response.status}`);
    } catch (error) {
      console.error('[auth] logout failed', error);
    }
    setCurrentUser(null);
    navigate('/login', { replace: true });
  }, [navigate, setCurrentUser]);
}
