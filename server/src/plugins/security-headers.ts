import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * Helmet's security headers on every answer. Helmet is used directly rather than through
 * @fastify/helmet, which rebuilds the middleware (and re-parses the CSP) on every request: a few
 * percent of a hot read's CPU in the profile. Here it is built once.
 */
export function securityHeaderOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.oidc.issuer ? [new URL(config.oidc.issuer).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

async function securityHeaders(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const apply = helmet(securityHeaderOptions(options.config));
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
