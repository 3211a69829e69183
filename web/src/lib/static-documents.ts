import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from './browser.ts';
import { useNotify } from './notifications/notifications-context.tsx';

export const USER_GUIDE_URL = '/manuals';

export const CATALOGUE_DOCUMENTS = ['Vehicle Data', 'Home Charger Data', 'Data Prices'] as const;
export type CatalogueDocument = (typeof CATALOGUE_DOCUMENTS)[number];

export function catalogueUrl(document: CatalogueDocument): string {
  return `/catalogue/${encodeURIComponent(`${document}.pdf`)}`;
}

export function termsFileName(termsId: string, role: string): string {
  return `${termsId}_${role}_en.pdf`;
}

export function termsUrl(termsId: string, role: string): string {
  return `/tnc/${encodeURIComponent(termsFileName(termsId, role))}`;
}

/**
 * HEAD check: the document exists and is a PDF. Network failures count as missing. The check
 * always reaches the server (`no-store`): a cached answer would say nothing about the file now.
 */
export async function isPdfAvailable(url: string): Promise<boolean> {
  try {
    const response = await globalThis.fetch(url, {
      method: 'HEAD',
      credentials: 'include',
      cache: 'no-store',
    });
    const type = response.headers.get('content-type') ?? '';
    return response.ok && type.toLowerCase().startsWith('application/pdf');
  } catch {
    return false;
  }
}

/**
 * Opens a static PDF in a new tab after the HEAD check; when the check fails it shows
 * 'cannot load the file {file}' instead. Resolves to whether the document was opened.
 */
export function useOpenStaticDocument(): (url: string, file: string) => Promise<boolean> {
  const { t } = useTranslation();
  const notify = useNotify();
  return useCallback(
    async (url: string, file: string) => {
      if (await isPdfAvailable(url)) {
        browser.openInNewTab(url);
        return true;
      }
      notify.error(t('errors.staticFile', { file }));
      return false;
    },
    [notify, t],
  );
}
