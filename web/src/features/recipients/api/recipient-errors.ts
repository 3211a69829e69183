import type { ErrorCode } from '../../../lib/api/api-error.ts';

type Key =
  | 'recipients.errors.notPending'
  | 'recipients.errors.notFound'
  | 'recipients.errors.forbidden'
  | 'recipients.errors.revokeForbidden'
  | 'recipients.errors.invalidRevokeState'
  | 'recipients.errors.accept'
  | 'recipients.errors.decline'
  | 'recipients.errors.revokeAgent'
  | 'recipients.errors.revokeInvitation';

type KeysByCode = Partial<Record<ErrorCode, Key>>;

/** Spec section 8, accept/decline: the messages of particular error codes. */
const DECISION_ERRORS: KeysByCode = {
  INVALID_INVITATION_STATE: 'recipients.errors.notPending',
  INVITATION_NOT_FOUND: 'recipients.errors.notFound',
  INVITATION_FORBIDDEN: 'recipients.errors.forbidden',
};

/** Spec section 8, revoke (user side): the messages of particular error codes. */
const REVOKE_ERRORS: KeysByCode = {
  INVITATION_NOT_FOUND: 'recipients.errors.notFound',
  REVOKE_FORBIDDEN: 'recipients.errors.revokeForbidden',
  INVALID_REVOKE_STATE: 'recipients.errors.invalidRevokeState',
};

/** The message for an accept/decline error code, else the generic one of the decision. */
export function decisionErrorKey(code: ErrorCode | undefined, decision: 'accept' | 'decline'): Key {
  const generic = decision === 'accept' ? 'recipients.errors.accept' : 'recipients.errors.decline';
  return (code && DECISION_ERRORS[code]) || generic;
}

/** The message for a revoke error code, else the generic one per kind. */
export function revokeErrorKey(code: ErrorCode | undefined, kind: 'agent' | 'invitation'): Key {
  const generic = kind === 'agent' ? 'recipients.errors.revokeAgent' : 'recipients.errors.revokeInvitation';
  return (code && REVOKE_ERRORS[code]) || generic;
}
