// @fastify/rate-limit's counts in the database, for team mode: every instance counts in the same row,
// so a limit of N is N in total, not N per instance (decision 0049). One atomic upsert per hit on both
// engines (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`): a new window starts at 1, a live one adds 1.
// One instance alone keeps @fastify/rate-limit's in-memory store (no write per limited request).
import type { PortalPrisma } from '../db/client.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired rows are deleted now and then (about every thousandth hit of an instance). */
const SWEEP_EVERY = 1000;

export interface RateLimitCounter {
  /** Counts one hit of `key` in a window of `windowMs`; answers the count and the window's remaining ms. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  /** The count of `key` in its live window, without counting (0 when none). */
  peek(key: string): Promise<{ current: number; ttl: number }>;
}

export function createRateLimitCounter(prisma: PortalPrisma, now: () => number = Date.now): RateLimitCounter {
  let hits = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      const resetAt = BigInt(at + windowMs);
      const rows = await prisma.$queryRaw<{ count: number | bigint; resetAt: number | bigint }[]>`
        INSERT INTO "RateLimitHit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
        ON CONFLICT ("key") DO UPDATE SET
          "count" = CASE WHEN "RateLimitHit"."resetAt" <= ${BigInt(at)} THEN 1 ELSE "RateLimitHit"."count" + 1 END,
          "resetAt" = CASE WHEN "RateLimitHit"."resetAt" <= ${BigInt(at)} THEN ${resetAt} ELSE "RateLimitHit"."resetAt" END
        RETURNING "count", "resetAt"`;
      hits += 1;
      if (hits % SWEEP_EVERY === 0) {
        await prisma.rateLimitHit.deleteMany({ where: { resetAt: { lte: BigInt(at) } } });
      }
      const row = rows[0];
      if (!row) throw new Error('the rate-limit upsert answered no row');
      return { current: Number(row.count), ttl: Math.max(0, Number(row.resetAt) - at) };
    },
    async peek(key) {
      const at = now();
      const row = await prisma.rateLimitHit.findUnique({ where: { key } });
      if (!row || Number(row.resetAt) <= at) return { current: 0, ttl: 0 };
      return { current: row.count, ttl: Number(row.resetAt) - at };
    },
  };
}

/** A store class for `@fastify/rate-limit`'s `store` option, counting in the database. */
export function databaseRateLimitStore(counter: RateLimitCounter) {
  return class DatabaseRateLimitStore {
    readonly timeWindow: number;
    constructor(options: { timeWindow?: number | string }) {
      this.timeWindow = Number(options.timeWindow ?? 60_000);
    }
    incr(key: string, callback: Callback, timeWindow?: number) {
      counter.hit(key, Number(timeWindow ?? this.timeWindow)).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback) {
      counter.peek(key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    /** A route's own store (its own window); the counter is shared. */
    child(routeOptions: object) {
      const { timeWindow } = routeOptions as { timeWindow?: number | string };
      return new DatabaseRateLimitStore({ timeWindow: timeWindow ?? this.timeWindow });
    }
  };
}
