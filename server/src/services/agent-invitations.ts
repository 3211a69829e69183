import { type ConnectedRow, type ConnectedTuple, isoFromStored } from '../db/connected-users.ts';
import type { PartiesRow } from '../db/list-reads.ts';
import { normaliseAccessCode } from '../domain/access-code.ts';
import {
  agentDataAccess,
  filterStatuses,
  type InvitationFilter,
  type InvitationStatus,
} from '../domain/invitation-lifecycle.ts';
import { type AppError, conflict, forbidden } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { type ListSource, mapRows, searchedSource, searchWords } from '../lib/paging.ts';
import type { World } from '../world.ts';
import { type CreateDownloadJobInput, createDownloadJob } from './download-jobs.ts';
import { invalidCode, invitationNotFound, onlyBy, transitionInvitation } from './invitation-transitions.ts';
import { type ConnectedInvitation, loadPermissions, type Permissions } from './invitation-views.ts';
import { type JobProductInput as SharedProduct, toApiDownloadJob } from './job-snapshot.ts';

type Deps = Pick<World, 'prisma' | 'reads' | 'clock' | 'config'>;

/** Only an approved (active) company may see or touch users' data. */
export function requireActiveAgent(
  { reads }: Pick<Deps, 'reads'>,
  agentId: string,
  /** When the caller's request arrived (`request.arrivedAt`). */
  arrivedAt?: number,
): MaybePromise<void> {
  return whenReady(reads.lists.agentStatus(agentId, arrivedAt), (status) => {
    if (status !== 'active') {
      throw forbidden('AGENT_NOT_ACTIVE', 'Your company registration has not been approved yet.');
    }
  });
}

/** The invitation as the company's connected users show it, by a prepared read. */
async function connectedOf({ reads }: Pick<Deps, 'reads'>, id: string): Promise<ConnectedInvitation> {
  const row = await reads.lists.connectedEntry(id);
  if (!row) throw invitationNotFound();
  return { ...row, createdAt: isoFromStored(row.createdAt), status: row.status as InvitationStatus };
}

/**
 * Claims a code for the company (CREATED → CLAIMED). Unknown, malformed, expired, used and revoked
 * codes all get the same answer. Of many companies redeeming one code at once exactly one wins: the
 * claim is a conditional write on status CREATED.
 */
export async function redeemCode(world: Deps, agentId: string, input: string): Promise<ConnectedInvitation> {
  const code = normaliseAccessCode(input);
  if (!code) throw invalidCode();
  const found = await world.reads.lists.partiesByCode(code);
  if (!found) throw invalidCode();
  await transitionInvitation(world, {
    invitationId: found.id,
    event: 'claim',
    actor: { id: agentId, role: 'agent' },
    missing: invalidCode,
    authorise: (invitation) => {
      if (new Date(invitation.expiresAt) <= world.clock.now()) throw invalidCode();
    },
    data: (now) => ({ agentId, claimedAt: now }),
  });
  return connectedOf(world, found.id);
}

const connectedItem = ({ invitationId, fullName, email, createdAt, status }: ConnectedRow) => ({
  invitationId,
  fullName,
  email,
  createdAt: isoFromStored(createdAt),
  status: status as InvitationStatus,
});
const connectedItems = new WeakMap<readonly ConnectedRow[], ConnectedInvitation[]>();

/**
 * The company's connected users: filter and search in the database, newest claim first, read by
 * prepared statements on one covering index (db/connected-users.ts, decision 0028).
 */
export function connectedSource(
  { reads: hot }: Pick<Deps, 'reads'>,
  agentId: string,
  filter: InvitationFilter,
  q?: string,
): ListSource<ConnectedRow, ConnectedInvitation> {
  const reads = hot.connected;
  const query = { agentId, statuses: filterStatuses(filter), words: searchWords(q) };
  return searchedSource(query.words, {
    fetch: (position, take, arrivedAt) => reads.page({ ...query, after: position, limit: take }, arrivedAt),
    count: (arrivedAt) => reads.count(query, arrivedAt),
    position: (row) => ({ at: new Date(row.claimedAt), id: row.invitationId }),
    toItem: connectedItem,
    items: connectedItems,
    // The whole list without a search: row by row as arrays, each serialised straight to JSON text.
    ...(q
      ? {}
      : {
          allJson: () => mapRows(reads.all(query), connectedJson),
        }),
  });
}

/** A row of the whole connected-users list as the item's JSON text. */
const connectedJson = ([invitationId, fullName, email, createdAt, status]: ConnectedTuple) =>
  `{"invitationId":${JSON.stringify(invitationId)},"fullName":${JSON.stringify(fullName)},"email":${JSON.stringify(email)},"createdAt":"${isoFromStored(createdAt)}","status":${JSON.stringify(status)}}`;

