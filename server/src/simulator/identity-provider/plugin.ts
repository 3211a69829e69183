import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { type CustomFetch, createRelyingParty, type RelyingParty } from '../../auth/relying-party.ts';
import type { Config } from '../../config.ts';
import type { World } from '../../world.ts';
import type { SimulatedWorld } from '../sandbox/world.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { createDevProvider, devIdpMountPath, devIssuer } from './provider.ts';

/**
 * The built-in development identity provider under /oidc on the same server, used when no external
 * provider is configured (plugins/sign-in.ts): mounts it on `app` and answers the relying party of a
 * request. The portal calls the provider in-process; a sandbox's relying party names its sandbox in
 * `X-Sandbox` on those calls, so the provider reads that sandbox's accounts.
 */
export function builtInIdentityProvider(config: Config, shared: SimulatedWorld) {
  return async (app: FastifyInstance): Promise<(request: FastifyRequest) => RelyingParty> => {
    const networkFetch: CustomFetch = (url, init) => fetch(url, init);
    // The world of each raw request the provider sees, recorded by the route that hands it over.
    const worlds = new WeakMap<IncomingMessage, World>();
    // Made on the first request to /oidc (a sign-in), not at start: see createDevProvider.
    let made: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | undefined;
    const madeProvider = () => {
      made ??= createDevProvider(config, shared, (raw) => worlds.get(raw) ?? shared).then((provider) => {
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
        worlds.set(raw, request.world);
        // Mounted like Express's app.use('/oidc', ...): the provider sees its own paths and learns the mount.
        raw.originalUrl = raw.url;
        raw.url = raw.url?.slice(devIdpMountPath.length) || '/';
        callback(raw, reply.raw);
      });
    });
    await app.register(async (scope) =>
      registerInteractionRoutes(scope, async () => (await madeProvider()).provider, config),
    );

    const relyingParty = (sandbox: string | null) => {
      const inProcess = inProcessFetch(app, config.publicUrl, networkFetch, sandbox);
      return createRelyingParty(config, { issuer, accountKey: 'subject', allowHttp: true, fetch: inProcess });
    };
    const ofSharedWorld = relyingParty(null);
    const bySandbox = new Map<string, RelyingParty>();
    return (request) => {
      const sandbox = request.simWorld?.id ?? null;
      if (!sandbox) return ofSharedWorld;
      let party = bySandbox.get(sandbox);
      if (!party) {
        party = relyingParty(sandbox);
        // Sandboxes come and go: at most one relying party per live name is kept, a few hundred bytes.
        if (bySandbox.size > 1_000) bySandbox.clear();
        bySandbox.set(sandbox, party);
      }
      return party;
    };
  };
}
