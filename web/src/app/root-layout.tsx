import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { onNetworkFailure, onSessionLost } from '../lib/api/network-events.ts';
import { useBranding, usePortalConfig } from '../lib/branding.ts';
import { isLanguage, storedLanguage } from '../lib/i18n/i18n.ts';
import { useNotify } from '../lib/notifications/notifications-context.tsx';
import { currentUserQueryKey, useSetCurrentUser } from '../lib/session/current-user.ts';
import { rememberReturnPath } from '../lib/session/return-path.ts';

/** A request that got no answer at all (status 0) clears the user and goes to /login. */
function NetworkFailureListener() {
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  useEffect(
    () =>
      onNetworkFailure(() => {
        setCurrentUser(null);
        navigate('/login', { replace: true });
      }),
    [navigate, setCurrentUser],
  );
  return null;
}

/** How long the "session ended" notice stays: long enough to read before pressing Login. */
const SESSION_LOST_NOTICE_MS = 10_000;

/**
 * A 401 from any call while signed in (logout in another tab, expiry) is handled once, here: the
 * user is told, sent to sign-in, and brought back to this page afterwards (see RedirectHandler).
 */
function SessionLostListener() {
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

function DocumentTitle() {
  const { productName } = useBranding();
  useEffect(() => {
    document.title = productName;
  }, [productName]);
  return null;
}

/** The deployment's default language applies until the visitor picks one (English stays the fallback). */
function DefaultLanguage() {
  const { i18n } = useTranslation();
  const { data } = usePortalConfig();
  const configured = data?.defaultLanguage;
  useEffect(() => {
    if (isLanguage(configured) && storedLanguage() === null && i18n.language !== configured) {
      void i18n.changeLanguage(configured);
      document.documentElement.lang = configured;
    }
  }, [configured, i18n]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NetworkFailureListener />
      <SessionLostListener />
      <DocumentTitle />
      <DefaultLanguage />
      <Outlet />
      <NotificationViewport />
    </>
  );
}
