import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { browser } from '../../lib/browser.ts';

/**
 * Shown instead of a blank page or a stack trace when a screen fails to render or its code cannot be
 * loaded (e.g. after a deployment): what happened in words, and two ways on.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[app] a screen failed', error);
  }, [error]);
  return (
    <main className="error-page" id="main">
      <h1>{t('errorPage.title')}</h1>
      <p>{t('errorPage.body')}</p>
      <div className="button-row">
        <Button onClick={() => browser.reload()}>{t('errorPage.reload')}</Button>
        <Button variant="secondary" onClick={() => browser.assign('/')}>
          {t('errorPage.home')}
        </Button>
      </div>
    </main>
  );
}
