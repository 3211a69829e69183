import { useEffect } from 'react';
import { changeLanguageForNow, isLanguage, storedLanguage } from './i18n/i18n.ts';

/** The browser tab shows the deployment's product name. */
export function useDocumentTitle(productName: string): void {
  useEffect(() => {
    document.title = productName;
  }, [productName]);
}

/** The deployment's default language applies until the visitor picks one (English stays the fallback). */
export function useDefaultLanguage(configured: string | undefined): void {
  useEffect(() => {
    if (isLanguage(configured) && storedLanguage() === null) void changeLanguageForNow(configured);
  }, [configured]);
}
