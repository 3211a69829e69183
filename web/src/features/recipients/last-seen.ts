import { useCallback, useRef } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage.ts';
import type { InvitationFilter } from '../../lib/invitation-status.ts';
import type { InvitationEntry, RecipientsView } from './recipient-status.ts';

/** Last time each view + filter was shown, as epoch ms, keyed `${view}:${filter}`. */
export type LastSeen = Record<string, number>;

const KEY_PREFIX = 'portal.recipients.lastSeen';

const storageKey = (userId: string | undefined) => (userId ? `${KEY_PREFIX}.${userId}` : KEY_PREFIX);
const slot = (view: RecipientsView, filter: InvitationFilter) => `${view}:${filter}`;

export function readLastSeen(userId: string | undefined): LastSeen {
  try {
    const parsed: unknown = JSON.parse(readStored(storageKey(userId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => typeof value === 'number'));
  } catch {
    return {};
  }
}

/**
 * Seen up to the newest change shown. Only server times are compared (never the browser's clock,
 * which may be skewed or differ from the simulation clock): any later change has a later server time.
 */
export function seenMark(entries: readonly InvitationEntry[], previous = 0): number {
  return Math.max(previous, ...entries.map((entry) => Date.parse(entry.statusChangedAt) || 0));
}

/**
 * Kept in a ref, not in state: marking what is on screen changes nothing on screen (only the other
 * tabs' badges read the marks, and choosing a tab renders anew). A state set from the first render's
 * effect re-rendered the whole page, every card, right after the hydration.
 */
export function useLastSeen(userId: string | undefined) {
  const lastSeen = useRef<LastSeen | null>(null);
  lastSeen.current ??= readLastSeen(userId);

  const markSeen = useCallback(
    (view: RecipientsView, filter: InvitationFilter, entries: readonly InvitationEntry[]) => {
      const current = lastSeen.current ?? {};
      const key = slot(view, filter);
      const mark = seenMark(entries, current[key]);
      if (mark === current[key] || mark === 0) return;
      lastSeen.current = { ...current, [key]: mark };
      writeStored(storageKey(userId), JSON.stringify(lastSeen.current));
    },
    [userId],
  );

  /** The newest change already shown in a view + filter (undefined: never shown). */
  const seenUpTo = (view: RecipientsView, filter: InvitationFilter): number | undefined =>
    lastSeen.current?.[slot(view, filter)];

  return { markSeen, seenUpTo };
}
