import type { components } from '@portal/contract/schema';
import { isoFromStored } from '../db/connected-users.ts';
import type { OwnerInvitationRow } from '../db/list-reads.ts';
import { formatAccessCode } from '../domain/access-code.ts';
import type { InvitationStatus } from '../domain/invitation-lifecycle.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { World } from '../world.ts';
import { toApiProduct } from './products.ts';

type Schemas = components['schemas'];
export type InvitationListEntry = Schemas['InvitationListEntry'];
export type ConnectedInvitation = Schemas['ConnectedInvitation'];
export type Permissions = Schemas['Permissions'];

/** What the owner's list entry needs: the claiming company's public profile. */
export const withAgentProfile = {
  agent: { select: { fullName: true, agentProfile: { select: { displayName: true, site: true } } } },
} satisfies Prisma.InvitationInclude;
export type InvitationWithAgent = Prisma.InvitationGetPayload<{ include: typeof withAgentProfile }>;

export const withOwner = {
  owner: { select: { fullName: true, email: true } },
} satisfies Prisma.InvitationInclude;
export type InvitationWithOwner = Prisma.InvitationGetPayload<{ include: typeof withOwner }>;

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

/** The same entry from an invitation Prisma read with its company (after a decision or a revocation). */
export function toListEntry(invitation: InvitationWithAgent, publicUrl: string): InvitationListEntry {
  const profile = invitation.agent?.agentProfile ?? null;
  return ownerListEntry(
    {
      id: invitation.id,
      agentId: invitation.agentId,
      code: invitation.code,
      status: invitation.status,
      createdAt: invitation.createdAt.toISOString(),
      statusChangedAt: invitation.statusChangedAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      agentFullName: invitation.agent?.fullName ?? null,
      agentDisplayName: profile?.displayName ?? null,
      agentSite: profile?.site ?? null,
    },
    publicUrl,
  );
}

/** The company's view of a connected user; `createdAt` is when the company redeemed the code. */
export function toConnectedInvitation(invitation: InvitationWithOwner): ConnectedInvitation {
  return {
    invitationId: invitation.id,
    fullName: invitation.owner.fullName,
    email: invitation.owner.email,
    createdAt: (invitation.claimedAt ?? invitation.createdAt).toISOString(),
    status: invitation.status as InvitationStatus,
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
export async function loadPermissions(
  { reads }: Pick<World, 'reads'>,
  invitationId: string,
  options: { forAgent: boolean },
): Promise<Permissions> {
  const permissions: Permissions = { vehicles: [], wallboxes: [] };
  for (const row of await reads.lists.permissions(invitationId)) {
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
