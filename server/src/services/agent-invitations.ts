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
import { type CreateDownloadJobInput, createDownloadJob, type PeriodRow } from './download-jobs.ts';
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
 * user allowed them. The invitation (whose it is, its status), its products and their periods are read
 * in the transaction that creates the job, so a revoke or suspension that lands first wins; on SQLite's
 * write lane in one statement, which also gives the periods the job freezes.
 */
export async function createInvitationDownload(
  world: Deps & Pick<World, 'jobs'>,
  agentId: string,
  id: string,
) {
  const job = await createDownloadJob(world, {
    userId: agentId,
    onLane: (writer, now) => {
      const rows = writer.all<SharedRow>(SHARED_WITH_PERIODS_SQL, now, id);
      const first = rows[0];
      const products: SharedProduct[] = [];
      const periods: PeriodRow[] = [];
      for (const row of rows) {
        if (row.productId === null || row.productType === null || row.enabledAt === null) continue;
        if (products.at(-1)?.id !== row.productId) {
          products.push({
            id: row.productId,
            productType: row.productType as SharedProduct['productType'],
            includeSensitiveData: Number(row.includeSensitiveData) === 1,
          });
        }
        periods.push({
          productId: row.productId,
          enabledAt: new Date(row.enabledAt),
          disabledAt: row.disabledAt === null ? null : new Date(row.disabledAt),
        });
      }
      return { ...forSharing(claimedBy(first, agentId).status, agentId, id, products), periods };
    },
    onPrisma: async (tx, now) => {
      const invitation = claimedBy(await tx.invitation.findUnique({ where: { id } }), agentId);
      const shared = await tx.invitationProduct.findMany({
        where: { invitationId: id, product: { periods: { some: { enabledAt: { lt: now } } } } },
        include: { product: { select: { productType: true } } },
        orderBy: { productId: 'asc' },
      });
      return forSharing(
        invitation.status,
        agentId,
        id,
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

/** The invitation if it exists and this company claimed it (as findClaimedBy answers otherwise). */
function claimedBy<T extends { agentId: string | null; status: string }>(
  invitation: T | undefined | null,
  agentId: string,
): T {
  if (!invitation) throw invitationNotFound();
  if (invitation.agentId !== agentId) throw notYours();
  return invitation;
}

/** The job of a claimed sharing in the status read, or the refusal of a sharing that shares nothing now. */
function forSharing(
  status: string,
  agentId: string,
  id: string,
  shared: readonly SharedProduct[],
): CreateDownloadJobInput {
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
}

/**
 * A sharing's row with each shared product and each of its collection periods that began before `now`
 * (parameters: now, the invitation's id), by product then period: one row with empty product columns
 * when nothing is shared, none when the invitation does not exist. A product without such a period
 * collected nothing to export and is left out.
 */
const SHARED_WITH_PERIODS_SQL = `SELECT i."status", i."agentId", x."productId", p."productType", x."includeSensitiveData",
    c."enabledAt", c."disabledAt"
  FROM "Invitation" i
  LEFT JOIN "InvitationProduct" x ON x."invitationId" = i."id"
  LEFT JOIN "Product" p ON p."id" = x."productId"
  LEFT JOIN "CollectionPeriod" c ON c."productId" = x."productId" AND c."enabledAt" < ?
  WHERE i."id" = ?
  ORDER BY x."productId", c."enabledAt"`;

interface SharedRow {
  status: string;
  agentId: string | null;
  productId: string | null;
  productType: string | null;
  includeSensitiveData: number | bigint | null;
  enabledAt: string | null;
  disabledAt: string | null;
}
