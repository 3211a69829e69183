import type { Db } from '../db/client.ts';
import { isoFromStored } from '../db/connected-users.ts';
import type { EventRow } from '../db/list-reads.ts';
import { newRowId } from '../db/row-ids.ts';
import { writeRows } from '../db/row-writes.ts';
import type { ActorRole, SharingEventType } from '../domain/invitation-lifecycle.ts';
import { type ListSource, pagedSource } from '../lib/paging.ts';
import type { World } from '../world.ts';

/** Who did something to a sharing: a signed-in person, or the server itself (null id, role system). */
export interface Actor {
  id: string | null;
  role: ActorRole;
}

export interface AuditEntry {
  invitationId: string;
  type: SharingEventType;
  actor: Actor;
  at: Date;
  detail?: Record<string, string>;
}

/** An audit trail entry's row, with a new id: written in the same transaction as the change it records. */
export function sharingEventRow(entry: AuditEntry) {
  return {
    id: newRowId(),
    invitationId: entry.invitationId,
    type: entry.type,
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    at: entry.at,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  };
}

/** Writes one audit trail entry. */
export async function recordSharingEvent(db: Db, entry: AuditEntry): Promise<void> {
  await writeRows(db, [{ insert: 'SharingEvent', row: sharingEventRow(entry) }]);
}

export interface SharingEventView {
  id: string;
  type: SharingEventType;
  actorRole: 'user' | 'agent' | 'admin';
  actorName: string;
  at: string;
}

const FALLBACK_NAMES: Readonly<Record<string, string>> = {
  user: 'A user',
  agent: 'A company',
  admin: 'Administrator',
};

/**
 * A person is named by full name, a company by its registered display name, an admin as
 * "Administrator" (admins act for the data holder, not by name).
 */
function toEventView(event: EventRow): SharingEventView {
  // The contract knows people only; an automatic action is shown as the administration's.
  const role = (event.actorRole === 'system' ? 'admin' : event.actorRole) as SharingEventView['actorRole'];
  const named = role === 'admin' ? null : (event.actorDisplayName ?? event.actorFullName);
  return {
    id: event.id,
    type: event.type as SharingEventType,
    actorRole: role,
    actorName: (named ?? FALLBACK_NAMES[role] ?? 'Administrator').slice(0, 200),
    at: isoFromStored(event.at),
  };
}

const eventItems = new WeakMap<readonly EventRow[], SharingEventView[]>();

/** The audit trail of one sharing, oldest first, page by page: one joined statement per page (db/list-reads.ts). */
export function sharingEventsSource(
  { reads }: Pick<World, 'reads'>,
  invitationId: string,
): ListSource<EventRow, SharingEventView> {
  return pagedSource(
    reads.lists.events,
    { invitationId },
    {
      position: (event) => ({ at: new Date(event.at), id: event.id }),
      toItem: toEventView,
      items: eventItems,
    },
  );
}

/** Job-runner hook: a completed INVITE export is recorded in that sharing's audit trail. */
export function recordInvitationDownload(db: Db, clock: { now(): Date }) {
  return async (job: { id: string; type: string; relatedId: string | null; userId: string }) => {
    if (job.type !== 'INVITE' || !job.relatedId) return;
    await recordSharingEvent(db, {
      invitationId: job.relatedId,
      type: 'DATA_DOWNLOADED',
      actor: { id: job.userId, role: 'agent' },
      at: clock.now(),
      detail: { jobId: job.id },
    });
  };
}
