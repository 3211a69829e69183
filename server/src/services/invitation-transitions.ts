import type { PartiesRow } from '../db/list-reads.ts';
import { writeRows } from '../db/row-writes.ts';
import {
  type InvitationAction,
  type InvitationStatus,
  TRANSITIONS,
  type TransitionErrorCode,
  transition,
} from '../domain/invitation-lifecycle.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { AppError, conflict, notFound } from '../lib/app-error.ts';
import type { World } from '../world.ts';
import { type Actor, sharingEventRow } from './audit.ts';

/** The answers for refused transitions; the texts are the ones the web app shows (docs/product-rules.md, Errors). */
const REFUSALS: Record<TransitionErrorCode, () => AppError> = {
  INVALID_CODE: () => invalidCode(),
  INVALID_INVITATION_STATE: () =>
    conflict('INVALID_INVITATION_STATE', 'This invitation is no longer pending. Please refresh the page.'),
  INVALID_REVOKE_STATE: () =>
    conflict('INVALID_REVOKE_STATE', 'This invitation cannot be revoked in its current state.'),
  INVALID_SHARING_STATE: () =>
    conflict('INVALID_SHARING_STATE', 'This sharing is not in a state that allows this action.'),
};

/** One answer for a wrong, expired, used or revoked code, so codes cannot be probed. */
export const invalidCode = () => new AppError(400, 'INVALID_CODE', 'Invalid or expired code.');

export const invitationNotFound = () =>
  notFound(
    'INVITATION_NOT_FOUND',
    'This invitation could not be found. It may have been deleted or expired.',
  );

export interface TransitionRequest {
  invitationId: string;
  event: InvitationAction;
  actor: Actor & { id: string };
  /** Throws when the caller may not act on this invitation (checked before the state). */
  authorise?(invitation: PartiesRow): void;
  /** The error for a missing invitation (default INVITATION_NOT_FOUND). */
  missing?: () => AppError;
  /** The error for a refused transition, when the default for its code does not fit the caller. */
  refusal?: (code: TransitionErrorCode) => AppError;
  /** Extra columns written with the status change (e.g. the claiming agent). */
  data?: (now: Date) => { agentId?: string; claimedAt?: Date };
}

/** An `authorise` that lets only the invitation's owner, or only its company, act; others get `refusal`. */
export const onlyBy =
  (party: 'ownerId' | 'agentId', callerId: string, refusal: () => AppError) => (invitation: PartiesRow) => {
    if (invitation[party] !== callerId) throw refusal();
  };

const MAX_ATTEMPTS = 3;

/**
 * Applies one lifecycle event to an invitation. The new status comes from the domain's transition
 * table. The status is read first, outside any transaction, by a prepared read (db/list-reads.ts); the
 * change is one conditional update (`where {id, status}` as read) with its audit event, written in one
 * short transaction (db/row-writes.ts). When two requests race, exactly one update finds
 * the status it read; the other finds none (P2025), re-reads and is judged against the new status. No
 * transaction is held while the server awaits anything else (decision 0065).
 */
export async function transitionInvitation(
  { prisma, reads, clock }: Pick<World, 'prisma' | 'reads' | 'clock'>,
  request: TransitionRequest,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const invitation = await reads.lists.parties(request.invitationId);
    if (!invitation) throw (request.missing ?? invitationNotFound)();
    request.authorise?.(invitation);
    const step = transition(invitation.status as InvitationStatus, request.event);
    if (!step.ok) throw (request.refusal ?? ((code) => REFUSALS[code]()))(step.code);
    const now = clock.now();
    try {
      await writeRows(prisma, [
        {
          update: 'Invitation',
          where: { id: invitation.id, status: invitation.status },
          set: { status: step.next, statusChangedAt: now, ...request.data?.(now) },
        },
        {
          insert: 'SharingEvent',
          row: sharingEventRow({
            invitationId: invitation.id,
            type: step.eventType,
            actor: request.actor,
            at: now,
          }),
        },
      ]);
      return;
    } catch (error) {
      // Another request changed the status since it was read: read it again.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')) throw error;
    }
  }
  // Still losing after several re-reads means the invitation keeps changing: report it as not allowed now.
  const code = TRANSITIONS[request.event].refusal;
  throw (request.refusal ?? ((refused) => REFUSALS[refused]()))(code);
}
