import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRelyingParty, type RelyingParty } from '../auth/relying-party.ts';
import { isDevMode } from '../config.ts';
import type { PortalDeps } from '../deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's OpenID Connect client, pointed at OIDC_ISSUER or at the built-in provider. */
    relyingParty: RelyingParty;
  }
}

export interface SignInOptions {
  deps: PortalDeps;
  /**
   * Mounts a built-in identity provider on the app and answers a relying party for it: used when no
   * OIDC_ISSUER is configured (the simulator's development provider).
   */
  builtInProvider?: (app: FastifyInstance) => Promise<RelyingParty>;
}

/** Sign-in plumbing outside the contract: the relying party for /api/v1/login. */
async function signIn(app: FastifyInstance, { deps, builtInProvider }: SignInOptions): Promise<void> {
  const { config } = deps;
  if (config.oidc.issuer) {
    const allowHttp = isDevMode(config) && config.oidc.issuer.startsWith('http:');
    app.decorate(
      'relyingParty',
      createRelyingParty(config, { issuer: config.oidc.issuer, accountKey: 'email', allowHttp }),
    );
    return;
  }
  if (!builtInProvider) throw new Error('OIDC_ISSUER is not set and there is no built-in identity provider');
  if (!isDevMode(config)) {
    app.log.warn('OIDC_ISSUER is not set: the built-in development sign-in lets anyone choose any account');
  }
  app.decorate('relyingParty', await builtInProvider(app));
}

export const signInPlugin = fp(signIn, { name: 'sign-in', fastify: '5.x' });
