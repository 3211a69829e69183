import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CurrentUser, loadCurrentUser } from '../../auth/current-user.ts';
import { setSessionCookie } from '../../auth/session-cookie.ts';
import { createSession, destroySession } from '../../auth/sessions.ts';
import type { PortalDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { memoListOf } from '../../lib/frozen-answers.ts';
import { listAccounts } from '../identity-provider/accounts.ts';

const PERSONA_LIMIT = 100;

/** The accounts of the current world as the web app would see each one after switching. */
export async function listPersonas(
  deps: Pick<PortalDeps, 'prisma' | 'reads' | 'clock'>,
): Promise<CurrentUser[]> {
  const accounts = (await listAccounts(deps)).slice(0, PERSONA_LIMIT);
  const users = await Promise.all(accounts.map((account) => loadCurrentUser(deps, account.id)));
  // Remembered users give the same list each time: checked and serialised once (lib/frozen-answers.ts).
  return memoListOf(personaLists, deps.reads, users);
}

const personaLists = new WeakMap<object, CurrentUser[]>();

/**
 * Signs the browser in as the account with `email` in the current world: the caller's old session
 * (if any) ends and a new session cookie is set. Null when there is no such account.
 */
export async function startPersonaSession(
  deps: PortalDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<CurrentUser | null> {
  const userId = await deps.reads.lists.userIdByEmail(email.toLowerCase());
  if (userId === undefined) return null;
  const old = request.cookies[deps.config.session.cookieName];
  if (old) await destroySession(deps, old);
  const { token } = await createSession(deps, userId, request.headers['user-agent']);
  setSessionCookie(reply, deps.config, token);
  return loadCurrentUser(deps, userId);
}

export async function switchPersona(
  deps: PortalDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<CurrentUser> {
  const persona = await startPersonaSession(deps, request, reply, email);
  if (!persona) {
    throw new AppError(404, 'PERSONA_NOT_FOUND', `There is no account for ${email} in this simulated world.`);
  }
  return persona;
}
