import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CustomFetch, createRelyingParty, type RelyingParty } from '../../auth/relying-party.ts';
import { isDevMode } from '../../config.ts';
import type { PortalDeps } from '../../deps.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { createDevProvider, devIdpMountPath, devIssuer } from './provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's OpenID Connect client, pointed at OIDC_ISSUER or at the built-in provider. */
    relyingParty: RelyingParty;
  }
}

/**
 * Sign-in plumbing outside the contract: the relying party for /api/v1/login and, when no external
 * provider is configured, the built-in development provider under /oidc on the same server.
 */
async function devIdentityProvider(app: FastifyInstance, options: { deps: PortalDeps }): Promise<void> {
  const { deps } = options;
  const { config } = deps;
  const networkFetch: CustomFetch = (url, init) => fetch(url, init);

  if (config.oidc.issuer) {
    const allowHttp = isDevMode(config) && config.oidc.issuer.startsWith('http:');
    app.decorate(
      'relyingParty',
      createRelyingParty(config, { issuer: config.oidc.issuer, accountKey: 'email', allowHttp }),
    );
    return;
  }
  if (!isDevMode(config)) {
    app.log.warn('OIDC_ISSUER is not set: the built-in development sign-in lets anyone choose any account');
  }

  const provider = createDevProvider(config, deps.prisma);
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'development identity provider error'),
  );
  const issuer = devIssuer(config);
  const fetchImpl = inProcessFetch(app, config.publicUrl, networkFetch);
  app.decorate(
    'relyingParty',
    createRelyingParty(config, { issuer, accountKey: 'subject', allowHttp: true, fetch: fetchImpl }),
  );

  const callback = provider.callback();
  await app.register(async (scope) => {
    // The provider reads its own request bodies; Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${devIdpMountPath}/*`, (request, reply) => {
      // The provider writes the raw response itself: it keeps the headers set so far (security headers).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      const raw: IncomingMessage & { originalUrl?: string } = request.raw;
      // Mounted like Express's app.use('/oidc', ...): the provider sees its own paths and learns the mount.
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(devIdpMountPath.length) || '/';
      callback(raw, reply.raw);
    });
  });
  await app.register(async (scope) => registerInteractionRoutes(scope, provider, deps));
}

export const devIdentityProviderPlugin = fp(devIdentityProvider, {
  name: 'dev-identity-provider',
  fastify: '5.x',
});
