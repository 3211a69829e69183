import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user.ts';
import { pageStylesheets, readRoutePreloads, routeOf, sendHtml, signedInPage } from './web-app-page.ts';
import { renderPage } from './web-app-render.ts';

/**
 * Answers a page request of a signed-in visit: index.html with the user embedded, the route's screen
 * preloaded, and, for a page the server draws, its markup, answers and rules (decisions 0031, 0036).
 */
export async function sendSignedInPage(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  user: CurrentUser,
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0] ?? '/';
  const route = routeOf(pathname);
  const [html, preloads, rendered] = await Promise.all([
    readFile(path.join(webDist, 'index.html'), 'utf8'),
    readRoutePreloads(webDist),
    renderPage(request, webDist, user),
  ]);
  const styles = new Map<string, string>();
  if (rendered) {
    for (const href of pageStylesheets(html, route, preloads)) {
      const css = await readFile(path.join(webDist, href), 'utf8').catch(() => undefined);
      if (css !== undefined) styles.set(href, css);
    }
  }
  // Personal: never kept by a shared cache, nor by the browser for another visit.
  return sendHtml(request, reply, signedInPage(html, pathname, user, preloads, rendered, styles), {
    cacheControl: 'no-store',
    vary: 'Cookie, Accept-Encoding',
  });
}
