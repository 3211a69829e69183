import type { Schemas } from '../../lib/api/types.ts';
import { displayStatusOf } from '../../lib/invitation-status.ts';

export type InvitationEntry = Schemas['InvitationListEntry'];
export type RecipientsView = 'agents' | 'invitations';

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
