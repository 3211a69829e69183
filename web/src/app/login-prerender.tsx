import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import en from '../lib/i18n/en.json';
import { inertUntilStarted } from './inert-until-started.ts';
import { loginTree } from './login-entry.tsx';

/**
 * Build time only (`npm run build`, through scripts/prerender-login.mjs): the sign-in page's HTML in
 * English with neutral branding, so /login paints before any script has run; login-entry.tsx then
 * hydrates it. Until then its controls are disabled (inert-until-started.ts), all but the sign-in
 * button, which submits the plain form (to the provider) without the app.
 */
export function renderLoginPage(): string {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return inertUntilStarted(renderToString(loginTree(instance, null)));
}
