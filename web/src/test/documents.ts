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
  // The cache mode never crosses the wire, where MSW 3 sees the request: it is read from the call.
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (request.method === 'HEAD') caches.push(request.cache);
    return fetch(input, init);
  });
  server.use(
    http.head(path, ({ params, response }) => {
      checked.push((params as { document?: string }).document ?? path);
      return response.untyped(documentHead(status, contentType));
    }),
  );
  return { open, checked, caches };
}
