import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for state-changing calls, on top of SameSite cookies: browsers tell us
 * where a request comes from (Sec-Fetch-Site, Origin); anything not from the portal's own origin is refused.
 */
async function requestGuards(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const ownOrigin = new URL(options.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, 'CSRF_REJECTED', 'This request came from another site and was refused.');
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      const host = request.headers.host;
      const sameHost = host !== undefined && new URL(origin).host === host;
      if (origin !== ownOrigin && !sameHost) {
        throw new AppError(403, 'CSRF_REJECTED', 'This request came from another site and was refused.');
      }
    }
  });
}

export const requestGuardsPlugin = fp(requestGuards, { name: 'request-guards', fastify: '5.x' });
