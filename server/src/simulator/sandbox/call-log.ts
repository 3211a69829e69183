import { randomUUID } from 'node:crypto';
import type { components } from '@portal/contract/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalPrisma } from '../../db/client.ts';
import {
  LISTENER_NAME,
  listenToTeam,
  notifyTeam,
  type TeamListener,
  type TeamMessage,
} from '../../db/team-signal.ts';
import { memoAnswer } from '../../lib/frozen-answers.ts';

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

/** The calls kept in this process: `take` hands an owner's over (described) and forgets them here. */
export function createCallLog(
  size = CALL_LOG_SIZE,
): CallLog & { take(owner: string): SimulationCall[]; owners(): Set<string> } {
  // Oldest first: appending is cheap; the list is read backwards.
  let entries: { owner: string; call: RecordedCall }[] = [];
  // A shared world hosts many sessions: keep enough that each still sees its own last calls.
  const kept = size * 10;
  const list = (owner: string): SimulationCall[] => {
    const own: SimulationCall[] = [];
    for (let index = entries.length - 1; index >= 0 && index >= entries.length - kept; index -= 1) {
      const entry = entries[index] as (typeof entries)[number];
      if (entry.owner !== owner) continue;
      if (typeof entry.call === 'function') entry.call = entry.call();
      own.push(entry.call);
      if (own.length === size) break;
    }
    return own;
  };
  // An owner's list changes only when a call of theirs is recorded or cleared (trimming drops entries
  // older than any list reads): until then the same frozen list is answered, so it is checked and
  // serialised once (lib/frozen-answers.ts), as a panel polling its calls asks again and again.
  // `versions` holds the owners whose list was read since their last change (a new owner's record costs
  // a lookup only).
  const versions = new Map<string, object>();
  const answers = new WeakMap<object, SimulationCall[]>();
  const changed = (owner: string) => {
    versions.delete(owner);
  };
  const remembered = (owner: string): SimulationCall[] => {
    let version = versions.get(owner);
    if (!version) {
      if (versions.size >= kept) versions.clear();
      version = {};
      versions.set(owner, version);
    }
    return memoAnswer(answers, version, () => list(owner));
  };
  const clear = (owner: string) => {
    entries = entries.filter((entry) => entry.owner !== owner);
    changed(owner);
  };
  return {
    record(owner: string, call: RecordedCall): void {
      entries.push({ owner, call });
      changed(owner);
      if (entries.length >= kept * 2) entries = entries.slice(-kept);
    },
    list: async (owner) => remembered(owner),
    clear: async (owner) => clear(owner),
    take(owner) {
      const own = list(owner);
      clear(owner);
      return own;
    },
    owners: () => new Set(entries.map((entry) => entry.owner)),
  };
}

/** Rows kept in all: older ones are removed now and then. */
const TEAM_KEPT = CALL_LOG_SIZE * 100;
/** How long a list waits for the other instances' calls (one that has not answered by then is left out). */
const GATHER_MS = 1_000;
/** Team signal messages: an instance wants an owner's calls written; an instance has written them. */
const CALLS_WANTED = 'calls-wanted';
const CALLS_WRITTEN = 'calls-written';

/**
 * The call list of a team (several instances on one PostgreSQL database). Each instance keeps the calls
 * it answers in memory, as one instance does (nothing on the call's path but a closure); a list or a
 * clear through any instance first gathers the owner's calls from every instance listening on the
 * world's database: it asks on the team signal, each instance writes its calls of that owner to
 * `SimCall` and answers, and the list reads them all from there. An instance that does not answer within
 * GATHER_MS (stuck, or its listening connection down) is left out of that list. A stop (a rolling
 * restart) writes every call not gathered yet to the table first; an instance killed outright loses them.
 */
export function createTeamCallLog(
  prisma: PortalPrisma,
  databaseUrl: string,
  log: FastifyBaseLogger,
  size = CALL_LOG_SIZE,
): CallLog & { start(): Promise<void>; close(): Promise<void> } {
  const local = createCallLog(size);
  /** Lists of this instance waiting for the others' answers, by request. */
  const waiting = new Map<string, () => void>();
  let listener: TeamListener | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writes = 0;

  /** Writes this instance's calls of `owner` to the table (one at a time). */
  const writeOwn = (owner: string): Promise<void> => {
    writing = writing
      .then(async () => {
        const calls = local.take(owner);
        if (calls.length === 0) return;
        const rows = calls.map((call) => ({ owner, at: new Date(call.at), call: JSON.stringify(call) }));
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
      })
      .catch((error: unknown) => log.warn({ err: error, owner }, 'writing simulator calls failed'));
    return writing;
  };

  const onMessage = (message: TeamMessage) => {
    if (message.kind === CALLS_WRITTEN && typeof message.request === 'string') {
      waiting.get(message.request)?.();
      return;
    }
    if (message.kind !== CALLS_WANTED || typeof message.owner !== 'string') return;
    const { owner, request } = message;
    void writeOwn(owner).then(() => {
      // Our own request comes back to us too (it is sent to every listener, this one included).
      const own = waiting.get(String(request));
      if (own) own();
      else
        notifyTeam(prisma, { kind: CALLS_WRITTEN, request }).catch((error: unknown) =>
          log.warn({ err: error }, 'answering a call list request failed'),
        );
    });
  };

  /** Every listening instance's calls of `owner` written to the table (or GATHER_MS passed). */
  async function gather(owner: string): Promise<void> {
    const request = randomUUID();
    // Every instance listening on the world's database, this one included while its connection is up.
    const [{ listening = 0 } = {}] = await prisma.$queryRaw<{ listening: number }[]>`
      SELECT count(*)::int AS listening FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`;
    const answered = new Promise<void>((resolve) => {
      let left = listening;
      const done = () => {
        clearTimeout(timer);
        waiting.delete(request);
        resolve();
      };
      const timer = setTimeout(done, GATHER_MS);
      waiting.set(request, () => {
        left -= 1;
        if (left <= 0) done();
      });
      if (left <= 0) done();
    });
    await notifyTeam(prisma, { kind: CALLS_WANTED, owner, request }, { self: true });
    // Written here whether or not this instance's own listener hears the request.
    await writeOwn(owner);
    await answered;
  }

  return {
    record: (owner, call) => local.record(owner, call),
    async list(owner) {
      await gather(owner);
      const rows = await prisma.simCall.findMany({
        where: { owner },
        orderBy: [{ at: 'desc' }, { id: 'desc' }],
        take: size,
        select: { call: true },
      });
      return rows.map((row) => JSON.parse(row.call) as SimulationCall);
    },
    async clear(owner) {
      await gather(owner);
      await prisma.simCall.deleteMany({ where: { owner } });
    },
    async start() {
      listener ??= listenToTeam(databaseUrl, {
        onMessage,
        onConnected: async () => undefined,
        // The clock's listener on the same connection logs the losses.
        onError: () => undefined,
      });
      await listener.ready;
    },
    async close() {
      await listener?.close();
      listener = undefined;
      for (const owner of local.owners()) void writeOwn(owner);
      await writing;
    },
  };
}
