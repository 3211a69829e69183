import { LOGIN_PAGES } from '@portal/contract/web-app';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import type { PortalConfig } from '../lib/api/types.ts';
import en from '../lib/i18n/en.json';
import { inertUntilStarted } from './inert-until-started.ts';
import { loginTree } from './login-entry.tsx';

/** The server modes the build draws a sign-in page for (each with its banner; production without). */
export const LOGIN_PAGE_MODES = [
  'production',
  'demo',
  'development',
  'test',
] as const satisfies readonly PortalConfig['mode'][];

/**
 * The configuration a mode's page is drawn with: the branding as the placeholders the server fills in
 * (LOGIN_PAGES), so one page per mode serves every deployment's names.
 */
function placeholderConfig(mode: PortalConfig['mode']): PortalConfig {
  return {
    ...LOGIN_PAGES.placeholders,
    supportEmail: '',
    mode,
    devMode: mode !== 'production',
    defaultLanguage: 'en',
  };
}

/**
 * Build time only (`npm run build`, through scripts/prerender-login.mjs): the sign-in page's HTML in
 * English, so /login paints before any script has run; login-entry.tsx then hydrates it. Without a
 * mode: neutral branding and no banner (a page served without the server's configuration); with one:
 * that mode's banner and the branding placeholders. Until hydrated its controls are disabled
 * (inert-until-started.ts), all but the sign-in button, which submits the plain form (to the
 * provider) without the app.
 */
export function renderLoginPage(mode?: PortalConfig['mode']): string {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const config = mode === undefined ? undefined : placeholderConfig(mode);
  return inertUntilStarted(renderToString(loginTree(instance, null, config)));
}
