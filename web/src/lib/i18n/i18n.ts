import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import el from './el.json';
import en from './en.json';

export const LANGUAGES = ['en', 'el'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'portal.language';
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

export const resources = {
  en: { translation: en },
  el: { translation: el },
} as const;

/** English is the default and the fallback; Greek holds a subset of the texts. */
export function initI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
