import type { Schemas } from '../../lib/api/types.ts';
import { displayStatusOf, type InvitationStatus } from '../../lib/invitation-status.ts';

export type ConnectedInvitation = Schemas['ConnectedInvitation'];

/** View permissions and remove are offered for active and pending connected users. */
export function canManage(status: InvitationStatus): boolean {
  const shown = displayStatusOf(status);
  return shown === 'active' || shown === 'pending';
}
