import type { PortalDeps } from '../deps.ts';
import { loginAttemptMinutes } from './oidc-settings.ts';
import { LoginError, openidClient, type RelyingParty } from './relying-party.ts';
import { createSession } from './sessions.ts';

export interface StartedLogin {
  location: string;
  state: string;
  maxAgeSeconds: number;
}

/** Remembers state, nonce and PKCE verifier for ten minutes and answers where to send the browser. */
export async function startLogin(
  deps: PortalDeps,
  relyingParty: RelyingParty,
  extraParams: Record<string, string> = {},
): Promise<StartedLogin> {
  const { prisma, wallClock } = deps;
  const now = wallClock.now();
  const oidc = await openidClient();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const location = await relyingParty.authorizationUrl({ state, nonce, codeVerifier, extraParams });
  await prisma.loginAttempt.deleteMany({ where: { expiresAt: { lte: now } } });
  await prisma.loginAttempt.create({
    data: {
      state,
      nonce,
      codeVerifier,
      createdAt: now,
      expiresAt: new Date(now.getTime() + loginAttemptMinutes * 60_000),
    },
  });
  return { location: location.href, state, maxAgeSeconds: loginAttemptMinutes * 60 };
}

export interface CallbackInput {
  code?: string;
  state?: string;
  iss?: string;
  clientId?: string;
  error?: string;
  /** The state this browser was given when it started (login-state cookie). */
  browserState?: string;
  userAgent?: string;
}

export interface FinishedLogin {
  token: string;
  returnTo: string;
}

/** Takes the sign-in attempt out of the database: a state (and with it a code) works once. */
async function consumeAttempt({ prisma, wallClock }: PortalDeps, state: string) {
  const attempt = await prisma.loginAttempt.findUnique({ where: { state } });
  if (!attempt) return null;
  const { count } = await prisma.loginAttempt.deleteMany({ where: { id: attempt.id } });
  if (count === 0 || attempt.expiresAt <= wallClock.now()) return null;
  return attempt;
}

async function findUser(
  deps: PortalDeps,
  relyingParty: RelyingParty,
  subject: string,
  email: string | null,
  verified: boolean | null,
) {
  if (relyingParty.accountKey === 'subject') return deps.prisma.user.findUnique({ where: { id: subject } });
  if (!email) throw new LoginError('failed', 'the provider did not tell the email address');
  if (verified === false)
    throw new LoginError('failed', 'the provider says the email address is not verified');
  return deps.prisma.user.findUnique({ where: { email: email.toLowerCase() } });
}

/** Verifies the provider's answer and creates the server-side session; any failed check throws LoginError. */
export async function finishLogin(
  deps: PortalDeps,
  relyingParty: RelyingParty,
  input: CallbackInput,
): Promise<FinishedLogin> {
  const attempt = input.state ? await consumeAttempt(deps, input.state) : null;
  if (input.error) throw new LoginError('failed', `provider answered ${input.error.slice(0, 64)}`);
  if (!input.code || !input.state) throw new LoginError('failed', 'code or state missing');
  if (!attempt) throw new LoginError('failed', 'unknown, used or expired state');
  if (input.browserState !== input.state)
    throw new LoginError('failed', 'state was not started by this browser');
  if (input.clientId !== deps.config.oidc.clientId)
    throw new LoginError('failed', 'client_id does not match');
  const identity = await relyingParty.verifyCallback(
    { code: input.code, state: input.state, ...(input.iss === undefined ? {} : { iss: input.iss }) },
    { state: attempt.state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier },
  );
  const user = await findUser(deps, relyingParty, identity.subject, identity.email, identity.emailVerified);
  if (!user) throw new LoginError('failed', 'no portal account for this identity');
  const { token } = await createSession(deps, user.id, input.userAgent);
  return { token, returnTo: safeReturnTo(attempt.returnTo) };
}

/** Only a path on this site: never an absolute or protocol-relative URL (open redirect). */
export function safeReturnTo(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
