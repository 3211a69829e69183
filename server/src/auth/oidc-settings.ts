import type { Config } from '../config.ts';

/**
 * The web app's /auth/callback needs client_id among its query parameters. Registering it as part of the
 * redirect URI makes every standard provider hand it back (RFC 6749 keeps a redirect URI's query).
 */
export const registeredRedirectUri = (config: Config) =>
  `${config.publicUrl}/auth/callback?client_id=${encodeURIComponent(config.oidc.clientId)}`;

/** How long a started sign-in may take before its state, nonce and PKCE verifier are discarded. */
export const loginAttemptMinutes = 10;
