import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { onNetworkFailure } from '../lib/api/network-events.ts';
import { useBranding, usePortalConfig } from '../lib/branding.ts';
import { isLanguage, storedLanguage } from '../lib/i18n/i18n.ts';
import { useSetCurrentUser } from '../lib/session/current-user.ts';
import { ModeBanner } from './shell/mode-banner.tsx';

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
      <DocumentTitle />
      <DefaultLanguage />
      <ModeBanner />
      <Outlet />
      <NotificationViewport />
    </>
  );
}
