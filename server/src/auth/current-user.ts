import type { CurrentUserRow } from '../db/hot-reads.ts';
import { unlessDuplicate, writeRows } from '../db/row-writes.ts';
import type { PortalDeps } from '../deps.ts';
import { conflict, unauthenticated } from '../lib/app-error.ts';
import { memoAnswer } from '../lib/frozen-answers.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import type { Role } from '../lib/route.ts';

type AgentStatus = 'pending' | 'rejected' | 'active';

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  termsToAccept: string | null;
  agentStatus: AgentStatus | null;
}

type Deps = Pick<PortalDeps, 'prisma' | 'clock'>;
type ReadDeps = Pick<PortalDeps, 'reads' | 'clock'>;

/**
 * The user as GET /api/v1/users/me answers it. Every page load asks, so in one prepared statement
 * (db/hot-reads.ts) rather than Prisma's four queries; the pending terms depend on the clock as well as
 * on the data (PostgreSQL remembers the user with every terms version and picks by the clock per call).
 * `arrivedAt`: when the caller's request arrived (`request.arrivedAt`).
 */
export function loadCurrentUser(
  deps: ReadDeps,
  userId: string,
  arrivedAt?: number,
): MaybePromise<CurrentUser> {
  return whenReady(deps.reads.currentUser(userId, deps.clock.now(), arrivedAt), (user) => {
    if (!user) throw unauthenticated();
    // A remembered row (frozen) gives the same answer each time: built, checked and serialised once.
    return Object.isFrozen(user) ? memoAnswer(answers, user, currentUserOf) : currentUserOf(user);
  });
}

const answers = new WeakMap<CurrentUserRow, CurrentUser>();

function currentUserOf(user: CurrentUserRow): CurrentUser {
  const role = user.role as Role;
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role,
    termsToAccept: user.latestTerms !== null && !user.accepted ? user.latestTerms : null,
    agentStatus: role === 'agent' ? ((user.agentStatus as AgentStatus | null) ?? null) : null,
  };
}

/** Only the version waiting for the user can be accepted; an old or unknown one is a conflict the client can show. */
export async function acceptPendingTerms(
  deps: Deps & ReadDeps,
  userId: string,
  role: Role,
  termsId: string,
): Promise<CurrentUser> {
  // The version waiting for the user (the newest published for their role, not yet accepted).
  const pending = (await loadCurrentUser(deps, userId)).termsToAccept;
  if (pending !== termsId) {
    throw conflict(
      'TERMS_NOT_PENDING',
      pending
        ? `Terms version "${termsId}" is not the one waiting for your acceptance; the current version is "${pending}".`
        : `There are no terms waiting for your acceptance, so version "${termsId}" cannot be accepted.`,
    );
  }
  const row = { userId, role, version: termsId, acceptedAt: deps.clock.now() };
  // Accepted by a call that overtook this one: the same outcome.
  await writeRows(deps.prisma, [{ insert: 'TermsAcceptance', row }]).catch(unlessDuplicate);
  return loadCurrentUser(deps, userId);
}
