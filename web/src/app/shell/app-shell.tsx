import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { TermsModal } from '../../features/auth/terms-modal.tsx';
import type { CurrentUser } from '../../lib/api/types.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SessionGate } from './session-gate.tsx';

function SignedInShell({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  // Terms to accept block the whole app: nothing but the modal is rendered.
  if (user.termsToAccept) return <TermsModal user={user} termsId={user.termsToAccept} />;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header user={user} />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* No Suspense boundary here: a screen still loading has its own (app/router.tsx). */}
        <Outlet />
      </main>
      <Footer user={user} />
    </div>
  );
}

/** The signed-in layout: loading screen until the profile is known, then header, page and footer. */
export function AppShell() {
  return (
    <SessionGate>
      {(user) => (user ? <SignedInShell user={user} /> : <Navigate to="/login" replace />)}
    </SessionGate>
  );
}
