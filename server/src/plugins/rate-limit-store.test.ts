// The shared rate-limit count is one upsert per hit in each engine's dialect: same counts, same windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createRateLimitCounter } from './rate-limit-store.ts';

const engines = ['sqlite', 'postgresql'] as const;
const databases = new Map<string, TestDatabase>();
beforeAll(async () => {
  for (const engine of engines) databases.set(engine, await createTestDatabase({ engine }));
});
afterAll(async () => {
  for (const db of databases.values()) await db.cleanup();
});

describe.each(engines)('rate-limit counts on %s', (engine) => {
  it('count hits in a window, start again after it, and keep keys apart', async () => {
    const db = databases.get(engine) as TestDatabase;
    let now = 1_000_000;
    const counter = createRateLimitCounter(db.prisma, () => now);
    expect(await counter.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await counter.hit('a', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(await counter.hit('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await counter.peek('a')).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000; // the window of `a` ends
    expect(await counter.peek('a')).toEqual({ current: 0, ttl: 0 });
    expect(await counter.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('count every one of many hits at once (one atomic statement each)', async () => {
    const db = databases.get(engine) as TestDatabase;
    const counter = createRateLimitCounter(db.prisma);
    const results = await Promise.all(Array.from({ length: 20 }, () => counter.hit('burst', 60_000)));
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });
});
