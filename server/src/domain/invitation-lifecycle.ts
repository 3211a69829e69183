// The invitation state machine as data. Every status change in the server goes through
// `transition`, so an illegal state cannot be written (docs/architecture.md, 'The invitation lifecycle').

import { filterShows } from '@portal/contract/web-app';

export const INVITATION_STATUSES = [
  'CREATED',
  'CLAIMED',
  'ACCEPTED',
  'DECLINED',
  'REVOKED_BEFORE_CLAIMED',
  'REVOKED_AFTER_CLAIMED',
  'REVOKED_AFTER_ACCEPTED',
  'PAUSED_BY_ADMIN',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_ACTIONS = [
  'claim',
  'accept',
  'decline',
  'revokeByOwner',
  'revokeByAgent',
  'suspend',
  'resume',
] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

export type TransitionErrorCode =
  | 'INVALID_CODE'
  | 'INVALID_INVITATION_STATE'
  | 'INVALID_REVOKE_STATE'
  | 'INVALID_SHARING_STATE';

/** Types of the audit trail entries (SharingEvent.type in the contract). */
export type SharingEventType =
  | 'CREATED'
  | 'CLAIMED'
  | 'ACCEPTED'
  | 'DECLINED'
  | 'REVOKED'
  | 'PAUSED'
  | 'RESUMED'
  | 'DATA_DOWNLOADED';

export type ActorRole = 'user' | 'agent' | 'admin' | 'system';

export type TransitionResult =
  | { ok: true; next: InvitationStatus; eventType: SharingEventType; actorRole: ActorRole }
  | { ok: false; code: TransitionErrorCode };

interface ActionRule {
  actorRole: ActorRole;
  eventType: SharingEventType;
  /** The code answered when the event is not allowed from the current status. */
  refusal: TransitionErrorCode;
  from: Partial<Record<InvitationStatus, InvitationStatus>>;
}

const actionRule = (
  actorRole: ActorRole,
  eventType: SharingEventType,
  refusal: TransitionErrorCode,
  from: ActionRule['from'],
): ActionRule => ({ actorRole, eventType, refusal, from });

/** Once a company has claimed the code, either side's revocation ends it the same way. */
const revokedOnceClaimed = {
  CLAIMED: 'REVOKED_AFTER_CLAIMED',
  ACCEPTED: 'REVOKED_AFTER_ACCEPTED',
  PAUSED_BY_ADMIN: 'REVOKED_AFTER_ACCEPTED',
} as const;

export const TRANSITIONS: Readonly<Record<InvitationAction, ActionRule>> = {
  // A used or revoked code answers exactly like a wrong one.
  claim: actionRule('agent', 'CLAIMED', 'INVALID_CODE', { CREATED: 'CLAIMED' }),
  accept: actionRule('user', 'ACCEPTED', 'INVALID_INVITATION_STATE', { CLAIMED: 'ACCEPTED' }),
  decline: actionRule('user', 'DECLINED', 'INVALID_INVITATION_STATE', { CLAIMED: 'DECLINED' }),
  revokeByOwner: actionRule('user', 'REVOKED', 'INVALID_REVOKE_STATE', {
    CREATED: 'REVOKED_BEFORE_CLAIMED',
    ...revokedOnceClaimed,
  }),
  // An agent has nothing to revoke before it has claimed the code.
  revokeByAgent: actionRule('agent', 'REVOKED', 'INVALID_REVOKE_STATE', revokedOnceClaimed),
  suspend: actionRule('admin', 'PAUSED', 'INVALID_SHARING_STATE', { ACCEPTED: 'PAUSED_BY_ADMIN' }),
  resume: actionRule('admin', 'RESUMED', 'INVALID_SHARING_STATE', { PAUSED_BY_ADMIN: 'ACCEPTED' }),
};

export function transition(status: InvitationStatus, event: InvitationAction): TransitionResult {
  const rule = TRANSITIONS[event];
  const next = rule.from[status];
  if (next === undefined) return { ok: false, code: rule.refusal };
  return { ok: true, next, eventType: rule.eventType, actorRole: rule.actorRole };
}

export function canTransition(status: InvitationStatus, event: InvitationAction): boolean {
  return TRANSITIONS[event].from[status] !== undefined;
}

export function allowedActions(status: InvitationStatus): InvitationAction[] {
  return INVITATION_ACTIONS.filter((event) => canTransition(status, event));
}

export const INVITATION_FILTERS = ['ALL', 'ACTIVE', 'DECLINED', 'PENDING', 'REVOKED'] as const;
export type InvitationFilter = (typeof INVITATION_FILTERS)[number];

/**
 * The server statuses a list filter selects: those the screens show as the filter's status (one table,
 * @portal/contract/web-app, shared with the web app; a paused sharing appears only under ALL).
 */
export function filterStatuses(filter: InvitationFilter): readonly InvitationStatus[] {
  return INVITATION_STATUSES.filter((status) => filterShows(filter, status));
}

/** Whether an agent may read the shared data now: only while the sharing is accepted. */
export type AgentDataAccess = 'granted' | 'suspended' | 'none';

export function agentDataAccess(status: InvitationStatus): AgentDataAccess {
  if (status === 'ACCEPTED') return 'granted';
  if (status === 'PAUSED_BY_ADMIN') return 'suspended';
  return 'none';
}
