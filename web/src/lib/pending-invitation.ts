import { readStored, removeStored, writeStored } from './browser-storage.ts';

/** An invitation code taken from a `/redeem/{code}` link, kept until an agent redeems it. */
const KEY = 'portal.pendingInvitationCode';

export function storePendingInvitationCode(code: string): void {
  writeStored(KEY, code);
}

export function readPendingInvitationCode(): string | null {
  return readStored(KEY);
}

export function clearPendingInvitationCode(): void {
  removeStored(KEY);
}
