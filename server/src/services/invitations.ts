import type { OwnerInvitationRow, PartiesRow } from '../db/list-reads.ts';
import { newRowId } from '../db/row-ids.ts';
import { writeRows } from '../db/row-writes.ts';
import { formatAccessCode, generateAccessCode, normaliseAccessCode } from '../domain/access-code.ts';
import { filterStatuses, type InvitationFilter } from '../domain/invitation-lifecycle.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { type ListSource, pagedSource, searchWords } from '../lib/paging.ts';
import type { World } from '../world.ts';
import { sharingEventRow } from './audit.ts';
import { invitationNotFound, onlyBy, transitionInvitation } from './invitation-transitions.ts';
import {
  type InvitationListEntry,
  invitationLink,
  loadPermissions,
  ownerListEntry,
  type Permissions,
} from './invitation-views.ts';
import { listOwnProducts } from './products.ts';

/** How long an unclaimed code can be redeemed (docs/architecture.md). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const CODE_ATTEMPTS = 5;

type Deps = Pick<World, 'prisma' | 'reads' | 'clock' | 'config'>;

export interface ShareItem {
  productId: string;
  includeSensitiveData: boolean;
}

const invitationForbidden = () =>
  forbidden('INVITATION_FORBIDDEN', "You don't have permission to perform this action on this invitation.");

/**
 * Creates a single-use code for the owner's products; each must be theirs, listed once, and collecting.
 * The checks read the owner's product list (a prepared read, db/hot-reads.ts); the invitation, its
 * products and its audit entry are one insert, one short transaction: nothing waits on the single
 * SQLite writer across the request's other work.
 */
