import type { PortalDeps } from '../deps.ts';
import { formatAccessCode, generateAccessCode, normaliseAccessCode } from '../domain/access-code.ts';
import { filterStatuses, type InvitationFilter } from '../domain/invitation-lifecycle.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/app-error.ts';
import { newestFirst, type Position, searchWhere } from '../lib/paging.ts';
import { sharingEventRow } from './audit.ts';
import { listOwnProducts } from './collection.ts';
import { invitationNotFound, onlyBy, transitionInvitation } from './invitation-transitions.ts';
import {
  type InvitationListEntry,
  type InvitationWithAgent,
  invitationLink,
  loadPermissions,
  toListEntry,
  withAgentProfile,
} from './invitation-views.ts';

/** How long an unclaimed code can be redeemed (docs/architecture.md). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const CODE_ATTEMPTS = 5;

type Deps = Pick<PortalDeps, 'prisma' | 'reads' | 'clock' | 'config'>;

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
  const own = new Map((await listOwnProducts(reads, ownerId)).map((entry) => [entry.row.id, entry]));
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

/** The invitation with its products and its CREATED audit entry, in one nested insert. */
async function insertInvitation(
  { prisma, clock }: Pick<Deps, 'prisma' | 'clock'>,
  ownerId: string,
  code: string,
  items: readonly ShareItem[],
): Promise<{ expiresAt: Date }> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await prisma.invitation.create({
    data: {
      ownerId,
      code,
      status: 'CREATED',
      createdAt: now,
      statusChangedAt: now,
      expiresAt,
      products: {
        create: items.map((item) => ({
          productId: item.productId,
          includeSensitiveData: item.includeSensitiveData,
        })),
      },
      events: { create: sharingEventRow({ type: 'CREATED', actor: { id: ownerId, role: 'user' }, at: now }) },
    },
    select: { id: true },
  });
  return { expiresAt };
}

/** The owner's invitations with an agent (`claimed`) or without (`unclaimed`), newest first. */
export function ownerInvitationsSource(
  { prisma, config }: Pick<Deps, 'prisma' | 'config'>,
  ownerId: string,
  claimed: boolean,
  filter: InvitationFilter,
  q?: string,
  /** Only entries whose status changed after this instant (ISO date-time): the unread badges. */
  changedAfter?: string,
) {
  const where: Prisma.InvitationWhereInput = {
    ownerId,
    agentId: claimed ? { not: null } : null,
    status: { in: [...filterStatuses(filter)] },
    ...(changedAfter === undefined ? {} : { statusChangedAt: { gt: new Date(changedAfter) } }),
    ...searchWhere<Prisma.InvitationWhereInput>(prisma, q, (word) => [
      { id: word },
      // Codes are stored normalised (upper case, no dashes): search them the way they are typed.
      { code: { contains: word.toUpperCase().replace(/-/g, '') } },
      { agent: { fullName: { contains: word } } },
      { agent: { agentProfile: { displayName: { contains: word } } } },
      { agent: { agentProfile: { site: { contains: word } } } },
    ]),
  };
  const order = newestFirst('createdAt', where);
  return {
    fetch: (position: Position | undefined, take: number) =>
      prisma.invitation.findMany({ ...order.rowsAfter(position, take), include: withAgentProfile }),
    count: () => prisma.invitation.count({ where }),
    position: order.position,
    toItem: (row: InvitationWithAgent) => toListEntry(row, config.publicUrl),
  };
}

/** The owner's invitation, or 404 / 403 INVITATION_FORBIDDEN when it is missing or someone else's. */
export async function findOwnInvitation({ prisma }: Pick<Deps, 'prisma'>, ownerId: string, id: string) {
  const invitation = await prisma.invitation.findUnique({ where: { id } });
  if (!invitation) throw invitationNotFound();
  if (invitation.ownerId !== ownerId) throw invitationForbidden();
  return invitation;
}

export async function ownerPermissions(deps: Deps, ownerId: string, id: string) {
  const invitation = await findOwnInvitation(deps, ownerId, id);
  return loadPermissions(deps.prisma, invitation, { forAgent: false });
}

async function listEntryOf({ prisma, config }: Deps, id: string): Promise<InvitationListEntry> {
  const invitation = await prisma.invitation.findUniqueOrThrow({ where: { id }, include: withAgentProfile });
  return toListEntry(invitation, config.publicUrl);
}

/**
 * The web app upper-cases the id in the accept/decline call (docs/product-rules.md, Validation and Actions), so that call also
 * finds an invitation by its id in any case, or by its access code. Ids are lower case (cuid) and codes
 * upper case, so an exact id always wins.
 */
async function resolveDecisionId({ prisma }: Pick<Deps, 'prisma'>, raw: string): Promise<string> {
  const exact = await prisma.invitation.findUnique({ where: { id: raw }, select: { id: true } });
  if (exact) return exact.id;
  const code = normaliseAccessCode(raw);
  const found = await prisma.invitation.findFirst({
    where: { OR: [{ id: raw.toLowerCase() }, ...(code ? [{ code }] : [])] },
    select: { id: true },
  });
  return found?.id ?? raw;
}

/** The owner accepts (CLAIMED → ACCEPTED) or declines (CLAIMED → DECLINED) a company. */
export async function decideInvitation(
  deps: Deps,
  ownerId: string,
  rawId: string,
  decision: 'accept' | 'decline',
) {
  const id = await resolveDecisionId(deps, rawId);
  await transitionInvitation(deps, {
    invitationId: id,
    event: decision,
    actor: { id: ownerId, role: 'user' },
    authorise: onlyBy('ownerId', ownerId, invitationForbidden),
  });
  return listEntryOf(deps, id);
}

const revokeForbidden = () =>
  forbidden('REVOKE_FORBIDDEN', "You don't have permission to revoke this invitation.");

/** The owner deletes a link or removes a company; access ends at once. */
export async function revokeByOwner(deps: Deps, ownerId: string, id: string) {
  await transitionInvitation(deps, {
    invitationId: id,
    event: 'revokeByOwner',
    actor: { id: ownerId, role: 'user' },
    authorise: onlyBy('ownerId', ownerId, revokeForbidden),
  });
  return listEntryOf(deps, id);
}
