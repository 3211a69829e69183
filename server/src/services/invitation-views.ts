import type { components } from '@portal/contract/schema';
import { isoFromStored } from '../db/connected-users.ts';
import type { OwnerInvitationRow, PermissionRow } from '../db/list-reads.ts';
import { formatAccessCode } from '../domain/access-code.ts';
import type { InvitationStatus } from '../domain/invitation-lifecycle.ts';
import { memoAnswer } from '../lib/frozen-answers.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import type { World } from '../world.ts';
import { toApiProduct } from './products.ts';

type Schemas = components['schemas'];
export type InvitationListEntry = Schemas['InvitationListEntry'];
export type ConnectedInvitation = Schemas['ConnectedInvitation'];
export type Permissions = Schemas['Permissions'];

export const invitationLink = (publicUrl: string, code: string) =>
  `${publicUrl}/redeem/${formatAccessCode(code)}`;

/** The owner's view: a data recipient (`agent`) once a company claimed it, an invitation link before. */
export function ownerListEntry(row: OwnerInvitationRow, publicUrl: string): InvitationListEntry {
  return {
    id: row.id,
    type: row.agentId ? 'agent' : 'invitation',
    displayName:
      row.agentFullName === null ? null : (row.agentDisplayName ?? row.agentFullName.slice(0, 100)),
    site: row.agentSite,
    code: formatAccessCode(row.code),
    link: invitationLink(publicUrl, row.code),
    status: row.status as InvitationStatus,
    createdAt: isoFromStored(row.createdAt),
    statusChangedAt: isoFromStored(row.statusChangedAt),
    expiresAt: isoFromStored(row.expiresAt),
  };
}

/** A vehicle's VIN shown to a company once collection is off: the first 3 characters, then stars. */
export const maskExternalId = (externalId: string) =>
  externalId.slice(0, 3) + '*'.repeat(Math.max(0, externalId.length - 3));

/**
 * The products an invitation shares, and nothing else, in one joined read (db/list-reads.ts). In a
 * company's view (`forAgent`) a vehicle whose collection is off has its VIN masked (data minimisation
 * is the server's job, not the screen's).
 */
export function loadPermissions(
  { reads }: Pick<World, 'reads'>,
  invitationId: string,
  options: { forAgent: boolean },
): MaybePromise<Permissions> {
  const answers = options.forAgent ? companyPermissions : ownerPermissionAnswers;
  return whenReady(reads.lists.permissions(invitationId), (rows) =>
    // Remembered rows (frozen, the same array until they change) give the same frozen answer.
    Object.isFrozen(rows)
      ? memoAnswer(answers, rows, (read) => permissionsOf(read, options))
      : permissionsOf(rows, options),
  );
}

const companyPermissions = new WeakMap<readonly PermissionRow[], Permissions>();
const ownerPermissionAnswers = new WeakMap<readonly PermissionRow[], Permissions>();

function permissionsOf(rows: readonly PermissionRow[], options: { forAgent: boolean }): Permissions {
  const permissions: Permissions = { vehicles: [], wallboxes: [] };
  for (const row of rows) {
    const on = row.enabled === 1;
    const product = toApiProduct(row, on);
    if (options.forAgent && !on && product.productType === 'VEHICLE') {
      product.externalId = maskExternalId(product.externalId);
    }
    const includeSensitiveData = row.includeSensitiveData === true || row.includeSensitiveData === 1;
    const item = { id: row.id, includeSensitiveData, product };
    (product.productType === 'VEHICLE' ? permissions.vehicles : permissions.wallboxes).push(item);
  }
  return permissions;
}
