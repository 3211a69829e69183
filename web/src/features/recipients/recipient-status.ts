import type { AvatarStyle } from '../../components/ui/avatar.tsx';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import type { Schemas } from '../../lib/api/types.ts';

export type InvitationEntry = Schemas['InvitationListEntry'];
export type InvitationStatus = Schemas['InvitationStatus'];
export type InvitationFilter = Schemas['InvitationFilter'];
export type RecipientsView = 'agents' | 'invitations';

/** The status a card shows (spec section 4): the server status folded into five. */
export type DisplayStatus = 'active' | 'pending' | 'declined' | 'revoked' | 'paused';

export const FILTERS: readonly InvitationFilter[] = ['ALL', 'ACTIVE', 'PENDING', 'DECLINED', 'REVOKED'];

export function displayStatusOf(status: InvitationStatus): DisplayStatus {
  switch (status) {
    case 'CREATED':
    case 'ACCEPTED':
      return 'active';
    case 'CLAIMED':
      return 'pending';
    case 'DECLINED':
      return 'declined';
    case 'PAUSED_BY_ADMIN':
      return 'paused';
    case 'REVOKED_BEFORE_CLAIMED':
    case 'REVOKED_AFTER_CLAIMED':
    case 'REVOKED_AFTER_ACCEPTED':
      return 'revoked';
  }
}

const AVATAR: Record<DisplayStatus, AvatarStyle> = {
  active: 'normal',
  pending: 'dotted',
  declined: 'disabled',
  revoked: 'disabled',
  paused: 'mixed',
};

export function avatarStyleOf(status: DisplayStatus): AvatarStyle {
  return AVATAR[status];
}

export function badgeToneOf(status: DisplayStatus): BadgeTone {
  return status;
}

export type RecipientAction =
  | 'viewPermissions'
  | 'removeAgent'
  | 'copyLink'
  | 'deleteLink'
  | 'accept'
  | 'decline';

/** Menu actions by displayed status; a pending agent's Accept and Decline show inline on desktop. */
export function actionsFor(entry: InvitationEntry, inlineDecision: boolean): RecipientAction[] {
  const status = displayStatusOf(entry.status);
  if (entry.type === 'agent') {
    if (status === 'active') return ['viewPermissions', 'removeAgent'];
    if (status === 'pending')
      return inlineDecision ? ['viewPermissions'] : ['viewPermissions', 'accept', 'decline'];
    return [];
  }
  return status === 'active' ? ['copyLink', 'viewPermissions', 'deleteLink'] : [];
}

export type DateLabel =
  | { key: 'added' | 'removed' | 'declined' | 'suspended' | 'created' | 'expires' | 'deleted'; date: string }
  | { key: 'code'; code: string };

/**
 * Agents: date added (active), removed (revoked), declined, suspended (paused), or the code (pending).
 * Invitations: date created, plus date expires (active) or date deleted (revoked).
 */
export function dateLabelsOf(entry: InvitationEntry): DateLabel[] {
  const status = displayStatusOf(entry.status);
  const changed = entry.statusChangedAt;
  if (entry.type === 'agent') {
    switch (status) {
      case 'active':
        return [{ key: 'added', date: changed }];
      case 'revoked':
        return [{ key: 'removed', date: changed }];
      case 'declined':
        return [{ key: 'declined', date: changed }];
      case 'paused':
        return [{ key: 'suspended', date: changed }];
      case 'pending':
        return [{ key: 'code', code: entry.code }];
    }
  }
  const labels: DateLabel[] = [{ key: 'created', date: entry.createdAt }];
  if (status === 'active') labels.push({ key: 'expires', date: entry.expiresAt });
  if (status === 'revoked') labels.push({ key: 'deleted', date: changed });
  return labels;
}
