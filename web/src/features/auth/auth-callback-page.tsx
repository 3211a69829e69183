import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Callout } from '../../components/ui/callout.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { browser } from '../../lib/browser.ts';

const FORWARDED = ['code', 'iss', 'state', 'client_id'] as const;

/** The backend login URL when code, iss, state and client_id are all present, else null. */
export function callbackLoginUrl(params: URLSearchParams): string | null {
  const forwarded = new URLSearchParams();
  for (const name of FORWARDED) {
    const value = params.get(name);
    if (!value) return null;
    forwarded.set(name, value);
  }
  return `/api/v1/login?${forwarded.toString()}`;
}

/** Provider redirect target: an error is logged and shown; complete parameters go to the backend; else /login. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = params.get('error');

  useEffect(() => {
    if (error) {
      console.error('[auth] login callback error', error, params.get('error_description') ?? '');
      return;
    }
    const url = callbackLoginUrl(params);
    if (url) browser.assign(url);
    else navigate('/login', { replace: true });
  }, [error, navigate, params]);

  return (
    <main className="login-page">
      <div className="card login-card">
        {error ? (
          <>
            <Callout type="warning">{t('authCallback.failed')}</Callout>
            <Link to="/login" className="login-card__back">
              {t('authCallback.backToLogin')}
            </Link>
          </>
        ) : (
          <Spinner size="lg" label={t('authCallback.signingIn')} />
        )}
      </div>
    </main>
  );
}
