import { hash as digest, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, HotReads, PortalPrisma } from '../db/client.ts';
import type { SessionRow } from '../db/hot-reads.ts';
import { writeRows } from '../db/row-writes.ts';
import type { Clock } from '../lib/clock.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';

/**
 * The SHA-256 of the tokens seen lately. A browser sends the same token with every request, and hashing
 * it again each time was about 7 % of a signed-in read's CPU (issue 23). A hash never changes, so there
 * is nothing to keep in step with the database; the map is bounded (emptied when full) and a signed-out
 * token leaves it. Node's one-shot hash otherwise: no Hash object per request (decision 0034).
 */
const recentHashes = new Map<string, string>();
const recentHashesMax = 1024;
function hash(token: string): string {
  let hashed = recentHashes.get(token);
  if (hashed === undefined) {
    if (recentHashes.size >= recentHashesMax) recentHashes.clear();
    hashed = digest('sha256', token, 'hex');
    recentHashes.set(token, hashed);
  }
  return hashed;
}
// Refreshing the idle expiry at most once a minute keeps reads cheap.
const touchEveryMs = 60_000;
/**
 * The refreshes under way, per database and session: the requests that read the session before its
 * refresh was visible (a burst from one browser) wait for the one refresh instead of each writing it.
 */
const refreshing = new WeakMap<object, Map<string, Promise<void>>>();

export interface SessionDeps {
  prisma: PortalPrisma;
  reads: HotReads;
  wallClock: Clock;
  config: Config;
}

/** Server-side sessions: the cookie holds a random token, the database only its SHA-256. */
export async function createSession(
  { prisma, wallClock, config }: Omit<SessionDeps, 'reads'>,
  userId: string,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = wallClock.now();
  const expiresAt = new Date(now.getTime() + config.session.absoluteHours * 3_600_000);
  const idleExpiresAt = new Date(now.getTime() + config.session.idleMinutes * 60_000);
  await writeRows(prisma, [
    {
      insert: 'Session',
      row: {
        id: hash(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        idleExpiresAt,
        userAgent: userAgent?.slice(0, 200) ?? null,
      },
    },
  ]);
  return { token, expiresAt };
}

export interface ResolvedSession {
  id: string;
  user: { id: string; email: string; role: string };
}

/**
 * The session of a cookie token with its user, or null when unknown or expired. Read on every
 * request, so through a prepared statement (db/hot-reads.ts) rather than Prisma; the writes (expiry,
 * idle refresh) are row steps (db/row-writes.ts). Answered at once, without a promise, when the row is
 * read at once (SQLite) and nothing needs writing (decision 0150).
 */
export function resolveSession(
  deps: SessionDeps,
  token: string,
  /** When the caller's request arrived (`request.arrivedAt`). */
  arrivedAt?: number,
): MaybePromise<ResolvedSession | null> {
  const id = hash(token);
  return whenReady(deps.reads.session(id, arrivedAt), (row) => checkedSession(deps, id, row));
}

function checkedSession(
  { prisma, wallClock, config }: SessionDeps,
  id: string,
  row: Readonly<SessionRow> | undefined,
): MaybePromise<ResolvedSession | null> {
  if (!row) return null;
  const now = wallClock.now().getTime();
  const expiresAt = Date.parse(row.expiresAt);
  if (expiresAt <= now || Date.parse(row.idleExpiresAt) <= now) {
    return writeRows(prisma, [{ remove: 'Session', where: { id } }]).then(() => null);
  }
  const session = { id: row.id, user: { id: row.userId, email: row.email, role: row.role } };
  if (now - Date.parse(row.lastSeenAt) <= touchEveryMs) return session;
  // The requests that read the row before its refresh was seen share one refresh.
  const refreshes = refreshing.get(prisma) ?? new Map<string, Promise<void>>();
  refreshing.set(prisma, refreshes);
  let refresh = refreshes.get(id);
  if (!refresh) {
    const idleExpiresAt = new Date(Math.min(now + config.session.idleMinutes * 60_000, expiresAt));
    refresh = writeRows(prisma, [
      { update: 'Session', where: { id }, set: { lastSeenAt: new Date(now), idleExpiresAt } },
    ]).finally(() => refreshes.delete(id));
    refreshes.set(id, refresh);
  }
  return refresh.then(() => session);
}

export async function destroySession({ prisma }: Pick<SessionDeps, 'prisma'>, token: string): Promise<void> {
  const id = hash(token);
  recentHashes.delete(token);
  await writeRows(prisma, [{ remove: 'Session', where: { id } }]);
}

/**
 * Before the simulated world is replaced: the session of `token`, to re-create in the new world (same
 * token, so the browser's cookie stays valid throughout) for the account with the same email. Run the
 * returned step inside the reset's transaction; it does nothing when the new world has no such account.
 */
export async function sessionCarryOver(
  { prisma }: Pick<SessionDeps, 'prisma'>,
  token: string,
): Promise<((db: Db) => Promise<void>) | undefined> {
  const session = await prisma.session.findUnique({
    where: { id: hash(token) },
    include: { user: { select: { email: true } } },
  });
  if (!session) return undefined;
  const { user, userId: _old, ...row } = session;
  return async (db) => {
    const account = await db.user.findUnique({ where: { email: user.email }, select: { id: true } });
    if (account) await db.session.create({ data: { ...row, userId: account.id } });
  };
}
