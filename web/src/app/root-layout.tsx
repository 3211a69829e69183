import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { onNetworkFailure } from '../lib/api/network-events.ts';
import { usePortalConfig } from '../lib/branding.ts';
import { brandingOf } from '../lib/branding-defaults.ts';
import { useDefaultLanguage, useDocumentTitle } from '../lib/portal-document.ts';
import { useSetCurrentUser } from '../lib/session/current-user.ts';
import { ModeBanner } from './shell/mode-banner.tsx';
import { SessionLostListener } from './shell/session-lost-listener.tsx';
import { SimulatorSlot } from './simulator-slot.tsx';

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

function DocumentSettings() {
  const { data } = usePortalConfig();
  useDocumentTitle(brandingOf(data).productName);
  useDefaultLanguage(data?.defaultLanguage);
  return null;
}

export function RootLayout() {
  const { data: config } = usePortalConfig();
  return (
    <>
      <NetworkFailureListener />
      <SessionLostListener />
      <DocumentSettings />
      <ModeBanner mode={config?.mode}>
        <SimulatorSlot />
      </ModeBanner>
      <Outlet />
      {/* Back and a reload come back to where the page was scrolled (lists keep their measures). */}
      <ScrollRestoration />
      <NotificationViewport />
    </>
  );
}
