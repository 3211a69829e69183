// Check-then-write transactions (a limit counted before a row is added, a state read before it changes)
// must not interleave with another call doing the same. SQLite runs one write transaction at a time, and
// the client runs one transaction at a time on its connection, so nothing more is needed there. On
// PostgreSQL (several connections, several instances, READ COMMITTED) the transaction first takes an
// advisory lock named for what it checks; it is released when the transaction ends. A lock held
// elsewhere for longer than LOCK_WAIT fails the call (lock_not_available, answered 503 with
// Retry-After, db/unavailable.ts) rather than letting calls queue behind it for ever.
import { type Db, engineOfClient } from './client.ts';

/** What a lock guards: one user's registration documents, one product's collection, one user's exports. */
export type LockName = `registration:${string}` | `collection:${string}` | `exports:${string}`;

/** How long a transaction waits for a lock (this one, or a row's) before it gives up: Prisma's `maxWait`. */
const LOCK_WAIT = '2s';

/** Holds `name` until the surrounding transaction ends (PostgreSQL; SQLite needs no lock). */
export async function holdLock(tx: Db, name: LockName): Promise<void> {
  if (engineOfClient(tx) !== 'postgresql') return;
  // One round trip: the transaction's lock_timeout is set (FROM first), then the lock is taken.
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT set_config('lock_timeout', ${LOCK_WAIT}, true)) AS wait,
    LATERAL (SELECT pg_advisory_xact_lock(hashtext(${name}))) AS l`;
}
