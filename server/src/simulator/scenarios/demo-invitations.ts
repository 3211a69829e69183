// Writes the seeded invitations with their products, deterministic codes and audit events.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { CROCKFORD_ALPHABET } from '../../domain/access-code.ts';
import {
  INVITATION_TTL_DAYS,
  INVITATIONS,
  type InvitationSeed,
  type InvitationStatus,
} from './demo-invitation-list.ts';
import { USER_IDS } from './demo-people.ts';
import { daysAfter, daysBefore } from './time.ts';

/**
 * Deterministic code of a seeded invitation, in the stored (normalised) form of
 * server/src/domain/access-code.ts: the first 80 bits of a hash as 16 Crockford digits.
 */
export function seedInvitationCode(invitationId: string): string {
  const digest = createHash('sha256').update(`seed-invitation:${invitationId}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let shift = 75n; shift >= 0n; shift -= 5n) code += CROCKFORD_ALPHABET[Number((bits >> shift) & 31n)];
  return code;
}

const ENDING_EVENT: Partial<Record<InvitationStatus, string>> = {
  DECLINED: 'DECLINED',
  REVOKED_BEFORE_CLAIMED: 'REVOKED',
  REVOKED_AFTER_CLAIMED: 'REVOKED',
  REVOKED_AFTER_ACCEPTED: 'REVOKED',
  PAUSED_BY_ADMIN: 'PAUSED',
};

type EventRow = {
  id: string;
  invitationId: string;
  type: string;
  actorId: string | null;
  actorRole: string;
  at: Date;
};

export function eventsOf(inv: InvitationSeed, now: Date): EventRow[] {
  const events: EventRow[] = [];
  const add = (type: string, days: number, role: 'user' | 'agent' | 'admin') => {
    const actorId = role === 'user' ? inv.ownerId : role === 'agent' ? inv.agentId : USER_IDS.admin;
    const id = `evt-${inv.id.replace(/^inv-/, '')}-${events.length + 1}`;
    events.push({ id, invitationId: inv.id, type, actorId, actorRole: role, at: daysBefore(now, days) });
  };
  add('CREATED', inv.created, 'user');
  if (inv.claimed !== undefined) add('CLAIMED', inv.claimed, 'agent');
  if (inv.accepted !== undefined) add('ACCEPTED', inv.accepted, 'user');
  if (inv.downloaded !== undefined) add('DATA_DOWNLOADED', inv.downloaded, 'agent');
  const ending = ENDING_EVENT[inv.status];
  if (ending && inv.ended !== undefined) add(ending, inv.ended, inv.endedBy ?? 'user');
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

function statusChangedDaysAgo(inv: InvitationSeed): number {
  return inv.ended ?? inv.accepted ?? inv.claimed ?? inv.created;
}

/** The Invitation row of a seeded invitation (codes derived from the id). */
export function invitationRow(inv: InvitationSeed, now: Date) {
  const createdAt = daysBefore(now, inv.created);
  return {
    id: inv.id,
    ownerId: inv.ownerId,
    code: seedInvitationCode(inv.id),
    status: inv.status,
    agentId: inv.agentId,
    createdAt,
    statusChangedAt: daysBefore(now, statusChangedDaysAgo(inv)),
    expiresAt: daysAfter(createdAt, INVITATION_TTL_DAYS),
    claimedAt: inv.claimed === undefined ? null : daysBefore(now, inv.claimed),
  };
}

export const invitationProductRows = (inv: InvitationSeed) =>
  inv.products.map(([productId, includeSensitiveData]) => ({
    invitationId: inv.id,
    productId,
    includeSensitiveData,
  }));

export async function seedInvitations(db: Db, now: Date): Promise<void> {
  await db.invitation.createMany({ data: INVITATIONS.map((inv) => invitationRow(inv, now)) });
  await db.invitationProduct.createMany({ data: INVITATIONS.flatMap(invitationProductRows) });
  await db.sharingEvent.createMany({ data: INVITATIONS.flatMap((inv) => eventsOf(inv, now)) });
}
