import type { components } from '@portal/contract/schema';

export type SimulationCall = components['schemas']['SimulationCall'];

/** How many calls each browser session keeps; older ones drop off. */
export const CALL_LOG_SIZE = 100;
/** Bodies are cut here: the panel shows what was exchanged, not whole exports. */
const BODY_LIMIT = 8_000;

/** Request and response bodies as the panel shows them: JSON text, cut to a readable size. */
export function bodyText(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? '(binary)' : JSON.stringify(body);
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (cut)` : text;
}

/**
 * A recorded call, or the step that makes it: its contract check, timestamp text, URL redaction and
 * body text run when the call list is read, once (a hot read records its call on every request).
 */
export type RecordedCall = SimulationCall | (() => SimulationCall);

/**
 * The last API calls of a world, newest first, each tagged with the browser session (or sandbox) that
 * made it, so the shared world shows every developer only their own calls. Calls are recorded on
 * every API request but read only when a panel or test asks, so describing each call (its contract
 * check above all) is deferred to then, and done once.
 */
export function createCallLog(size = CALL_LOG_SIZE) {
  // Oldest first: appending is cheap; the list is read backwards.
  let entries: { owner: string; call: RecordedCall }[] = [];
  // A shared world hosts many sessions: keep enough that each still sees its own last calls.
  const kept = size * 10;
  return {
    record(owner: string, call: RecordedCall): void {
      entries.push({ owner, call });
      if (entries.length >= kept * 2) entries = entries.slice(-kept);
    },
    list(owner: string): SimulationCall[] {
      const own: SimulationCall[] = [];
      for (let index = entries.length - 1; index >= 0 && index >= entries.length - kept; index -= 1) {
        const entry = entries[index] as (typeof entries)[number];
        if (entry.owner !== owner) continue;
        if (typeof entry.call === 'function') entry.call = entry.call();
        own.push(entry.call);
        if (own.length === size) break;
      }
      return own;
    },
    clear(owner: string): void {
      entries = entries.filter((entry) => entry.owner !== owner);
    },
  };
}

export type CallLog = ReturnType<typeof createCallLog>;
