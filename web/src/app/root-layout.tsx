import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { onNetworkFailure } from '../lib/api/network-events.ts';
import { useBranding } from '../lib/branding.ts';
import { useSetCurrentUser } from '../lib/session/current-user.ts';

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

export function RootLayout() {
  return (
    <>
      <NetworkFailureListener />
      <DocumentTitle />
      <Outlet />
      <NotificationViewport />
    </>
  );
}
