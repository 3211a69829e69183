import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LanguageSelect } from '../../components/language-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Callout } from '../../components/ui/callout.tsx';
import { useBranding } from '../../lib/branding.ts';
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

export function LoginPage() {
  const { t } = useTranslation();
  const { productName, manufacturer } = useBranding();
  const [params] = useSearchParams();
  const [kind, setKind] = useState<AccountKind>('user');
  const [leaving, setLeaving] = useState(false);
  const errorKey = loginErrorKey(params.get('error'));
  const requestId = params.get('requestId');

  const options = [
    { value: 'user', label: t('login.user'), hint: t('login.userHint') },
    { value: 'agent', label: t('login.company'), hint: t('login.companyHint') },
  ] as const;

  return (
    <div className="login-page">
      <header className="login-page__language">
        <LanguageSelect />
      </header>
      <main className="login-card">
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
        <form
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
                  name="account-kind"
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
          <Button type="submit" className="login-card__button" loading={leaving}>
            {t('login.button')}
          </Button>
        </form>
      </main>
      <footer className="login-page__rights">{t('shell.rights', { manufacturer })}</footer>
    </div>
  );
}
