import { vi } from 'vitest';
import { browser } from '../lib/browser.ts';
import { documentHead, http, server } from './server.ts';

type DocumentPath = '/catalogue/{document}' | '/tnc/{document}' | '/manuals';

/**
 * Static documents (catalogue, terms, user guide) answered with `status` and `contentType`: the
 * test reads which documents the HEAD checks asked for (and with which cache mode), and `open`
 * spies on the new tab the browser would open.
 */
export function serveDocuments(path: DocumentPath, status = 200, contentType?: string) {
  const open = vi.spyOn(browser, 'openInNewTab').mockImplementation(() => undefined);
  const checked: string[] = [];
  const caches: RequestCache[] = [];
  server.use(
    http.head(path, ({ params, request, response }) => {
      checked.push((params as { document?: string }).document ?? path);
      caches.push(request.cache);
      return response.untyped(documentHead(status, contentType));
    }),
  );
  return { open, checked, caches };
}
