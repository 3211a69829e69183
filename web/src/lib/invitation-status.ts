import type { AvatarStyle } from '../components/ui/avatar.tsx';
import type { BadgeTone } from '../components/ui/badge.tsx';
import type { Schemas } from './api/types.ts';

export type InvitationStatus = Schemas['InvitationStatus'];
export type InvitationFilter = Schemas['InvitationFilter'];

/** The status a card shows (docs/product-rules.md, Statuses): the server status folded into five. */
export type DisplayStatus = 'active' | 'pending' | 'declined' | 'revoked' | 'paused';

export const FILTERS: readonly InvitationFilter[] = ['ALL', 'ACTIVE', 'PENDING', 'DECLINED', 'REVOKED'];

export function isFilter(value: string): value is InvitationFilter {
  return (FILTERS as readonly string[]).includes(value);
}

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

/** Avatar style by displayed status: normal, dotted (pending), grey (declined, revoked), mixed (paused). */
export function avatarStyleOf(status: DisplayStatus): AvatarStyle {
  return AVATAR[status];
}

/** Badge colours: active green, declined and revoked red, paused grey, pending warning. */
export function badgeToneOf(status: DisplayStatus): BadgeTone {
  return status;
}
