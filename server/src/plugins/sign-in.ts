import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRelyingParty, type RelyingParty } from '../auth/relying-party.ts';
import { type Config, isDevMode } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The portal's OpenID Connect client for a request, pointed at OIDC_ISSUER or at the built-in
     * provider (whose client may depend on the request's world).
     */
    relyingPartyFor(request: FastifyRequest): RelyingParty;
  }
}

export interface SignInOptions {
  config: Config;
  /**
   * Mounts a built-in identity provider on the app and answers the relying party of a request: used
   * when no OIDC_ISSUER is configured (the simulator's development provider).
   */
  builtInProvider?: (app: FastifyInstance) => Promise<(request: FastifyRequest) => RelyingParty>;
}

/** Sign-in plumbing outside the contract: the relying party for /api/v1/login. */
async function signIn(app: FastifyInstance, { config, builtInProvider }: SignInOptions): Promise<void> {
  if (config.oidc.issuer) {
    const allowHttp = isDevMode(config) && config.oidc.issuer.startsWith('http:');
    const external = createRelyingParty(config, {
      issuer: config.oidc.issuer,
      accountKey: 'email',
      allowHttp,
    });
    app.decorate('relyingPartyFor', () => external);
    return;
  }
  if (!builtInProvider) throw new Error('OIDC_ISSUER is not set and there is no built-in identity provider');
  if (!isDevMode(config)) {
    app.log.warn('OIDC_ISSUER is not set: the built-in development sign-in lets anyone choose any account');
  }
  app.decorate('relyingPartyFor', await builtInProvider(app));
}

export const signInPlugin = fp(signIn, { name: 'sign-in', fastify: '5.x' });
