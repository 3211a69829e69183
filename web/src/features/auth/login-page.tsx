import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Callout } from '../../components/ui/callout.tsx';
import type { Branding } from '../../lib/branding-defaults.ts';
import { browser } from '../../lib/browser.ts';

type AccountKind = 'user' | 'agent';

const LOGIN_ERRORS = { unavailable: 'login.errors.unavailable', failed: 'login.errors.failed' } as const;

function loginErrorKey(error: string | null) {
  return error === 'unavailable' || error === 'failed' ? LOGIN_ERRORS[error] : null;
}

/** The provider login endpoint; `role` is a hint for sign-up (the server may ignore it). */
export function loginUrl(kind: AccountKind): string {
  return `/api/v1/login?${new URLSearchParams({ role: kind }).toString()}`;
}

export type LoginPageProps = {
  branding: Branding;
  /** The `error` query parameter the server's sign-in redirects back with. */
  error: string | null;
  /** The `requestId` it may come with, to quote to support. */
  requestId?: string | null;
};

/**
 * The sign-in page. It takes branding and the error as props so it renders both inside the app's
 * router (LoginRoute) and on its own in the first load of /login (login-entry.tsx), which carries no
 * router, query client or signed-in code, and is prerendered at build time.
 */
export function LoginPage({ branding, error, requestId = null }: LoginPageProps) {
  const { t } = useTranslation();
  const { productName, manufacturer } = branding;
  const [kind, setKind] = useState<AccountKind>('user');
  const [leaving, setLeaving] = useState(false);
  const errorKey = loginErrorKey(error);

  const options = [
    { value: 'user', label: t('login.user'), hint: t('login.userHint') },
    { value: 'agent', label: t('login.company'), hint: t('login.companyHint') },
  ] as const;

  return (
    <div className="login-page">
      <header className="login-page__language">
        <LanguageSelect />
      </header>
      <main className="card login-card">
        <h1>{t('login.welcome', { productName })}</h1>
        <p className="login-card__intro">{t('login.intro')}</p>
        {errorKey && (
          <div role="alert">
            <Callout type="warning">
              {t(errorKey)}
              {requestId && (
                <span className="login-card__request-id">{t('errors.requestId', { requestId })}</span>
              )}
            </Callout>
          </div>
        )}
        {/* Also works as a plain form before the script has loaded: GET /api/v1/login?role=… */}
        <form
          action="/api/v1/login"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            setLeaving(true);
            browser.assign(loginUrl(kind));
          }}
        >
          <fieldset className="login-card__choice">
            <legend>{t('login.accountType')}</legend>
            {options.map((option) => (
              <label key={option.value} className="login-card__option">
                <input
                  type="radio"
                  name="role"
                  value={option.value}
                  checked={kind === option.value}
                  onChange={() => setKind(option.value)}
                />
                <span>
                  <span className="login-card__option-label">{option.label}</span>
                  <span className="login-card__option-hint">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button
            type="submit"
            className="login-card__button"
            loading={leaving}
            // Before the app has started it submits the plain form (app/inert-until-started.ts).
            data-works-without-app=""
          >
            {t('login.button')}
          </Button>
        </form>
      </main>
      <footer className="login-page__rights">{t('shell.rights', { manufacturer })}</footer>
    </div>
  );
}
