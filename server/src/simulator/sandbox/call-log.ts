import type { components } from '@portal/contract/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalPrisma } from '../../db/client.ts';

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
export interface CallLog {
  record(owner: string, call: RecordedCall): void;
  list(owner: string): Promise<SimulationCall[]>;
  clear(owner: string): Promise<void>;
}

export function createCallLog(size = CALL_LOG_SIZE): CallLog {
  // Oldest first: appending is cheap; the list is read backwards.
  let entries: { owner: string; call: RecordedCall }[] = [];
  // A shared world hosts many sessions: keep enough that each still sees its own last calls.
  const kept = size * 10;
  return {
    record(owner: string, call: RecordedCall): void {
      entries.push({ owner, call });
      if (entries.length >= kept * 2) entries = entries.slice(-kept);
    },
    async list(owner: string): Promise<SimulationCall[]> {
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
    async clear(owner: string): Promise<void> {
      entries = entries.filter((entry) => entry.owner !== owner);
    },
  };
}

const describe = (call: RecordedCall): SimulationCall => (typeof call === 'function' ? call() : call);

/** How long recorded calls wait to be written together (one insert for many calls). */
const TEAM_FLUSH_MS = 25;
/** Rows kept in all: older ones are removed now and then. */
const TEAM_KEPT = CALL_LOG_SIZE * 100;

/**
 * The call list of a team (several instances on one PostgreSQL database): every instance writes the
 * calls it answers to `SimCall`, a few at a time shortly after answering them (never on the call's
 * own path), and a list reads them all, so it shows a developer's calls whichever instance served
 * them. A list or a clear first writes this instance's pending calls; another instance's are written
 * within about 25 ms of their answer.
 */
export function createTeamCallLog(
  prisma: PortalPrisma,
  log: FastifyBaseLogger,
  size = CALL_LOG_SIZE,
): CallLog {
  let pending: { owner: string; call: RecordedCall; at: Date }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writes = 0;

  const write = async (batch: typeof pending) => {
    const rows = batch.map(({ owner, call, at }) => ({ owner, at, call: JSON.stringify(describe(call)) }));
    await prisma.simCall.createMany({ data: rows });
    writes += 1;
    if (writes % 100 === 0) {
      const cut = await prisma.simCall.findFirst({
        orderBy: { id: 'desc' },
        skip: TEAM_KEPT,
        select: { id: true },
      });
      if (cut) await prisma.simCall.deleteMany({ where: { id: { lte: cut.id } } });
    }
  };
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length > 0) {
      writing = writing
        .then(() => write(batch))
        .catch((error: unknown) =>
          log.warn({ err: error, calls: batch.length }, 'recording simulator calls failed'),
        );
    }
    return writing;
  };
  return {
    record(owner, call) {
      pending.push({ owner, call, at: new Date() });
      if (!timer) {
        timer = setTimeout(() => void flush(), TEAM_FLUSH_MS);
        timer.unref();
      }
    },
    async list(owner) {
      await flush();
      const rows = await prisma.simCall.findMany({
        where: { owner },
        orderBy: [{ at: 'desc' }, { id: 'desc' }],
        take: size,
        select: { call: true },
      });
      return rows.map((row) => JSON.parse(row.call) as SimulationCall);
    },
    async clear(owner) {
      await flush();
      await prisma.simCall.deleteMany({ where: { owner } });
    },
  };
}