const notYours = () =>
  forbidden('INVITATION_FORBIDDEN', "You don't have permission to perform this action on this invitation.");

function findClaimedBy(
  { reads }: Pick<Deps, 'reads'>,
  agentId: string,
  id: string,
  foreign: () => AppError = notYours,
): MaybePromise<PartiesRow> {
  return whenReady(reads.lists.parties(id), (invitation) => {
    if (!invitation) throw invitationNotFound();
    if (invitation.agentId !== agentId) throw foreign();
    return invitation;
  });
}

/** Statuses in which a user still shares something with the company (pending, active, paused). */
const CONNECTED: ReadonlySet<InvitationStatus> = new Set(['CLAIMED', 'ACCEPTED', 'PAUSED_BY_ADMIN']);

/**
 * What the user shares with this company, minimised by the server. A declined or revoked connection
 * shares nothing, so its permissions are empty.
 */
export function agentPermissions(world: Deps, agentId: string, id: string): MaybePromise<Permissions> {
  return whenReady(findClaimedBy(world, agentId, id), (invitation) => {
    if (!CONNECTED.has(invitation.status as InvitationStatus)) return { vehicles: [], wallboxes: [] };
    return loadPermissions(world, invitation.id, { forAgent: true });
  });
}

const removeForbidden = () => forbidden('REVOKE_FORBIDDEN', "You don't have permission to remove this user.");

export async function revokeByAgent(world: Deps, agentId: string, id: string): Promise<ConnectedInvitation> {
  await transitionInvitation(world, {
    invitationId: id,
    event: 'revokeByAgent',
    actor: { id: agentId, role: 'agent' },
    authorise: onlyBy('agentId', agentId, removeForbidden),
    refusal: () =>
      conflict('INVALID_REVOKE_STATE', 'This connected user cannot be removed in its current state.'),
  });
  return connectedOf(world, id);
}

/**
 * Starts an INVITE export of a connected user's shared data. Only while the sharing is ACCEPTED;
 * it covers the shared products that have collection periods, with personal fields only where the
 * user allowed them. The status is read in the transaction that creates the job, so a revoke or
 * suspension that lands first wins.
 */
export async function createInvitationDownload(
  world: Deps & Pick<World, 'jobs'>,
  agentId: string,
  id: string,
) {
  await findClaimedBy(world, agentId, id);
  // Read in the job's transaction, which holds the company's exports lock for its limit.
  const forSharing = (status: string, shared: readonly SharedProduct[]): CreateDownloadJobInput => {
    const access = agentDataAccess(status as InvitationStatus);
    if (access === 'suspended') {
      throw conflict(
        'SHARING_SUSPENDED',
        'An administrator has paused this sharing. Downloads are not available.',
      );
    }
    if (access === 'none')
      throw conflict('INVALID_INVITATION_STATE', 'This user does not share data with you.');
    return { userId: agentId, type: 'INVITE', relatedId: id, products: shared };
  };
  const now = world.clock.now();
  const job = await createDownloadJob(world, {
    userId: agentId,
    onLane: (writer) =>
      forSharing(
        writer.get<{ status: string }>('SELECT "status" FROM "Invitation" WHERE "id" = ?', id)?.status ?? '',
        writer
          .all<{ id: string; productType: string; includeSensitiveData: number | bigint }>(
            `SELECT p."id", p."productType", x."includeSensitiveData" FROM "InvitationProduct" x
               JOIN "Product" p ON p."id" = x."productId"
              WHERE x."invitationId" = ?
                AND EXISTS (SELECT 1 FROM "CollectionPeriod" c WHERE c."productId" = p."id" AND c."enabledAt" < ?)
              ORDER BY p."id"`,
            id,
            now,
          )
          .map((row) => ({
            id: row.id,
            productType: row.productType as SharedProduct['productType'],
            includeSensitiveData: Number(row.includeSensitiveData) === 1,
          })),
      ),
    onPrisma: async (tx) => {
      const invitation = await tx.invitation.findUniqueOrThrow({ where: { id } });
      const shared = await tx.invitationProduct.findMany({
        where: { invitationId: id, product: { periods: { some: { enabledAt: { lt: now } } } } },
        include: { product: { select: { productType: true } } },
        orderBy: { productId: 'asc' },
      });
      return forSharing(
        invitation.status,
        shared.map((entry) => ({
          id: entry.productId,
          productType: entry.product.productType as SharedProduct['productType'],
          includeSensitiveData: entry.includeSensitiveData,
        })),
      );
    },
  });
  // After the commit: the runner would not see the job from inside the transaction.
  world.jobs.wake(job.runAt);
  return toApiDownloadJob(job);
}
