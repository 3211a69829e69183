/** An invitation code taken from a `/redeem/{code}` link, kept until an agent redeems it. */
const KEY = 'portal.pendingInvitationCode';

export function storePendingInvitationCode(code: string): void {
  window.localStorage.setItem(KEY, code);
}

export function readPendingInvitationCode(): string | null {
  return window.localStorage.getItem(KEY);
}

export function clearPendingInvitationCode(): void {
  window.localStorage.removeItem(KEY);
}
