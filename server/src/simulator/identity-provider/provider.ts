import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import { registeredRedirectUri, roleHintParam } from '../../auth/oidc-settings.ts';
import type { Config } from '../../config.ts';
import type { World } from '../../world.ts';
import { createDatabaseAdapterFactory, sharedCookieKeys } from './database-adapter.ts';
import { newNonce, pageSecurityPolicy, renderNoticePage } from './interaction-page.ts';

/** Mounted inside the portal's own server, under /oidc. */
export const devIdpMountPath = '/oidc';
export const devIssuer = (config: Config) => `${config.publicUrl}${devIdpMountPath}`;

// One signing key per process: ID tokens only live for the few seconds of a sign-in, and the portal
// fetches each from the instance it runs on (its token call is in-process), which signs it and serves
// the key. An EC P-256 key
// (ES256) is made in about a millisecond; an RSA key took a few hundred, a tenth of the server's start.
let signingKey: JWK | undefined;
function processSigningKey(): JWK {
  if (!signingKey) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    signingKey = {
      ...privateKey.export({ format: 'jwk' }),
      kid: randomBytes(8).toString('hex'),
      use: 'sig',
      alg: 'ES256',
    } as JWK;
  }
  return signingKey;
}

type InteractionPolicy = typeof import('oidc-provider').interactionPolicy;

/** Development only: every sign-in shows the account picker, instead of silently reusing the provider's session. */
function alwaysChoosePolicy(interactionPolicy: InteractionPolicy) {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'choose_account',
        'The development provider asks who you are on every sign-in',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** The portal is a first-party client: the grant it needs is given without a consent screen. */
async function firstPartyGrant(ctx: KoaContextWithOIDC) {
  const accountId = ctx.oidc.session?.accountId;
  const clientId = ctx.oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;
  const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}

/**
 * The built-in provider. `worldOf` answers the world a raw request works in: accounts are looked up in
 * the world of the call that asks (a sandbox's sign-in reads that sandbox's users). Its records (the
 * sign-ins in flight, its sessions, grants and codes) and the keys of its cookies are kept in the
 * shared world's database, so in a team each step of a sign-in may reach any instance (decision 0061).
 * oidc-provider (a third of the server's start in CPU, with koa and jose) loads here, on the first
 * sign-in, not at start.
 */
export async function createDevProvider(
  config: Config,
  shared: Pick<World, 'prisma'>,
  worldOf: (raw: IncomingMessage) => Pick<World, 'prisma'>,
): Promise<Provider> {
  const { default: OidcProvider, interactionPolicy } = await import('oidc-provider');
  const issuer = devIssuer(config);
  const { clientId, clientSecret } = config.oidc;
  const cookieKeys = await sharedCookieKeys(shared.prisma);
  const configuration: Configuration = {
    adapter: createDatabaseAdapterFactory(shared.prisma),
    clients: [
      {
        client_id: clientId,
        ...(clientSecret
          ? { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_post' }
          : {}),
        ...(clientSecret ? {} : { token_endpoint_auth_method: 'none' }),
        redirect_uris: [registeredRedirectUri(config)],
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // oidc-provider 9 accepts only S256; every client must use PKCE.
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The portal finds the account from the ID token alone.
    conformIdTokenClaims: false,
    extraParams: [roleHintParam],
    findAccount: async (ctx, id) => {
      const user = await worldOf(ctx.req).prisma.user.findUnique({ where: { id } });
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, email_verified: true, name: user.fullName }),
      };
    },
    interactions: {
      policy: alwaysChoosePolicy(interactionPolicy),
      url: (_ctx, interaction) => `${devIdpMountPath}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: firstPartyGrant,
    renderError: (ctx, out) => {
      const nonce = newNonce();
      ctx.set('content-security-policy', pageSecurityPolicy(nonce, new URL(config.publicUrl).origin));
      ctx.set('cache-control', 'no-store');
      ctx.type = 'html';
      const reason = out.error_description ?? out.error;
      ctx.body = renderNoticePage('Sign-in could not continue', reason, `${config.publicUrl}/login`, nonce);
    },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [processSigningKey()] },
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      Session: 3600,
      Interaction: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
    },
  };
  const provider = new OidcProvider(issuer, configuration);
  // Behind the portal's reverse proxy the public scheme and host come from X-Forwarded-* headers.
  provider.proxy = true;
  return provider;
}
