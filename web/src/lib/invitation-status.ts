// How a server status is shown and which filter shows it: one table, shared with the server's list
// filters (docs/product-rules.md, Statuses).
import { type DisplayStatus, displayStatusOf, INVITATION_FILTERS as FILTERS } from '@portal/contract/web-app';
import type { AvatarStyle } from '../components/ui/avatar.tsx';
import type { BadgeTone } from '../components/ui/badge.tsx';
import type { Schemas } from './api/types.ts';

export type InvitationStatus = Schemas['InvitationStatus'];
export type InvitationFilter = Schemas['InvitationFilter'];

export { type DisplayStatus, displayStatusOf, FILTERS };

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
