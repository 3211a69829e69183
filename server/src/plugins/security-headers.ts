import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * Helmet's security headers on every answer. Helmet is used directly rather than through
 * @fastify/helmet, which rebuilds the middleware (and re-parses the CSP) on every request: a few
 * percent of a hot read's CPU in the profile. Here it runs once, at start (helmetHeaders).
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

type RawReply = Parameters<ReturnType<typeof helmet>>[1];

/**
 * The headers Helmet sets, read once: with these options they are the same for every answer, so each
 * request only copies them (running Helmet's dozen middlewares per request was ~4 % of a hot read's
 * CPU, decision 0030).
 */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as RawReply;
  let finished = false;
  helmet(options)({} as Parameters<ReturnType<typeof helmet>>[0], recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not finish synchronously');
  return { set, removed };
}

async function securityHeaders(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { set, removed } = helmetHeaders(securityHeaderOptions(options.config));
  const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
  // On the reply, not the raw response: Node then writes them with Fastify's own headers in one go,
  // instead of merging two header sets per answer (decision 0034).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
