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

/** Spec section 8, accept/decline: the message for an error code, else the generic one. */
export function decisionErrorKey(code: ErrorCode | undefined, decision: 'accept' | 'decline'): Key {
  switch (code) {
    case 'INVALID_INVITATION_STATE':
      return 'recipients.errors.notPending';
    case 'INVITATION_NOT_FOUND':
      return 'recipients.errors.notFound';
    case 'INVITATION_FORBIDDEN':
      return 'recipients.errors.forbidden';
    default:
      return decision === 'accept' ? 'recipients.errors.accept' : 'recipients.errors.decline';
  }
}

/** Spec section 8, revoke (user side): the message for an error code, else the generic one per kind. */
export function revokeErrorKey(code: ErrorCode | undefined, kind: 'agent' | 'invitation'): Key {
  switch (code) {
    case 'INVITATION_NOT_FOUND':
      return 'recipients.errors.notFound';
    case 'REVOKE_FORBIDDEN':
      return 'recipients.errors.revokeForbidden';
    case 'INVALID_REVOKE_STATE':
      return 'recipients.errors.invalidRevokeState';
    default:
      return kind === 'agent' ? 'recipients.errors.revokeAgent' : 'recipients.errors.revokeInvitation';
  }
}
