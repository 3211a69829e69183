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
 * The last API calls of a world, newest first, each tagged with the browser session (or sandbox) that
 * made it, so the shared world shows every developer only their own calls.
 */
export function createCallLog(size = CALL_LOG_SIZE) {
  let entries: { owner: string; call: SimulationCall }[] = [];
  return {
    record(owner: string, call: SimulationCall): void {
      entries.unshift({ owner, call });
      // A shared world hosts many sessions: keep enough that each still sees its own last calls.
      if (entries.length > size * 10) entries = entries.slice(0, size * 10);
    },
    list(owner: string): SimulationCall[] {
      const own: SimulationCall[] = [];
      for (const entry of entries) {
        if (entry.owner !== owner) continue;
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
