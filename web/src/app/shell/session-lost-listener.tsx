import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { onSessionLost } from '../../lib/api/network-events.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';
import { currentUserQueryKey, useSetCurrentUser } from '../../lib/session/current-user.ts';
import { rememberReturnPath } from '../../lib/session/return-path.ts';

/** How long the "session ended" notice stays: long enough to read before pressing Login. */
const SESSION_LOST_NOTICE_MS = 10_000;

/**
 * A 401 from any call while signed in (logout in another tab, expiry) is handled once, here: the
 * user is told, sent to sign-in, and brought back to this page afterwards (see RedirectHandler).
 */
export function SessionLostListener() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  const { pathname, search } = useLocation();
  const here = useRef('');
  here.current = `${pathname}${search}`;
  useEffect(
    () =>
      onSessionLost(() => {
        // Several calls may fail together: only the first one, while still signed in, acts.
        if (!queryClient.getQueryData(currentUserQueryKey)) return;
        rememberReturnPath(here.current);
        setCurrentUser(null);
        notify.warning(t('shell.sessionLost'), SESSION_LOST_NOTICE_MS);
        navigate('/login', { replace: true });
      }),
    [navigate, notify, queryClient, setCurrentUser, t],
  );
  return null;
}
