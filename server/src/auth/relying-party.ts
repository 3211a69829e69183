import type * as Oidc from 'openid-client';
import type { Config } from '../config.ts';
import { onFirstUse } from '../lib/first-use.ts';
import { registeredRedirectUri } from './oidc-settings.ts';

export type CustomFetch = Oidc.CustomFetch;

/** openid-client (with jose), loaded on the first sign-in rather than at every start (issue 23). */
export const openidClient = onFirstUse(() => import('openid-client'));
export type LoginFailure = 'unavailable' | 'failed';

/** Why a sign-in ended: `unavailable` when the provider could not be reached, `failed` for any check that failed. */
export class LoginError extends Error {
  readonly reason: LoginFailure;

  constructor(reason: LoginFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoginError';
    this.reason = reason;
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  extraParams?: Record<string, string>;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
}

export interface RelyingParty {
  readonly issuer: string;
  /** How a verified identity maps to a portal user: the built-in provider's subject is the user id. */
  readonly accountKey: AccountKey;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the code after checking state, issuer (RFC 9207), PKCE and nonce; throws LoginError. */
  verifyCallback(
    callback: { code: string; state: string; iss?: string },
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity>;
}

const isTimeout = (value: unknown) =>
  value instanceof Error && (value.name === 'TimeoutError' || value.name === 'AbortError');

/** Network failures, timeouts and 5xx answers mean "try again later", not "your sign-in is wrong". */
export function isProviderUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof TypeError && /fetch failed/i.test(current.message)) return true;
    if (isTimeout(current)) return true;
    if (current instanceof Response && current.status >= 500) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * openid-client sends the callback URL without its query as the token request's redirect_uri, but the
 * registered one carries `?client_id=`; the provider compares them exactly, so put the registered one back.
 */
export function withRegisteredRedirectUri(redirectUri: string, next: CustomFetch): CustomFetch {
  const stripped = new URL(redirectUri);
  stripped.search = '';
  return (url, options) => {
    const body = options.body;
    if (options.method !== 'POST' || !(body instanceof URLSearchParams || typeof body === 'string')) {
      return next(url, options);
    }
    const params = new URLSearchParams(body);
    if (params.get('grant_type') !== 'authorization_code' || params.get('redirect_uri') !== stripped.href) {
      return next(url, options);
    }
    params.set('redirect_uri', redirectUri);
    return next(url, { ...options, body: params });
  };
}

export type AccountKey = 'subject' | 'email';

export interface RelyingPartyOptions {
  issuer: string;
  accountKey: AccountKey;
  /** How to reach the provider; the built-in one is called in-process. */
  fetch?: CustomFetch;
  /** Plain http is accepted for the built-in provider and for external ones outside production. */
  allowHttp: boolean;
}

export function createRelyingParty(config: Config, options: RelyingPartyOptions): RelyingParty {
  const redirectUri = registeredRedirectUri(config);
  const { clientId, clientSecret } = config.oidc;
  const fetchImpl = withRegisteredRedirectUri(
    redirectUri,
    options.fetch ?? ((url, init) => fetch(url, init)),
  );
  let discovered: Promise<Oidc.Configuration> | undefined;

  // Discovery is cached; a failed one is forgotten so the next sign-in tries again.
  const configuration = () => {
    discovered ??= openidClient()
      .then((oidc) =>
        oidc.discovery(
          new URL(options.issuer),
          clientId,
          clientSecret ?? undefined,
          clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
          {
            [oidc.customFetch]: fetchImpl,
            execute: options.allowHttp ? [oidc.allowInsecureRequests] : [],
            timeout: 10,
          },
        ),
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new LoginError('unavailable', 'OpenID provider discovery failed', { cause: error });
      });
    return discovered;
  };

  return {
    issuer: options.issuer,
    accountKey: options.accountKey,
    async authorizationUrl({ state, nonce, codeVerifier, extraParams }) {
      const config = await configuration();
      const oidc = await openidClient();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...extraParams,
      });
    },
    async verifyCallback(callback, checks) {
      const config = await configuration();
      const oidc = await openidClient();
      const currentUrl = new URL(redirectUri);
      currentUrl.searchParams.set('code', callback.code);
      currentUrl.searchParams.set('state', callback.state);
      if (callback.iss !== undefined) currentUrl.searchParams.set('iss', callback.iss);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new LoginError('failed', 'no ID token in the token response');
        let email = typeof claims.email === 'string' ? claims.email : null;
        let emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : null;
        if (!email) {
          // Providers that keep claims out of the ID token still answer them at the userinfo endpoint.
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : null;
          emailVerified = typeof info.email_verified === 'boolean' ? info.email_verified : null;
        }
        return { subject: claims.sub, email, emailVerified };
      } catch (error) {
        if (error instanceof LoginError) throw error;
        const reason = isProviderUnavailable(error) ? 'unavailable' : 'failed';
        throw new LoginError(reason, describe(oidc, error), { cause: error });
      }
    },
  };
}

/** A log line without codes or tokens: the library's message and error code, or the provider's OAuth error. */
function describe(oidc: typeof Oidc, error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `provider answered ${error.error}`;
  if (error instanceof oidc.AuthorizationResponseError) return `provider answered ${error.error}`;
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    const inner =
      error.cause instanceof Error && !(error.cause instanceof Response) ? `: ${error.cause.message}` : '';
    return `${error.message}${typeof code === 'string' ? ` (${code})` : ''}${inner}`;
  }
  return 'unknown error';
}