export async function createInvitation(
  { prisma, reads, clock, config }: Deps,
  ownerId: string,
  items: readonly ShareItem[],
) {
  const ids = items.map((item) => item.productId);
  if (new Set(ids).size !== ids.length) {
    throw badRequest(
      'VALIDATION_FAILED',
      'Each product can be shared only once per invitation.',
      'productId',
    );
  }
  const own = new Map((await listOwnProducts({ reads }, ownerId)).map((entry) => [entry.row.id, entry]));
  const shared = ids.map((id) => own.get(id));
  if (shared.some((entry) => entry === undefined)) {
    throw notFound('PRODUCT_NOT_FOUND', 'A product to share could not be found among your products.');
  }
  const off = shared.filter((entry) => entry && !entry.enabled);
  if (off.length > 0) {
    const names = off.map((entry) => entry?.row.externalId).join(', ');
    throw conflict('COLLECTION_DISABLED', `Data collection is off for ${names}. Turn it on before sharing.`);
  }
  for (let attempt = 1; ; attempt += 1) {
    const code = generateAccessCode();
    try {
      const { expiresAt } = await insertInvitation({ prisma, clock }, ownerId, code, items);
      return {
        code: formatAccessCode(code),
        link: invitationLink(config.publicUrl, code),
        expiresAt: expiresAt.toISOString(),
      };
    } catch (error) {
      // 80 random bits make a collision practically impossible; a retry costs nothing if it happens.
      const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
      if (!duplicate || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The invitation with its products and its CREATED audit entry, in one short transaction. */
async function insertInvitation(
  { prisma, clock }: Pick<Deps, 'prisma' | 'clock'>,
  ownerId: string,
  code: string,
  items: readonly ShareItem[],
): Promise<{ expiresAt: Date }> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const id = newRowId();
  await writeRows(prisma, [
    {
      insert: 'Invitation',
      row: { id, ownerId, code, status: 'CREATED', createdAt: now, statusChangedAt: now, expiresAt },
    },
    ...items.map((item) => ({
      insert: 'InvitationProduct' as const,
      row: { invitationId: id, productId: item.productId, includeSensitiveData: item.includeSensitiveData },
    })),
    {
      insert: 'SharingEvent',
      row: sharingEventRow({
        invitationId: id,
        type: 'CREATED',
        actor: { id: ownerId, role: 'user' },
        at: now,
      }),
    },
  ]);
  return { expiresAt };
}

const ownerInvitationItems = new WeakMap<readonly OwnerInvitationRow[], InvitationListEntry[]>();

/**
 * The owner's invitations with an agent (`claimed`) or without (`unclaimed`), newest first: one
 * joined statement per page (db/list-reads.ts).
 */
export function ownerInvitationsSource(
  { reads, config }: Pick<Deps, 'reads' | 'config'>,
  ownerId: string,
  claimed: boolean,
  filter: InvitationFilter,
  q?: string,
  /** Only entries whose status changed after this instant (ISO date-time): the unread badges. */
  changedAfter?: string,
): ListSource<OwnerInvitationRow, InvitationListEntry> {
  const query = {
    ownerId,
    claimed,
    statuses: filterStatuses(filter),
    changedAfter: changedAfter === undefined ? undefined : new Date(changedAfter),
    words: searchWords(q),
  };
  return pagedSource(reads.lists.ownerInvitations, query, {
    position: (row) => ({ at: new Date(row.createdAt), id: row.id }),
    toItem: (row) => ownerListEntry(row, config.publicUrl),
    // The link is built from the world's own address: one world's rows are never another's.
    items: ownerInvitationItems,
  });
}

/** The owner's invitation (who it belongs to), or 404 / 403 INVITATION_FORBIDDEN when it is missing or someone else's. */
export function findOwnInvitation(
  { reads }: Pick<Deps, 'reads'>,
  ownerId: string,
  id: string,
): MaybePromise<PartiesRow> {
  return whenReady(reads.lists.parties(id), (invitation) => {
    if (!invitation) throw invitationNotFound();
    if (invitation.ownerId !== ownerId) throw invitationForbidden();
    return invitation;
  });
}

export function ownerPermissions(world: Deps, ownerId: string, id: string): MaybePromise<Permissions> {
  return whenReady(findOwnInvitation(world, ownerId, id), (invitation) =>
    loadPermissions(world, invitation.id, { forAgent: false }),
  );
}

/** The invitation as the owner's lists show it (after a decision or a revocation), by a prepared read. */
async function listEntryOf({ reads, config }: Deps, id: string): Promise<InvitationListEntry> {
  const row = await reads.lists.ownerInvitation(id);
  if (!row) throw invitationNotFound();
  return ownerListEntry(row, config.publicUrl);
}

/**
 * The web app upper-cases the id in the accept/decline call (docs/product-rules.md, Validation and Actions), so that call also
 * finds an invitation by its id in any case, or by its access code. Ids are lower case (cuid) and codes
 * upper case, so an exact id always wins.
 */
async function resolveDecisionId({ reads }: Pick<Deps, 'reads'>, raw: string): Promise<string> {
  const exact = (await reads.lists.parties(raw)) ?? (await reads.lists.parties(raw.toLowerCase()));
  if (exact) return exact.id;
  const code = normaliseAccessCode(raw);
  const found = code ? await reads.lists.partiesByCode(code) : undefined;
  return found?.id ?? raw;
}

/** The owner accepts (CLAIMED → ACCEPTED) or declines (CLAIMED → DECLINED) a company. */
export async function decideInvitation(
  world: Deps,
  ownerId: string,
  rawId: string,
  decision: 'accept' | 'decline',
) {
  const id = await resolveDecisionId(world, rawId);
  await transitionInvitation(world, {
    invitationId: id,
    event: decision,
    actor: { id: ownerId, role: 'user' },
    authorise: onlyBy('ownerId', ownerId, invitationForbidden),
  });
  return listEntryOf(world, id);
}

const revokeForbidden = () =>
  forbidden('REVOKE_FORBIDDEN', "You don't have permission to revoke this invitation.");

/** The owner deletes a link or removes a company; access ends at once. */
export async function revokeByOwner(world: Deps, ownerId: string, id: string) {
  await transitionInvitation(world, {
    invitationId: id,
    event: 'revokeByOwner',
    actor: { id: ownerId, role: 'user' },
    authorise: onlyBy('ownerId', ownerId, revokeForbidden),
  });
  return listEntryOf(world, id);
}
