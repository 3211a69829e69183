import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatNumber } from '../intl-format.ts';
import en from './en.json';

export const LANGUAGES = ['en', 'el'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'portal.language';
/** The same choice for the server, which draws a signed-in page in it (server/src/plugins/web-app-render.ts). */
export const LANGUAGE_COOKIE = 'portal_language';
export const DEFAULT_LANGUAGE: Language = 'en';

// English ships with the first load (it is the default and the fallback); other packs are separate
// chunks fetched when chosen, so the sign-in page does not carry every language.
const packs: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  el: () => import('./el.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** Tells the server the visitor's language (a choice made before the cookie existed is copied once). */
export function rememberLanguageForServer(language: Language | null = storedLanguage()): void {
  if (!language || document.cookie.includes(`${LANGUAGE_COOKIE}=${language}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the portal serves; the value is one of LANGUAGES
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Fetches a language's texts once; English is always there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const pack = await packs[language]();
  i18next.addResourceBundle(language, 'translation', pack.default, true, true);
}

/**
 * English is the default and the fallback; every other pack has every key (see i18n-packs.test.ts). Another language starts
 * in English until its pack has arrived (call `loadLanguage` first to avoid that).
 */
export function initI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    // `{{count, number}}` in a text goes through the app's one number format (en-GB / el-GR grouping).
    i18next.services.formatter?.add('number', (value, language) => formatNumber(Number(value), language));
  }
  if (i18next.language !== language) void changeLanguageForNow(language);
  else document.documentElement.lang = language;
  return i18next;
}

/** Switches the language for this visit (e.g. the deployment's default) without remembering it. */
export async function changeLanguageForNow(language: Language): Promise<void> {
  await loadLanguage(language);
  document.documentElement.lang = language;
  // Asking for the language already shown would still tell every translated component to draw again
  // (the deployment's default is applied so on every start).
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  rememberLanguageForServer(language);
  await changeLanguageForNow(language);
}
