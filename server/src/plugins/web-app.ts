import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { components } from '@portal/contract/schema';
import { LOGIN_PAGES } from '@portal/contract/web-app';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CurrentUser } from '../auth/current-user.ts';
import { maxPathParameterLength, sendError, unknownAddress } from './error-envelope.ts';
import { sendLoginPage } from './web-app-login.ts';
import { loadRender, SERVER_RENDER_DIR } from './web-app-render.ts';
import { sendSignedInPage } from './web-app-signed-in.ts';

// Case-insensitive: `/API/v1/...` is a wrong address for a call, not a page of the web app.
const apiLike = /^\/(api|oidc|docs|manuals|catalogue|tnc|assets)(\/|$|\?)/i;

/**
 * An address no page or file has: an empty segment (`//`), a dot segment (`.`, `..`, also encoded), an
 * encoded slash or backslash, a backslash or a NUL. It is an unknown address (404), never the web app.
 */
const nonCanonicalPath = /\/\/|\/(\.|%2e){1,2}(\/|$)|%2f|%5c|\\|%00/i;
export const isNonCanonicalPath = (url: string) => nonCanonicalPath.test(url.split('?')[0] ?? '');

/**
 * Files and pages are fingerprinted or revalidated by their ETag; without ranges, `If-Match` and
 * `If-Unmodified-Since` select nothing, and honouring them would answer 412, outside the envelope.
 */
function dropPreconditions(request: FastifyRequest): void {
  delete request.headers['if-match'];
  delete request.headers['if-unmodified-since'];
}

export interface WebAppOptions {
  webDist: string;
  /**
   * The user of a valid session cookie, exactly as GET /api/v1/users/me would answer, or null; absent
   * when this server does not answer that call itself (validating proxy).
   */
  signedInUser?: (request: FastifyRequest) => Promise<CurrentUser | null>;
  /**
   * GET /api/v1/config's answer, written into the sign-in page drawn for its mode; absent when this
   * server does not answer that call itself (validating proxy): /login is then the neutral page.
   */
  portalConfig?: components['schemas']['PortalConfig'];
}

/** Serves the built web app on the same port, with index.html for client routes such as /redeem/{code}. */
async function webApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const index = path.join(options.webDist, 'index.html');
  const built = existsSync(index);
  // /login has its own page with the sign-in form prerendered (web/scripts/prerender-login.mjs).
  const loginPage = path.join(options.webDist, 'login.html');
  const pageFile = (url: string) =>
    url.split('?')[0] === '/login' && existsSync(loginPage) ? 'login.html' : 'index.html';
  if (built) {
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [
        ...own,
        (request, _reply, done) => {
          dropPreconditions(request);
          done();
        },
      ];
    });
    await app.register(fastifyStatic, {
      root: options.webDist,
      // Files are looked up per request, so a rebuild of the web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      maxAge: '1h',
      // The web build writes .br and .gz beside every text file; they are sent as they are.
      preCompressed: true,
      // The server's own render (web-app-render.ts) is code for this process, not a file for browsers;
      // nor are the sign-in pages per mode (web-app-login.ts fills them in).
      allowedPath: (pathName, _root, request) =>
        !pathName.startsWith(`/${SERVER_RENDER_DIR}/`) &&
        !pathName.startsWith(`/${LOGIN_PAGES.dir}/`) &&
        !isNonCanonicalPath(request.url),
      // Files are small and fingerprinted: no ranges (a 416 would be an answer outside the envelope).
      acceptRanges: false,
      setHeaders(reply, file) {
        // Vite fingerprints everything under assets/, so those files never change; index.html names
        // them, so it is always revalidated or a deploy would leave browsers on the old build.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(file) === 'index.html') reply.header('cache-control', 'no-cache');
      },
    });
    // The static wildcard route would also catch unknown /api paths (a 403 for an over-long name, where
    // the contract promises the envelope): a more specific wildcard hands them to the not-found handler.
    app.route({ method: ['GET', 'HEAD'], url: '/api/*', handler: (_request, reply) => reply.callNotFound() });
  } else {
    app.log.warn({ webDist: options.webDist }, 'web app not built: run "npm run build" to serve it');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !apiLike.test(request.url) &&
      !isNonCanonicalPath(request.url);
    if (isPage && built) {
      dropPreconditions(request);
      const file = pageFile(request.url);
      if (file === 'login.html' && options.portalConfig) {
        const sent = await sendLoginPage(request, reply, options.webDist, options.portalConfig);
        if (sent) return sent;
      }
      const user = file === 'index.html' ? await options.signedInUser?.(request) : null;
      if (user) return sendSignedInPage(request, reply, options.webDist, user);
      // A visit before signing in loads the server's render for the signed-in pages that follow (a
      // cold load takes about a second); at start it would cost every test app the same.
      if (options.signedInUser)
        void loadRender(options.webDist).catch((error: unknown) =>
          request.log.warn({ err: error }, 'the server render of signed-in pages did not load'),
        );
      return reply.header('cache-control', 'no-cache').sendFile(file);
    }
    if (isPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run "npm run build" (or "npm start") and reload.');
    }
    // Without the web app's wildcard route an over-long segment is refused by the router itself; with
    // it, the segment arrives here: the answer must not depend on whether the web app is built.
    if (
      request.url
        .split('?')[0]
        ?.split('/')
        .some((segment) => segment.length > maxPathParameterLength)
    ) {
      return sendError(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: `A path segment is longer than ${maxPathParameterLength} characters.`,
      });
    }
    return sendError(reply, 404, unknownAddress(request));
  });
}

export const webAppPlugin = fp(webApp, { name: 'web-app', fastify: '5.x' });
