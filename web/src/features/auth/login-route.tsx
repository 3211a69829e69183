import { useSearchParams } from 'react-router-dom';
import { useBranding } from '../../lib/branding.ts';
import { LoginPage } from './login-page.tsx';

/** /login inside the app (after sign-out or a lost session): branding and error from the app's state. */
export function LoginRoute() {
  const branding = useBranding();
  const [params] = useSearchParams();
  return <LoginPage branding={branding} error={params.get('error')} requestId={params.get('requestId')} />;
}
