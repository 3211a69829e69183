import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { type CustomFetch, createRelyingParty, type RelyingParty } from '../../auth/relying-party.ts';
import type { PortalDeps } from '../../deps.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { createDevProvider, devIdpMountPath, devIssuer } from './provider.ts';

/**
 * The built-in development identity provider under /oidc on the same server, used when no external
 * provider is configured (plugins/sign-in.ts): mounts it on `app` and answers the relying party for it.
 */
export function builtInIdentityProvider(deps: PortalDeps) {
  return async (app: FastifyInstance): Promise<RelyingParty> => {
    const { config } = deps;
    const networkFetch: CustomFetch = (url, init) => fetch(url, init);
    // Made on the first request to /oidc (a sign-in), not at start: see createDevProvider.
    let made: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | undefined;
    const madeProvider = () => {
      made ??= createDevProvider(config, deps.prisma).then((provider) => {
        provider.on('server_error', (_ctx, error) =>
          app.log.error({ err: error }, 'development identity provider error'),
        );
        return { provider, callback: provider.callback() };
      });
      // A failed load is tried again on the next sign-in rather than remembered.
      made.catch(() => {
        made = undefined;
      });
      return made;
    };
    const issuer = devIssuer(config);
    const fetchImpl = inProcessFetch(app, config.publicUrl, networkFetch);

    await app.register(async (scope) => {
      // The provider reads its own request bodies; Fastify must leave the stream untouched.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all(`${devIdpMountPath}/*`, async (request, reply) => {
        const { callback } = await madeProvider();
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
    await app.register(async (scope) =>
      registerInteractionRoutes(scope, async () => (await madeProvider()).provider, deps),
    );
    return createRelyingParty(config, { issuer, accountKey: 'subject', allowHttp: true, fetch: fetchImpl });
  };
}
