import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, isLoopbackHost } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { isPreflight } from './cors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSite = () =>
  new AppError(403, 'CSRF_REJECTED', 'This request came from another site and was refused.');

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Cross-site request protection for state-changing calls, on top of SameSite cookies, as Go 1.25's
 * CrossOriginProtection does it: `Sec-Fetch-Site` decides when the browser sends it (same-origin or
 * none pass); otherwise an `Origin` must name this host or the public origin (`null` never does); a
 * request with neither header is not from a browser (curl, integrators' tools) and passes. An origin
 * listed in `CORS_ORIGINS` (`otherOrigins`) passes whatever `Sec-Fetch-Site` says.
 */
export function assertSameOrigin(
  request: FastifyRequest,
  ownOrigin: string,
  otherOrigins: ReadonlySet<string> = new Set(),
): void {
  const origin = request.headers.origin;
  if (origin !== undefined && otherOrigins.has(origin)) return;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') {
    if (site === 'same-origin' || site === 'none') return;
    throw crossSite();
  }
  if (origin === undefined || origin === '') return;
  if (origin === ownOrigin) return;
  const host = originHost(origin);
  if (host === null || host === '' || host !== request.headers.host) throw crossSite();
}

/** `127.0.0.1:3000` and `localhost:3000` are the same server but not the same site for cookies. */
function loopbackAlias(request: FastifyRequest, publicUrl: URL): boolean {
  const host = request.headers.host;
  if (!host || host === publicUrl.host || !isLoopbackHost(publicUrl.hostname)) return false;
  const asked = originHost(`http://${host}`);
  if (!asked) return false;
  const askedUrl = new URL(`http://${asked}`);
  const port = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
  return isLoopbackHost(askedUrl.hostname) && port(askedUrl) === port(publicUrl);
}

async function requestGuards(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const publicUrl = new URL(options.config.publicUrl);
  const otherOrigins = new Set(options.config.corsOrigins);
  // A callback hook, not an async one: no promise per request (decision 0034).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused (Node would answer outside the envelope).
      done(new AppError(400, 'VALIDATION_FAILED', 'An HTTP/1.1 request needs a Host header.'));
      return;
    }
    if (safeMethods.has(request.method)) {
      // A listed origin's preflight was answered by the CORS plugin; any other is refused here.
      if (isPreflight(request) && request.url.startsWith('/api/')) {
        done(crossSite());
        return;
      }
      // Sign-in cookies belong to the public origin: a newcomer who opened the other loopback name
      // is sent there before any page or sign-in starts (API calls are answered where they arrive).
      const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/v1/login');
      if (!isApi && !request.url.startsWith('/oidc') && loopbackAlias(request, publicUrl)) {
        reply.redirect(`${publicUrl.origin}${request.url}`, 302);
        return;
      }
      done();
      return;
    }
    try {
      if (request.url.startsWith('/api/')) assertSameOrigin(request, publicUrl.origin, otherOrigins);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

export const requestGuardsPlugin = fp(requestGuards, { name: 'request-guards', fastify: '5.x' });
