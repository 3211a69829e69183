import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapterFactory } from './memory-adapter.ts';

/**
 * A stand-in for Keycloak & co.: a separate oidc-provider on a real port, configured independently of
 * the portal's code. Its sign-in page is skipped: the account is chosen by the test (`?as=` on the
 * authorisation request is remembered per interaction).
 */
export async function startExternalProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, { email: string; email_verified: boolean }>;
}) {
  let provider: Provider | undefined;
  let nextAccount = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!provider) throw new Error('provider not ready');
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        token_endpoint_auth_method: 'client_secret_post',
        redirect_uris: [options.redirectUri],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 300,
      IdToken: 300,
      AuthorizationCode: 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
    findAccount: (_ctx, sub) => {
      const claims = options.accounts[sub];
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: false } },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'k1',
        } as JWK,
      ],
    },
    cookies: { keys: ['test-only-key'], long: { sameSite: 'lax' } },
  });

  /** Follows the provider's redirects like a browser would, signed in as `accountId`; answers the callback URL. */
  async function authorize(authorizationUrl: string, accountId: string): Promise<string> {
    nextAccount = accountId;
    const cookies = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (!url.startsWith(issuer)) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`external provider stopped with ${response.status}`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
