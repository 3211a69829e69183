import type { Config } from '../config.ts';

/**
 * The web app's /auth/callback needs client_id among its query parameters. Registering it as part of the
 * redirect URI makes every standard provider hand it back (RFC 6749 keeps a redirect URI's query).
 */
export const registeredRedirectUri = (config: Config) =>
  `${config.publicUrl}/auth/callback?client_id=${encodeURIComponent(config.oidc.clientId)}`;

/** How long a started sign-in may take before its state, nonce and PKCE verifier are discarded. */
export const loginAttemptMinutes = 10;

/**
 * Extra authorisation parameter the login page's "User or Company" choice becomes: which sign-up form
 * the built-in provider shows first (other providers ignore it).
 */
export const roleHintParam = 'role_hint';
