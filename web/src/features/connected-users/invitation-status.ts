import type { AvatarStyle } from '../../components/ui/avatar.tsx';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import type { Schemas } from '../../lib/api/types.ts';

export type ConnectedInvitation = Schemas['ConnectedInvitation'];
export type InvitationStatus = Schemas['InvitationStatus'];
export type InvitationFilter = Schemas['InvitationFilter'];
export type DisplayStatus = 'active' | 'pending' | 'declined' | 'revoked' | 'paused';

export const FILTERS: readonly InvitationFilter[] = ['ALL', 'ACTIVE', 'PENDING', 'DECLINED', 'REVOKED'];

/** Spec section 4: how a server status is shown. */
export function displayStatus(status: InvitationStatus): DisplayStatus {
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

export const BADGE_TONE: Record<DisplayStatus, BadgeTone> = {
  active: 'active',
  pending: 'pending',
  declined: 'declined',
  revoked: 'revoked',
  paused: 'paused',
};

export const AVATAR_STYLE: Record<DisplayStatus, AvatarStyle> = {
  active: 'normal',
  pending: 'dotted',
  declined: 'disabled',
  revoked: 'disabled',
  paused: 'mixed',
};

/** View permissions and remove are offered for active and pending connected users. */
export function canManage(status: InvitationStatus): boolean {
  const shown = displayStatus(status);
  return shown === 'active' || shown === 'pending';
}
