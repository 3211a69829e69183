import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user.ts';
import { pageStylesheets, readRoutePreloads, routeOf, signedInPage } from './web-app-page.ts';
import { renderPage } from './web-app-render.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The page, compressed as the browser accepts: a drawn page is some 30 kB of HTML, a tenth of that
 * compressed (the static files are compressed at build time; this one is made per visit). Brotli at a
 * middle quality costs about a millisecond here.
 */
export async function compressed(
  request: FastifyRequest,
  html: string,
): Promise<{ body: string | Buffer; encoding?: string }> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accepted)) return { body: await gzipped(html), encoding: 'gzip' };
  return { body: html };
}

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
  const { body, encoding } = await compressed(
    request,
    signedInPage(html, pathname, user, preloads, rendered, styles),
  );
  if (encoding) reply.header('content-encoding', encoding);
  // Personal: never kept by a shared cache, nor by the browser for another visit.
  return reply
    .header('cache-control', 'no-store')
    .header('vary', 'Cookie, Accept-Encoding')
    .type('text/html; charset=utf-8')
    .send(body);
}
