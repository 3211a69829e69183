import { readlinkSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { type Database, openDatabase } from './client.ts';
import { SAFETY_NET_PAGES } from './sqlite-worker.ts';

// A world's SQLite database is checkpointed by a worker thread (decision 0118): the writer's COMMIT
// never copies the WAL into the database file itself below the safety net, yet the file receives the
// committed pages shortly after, and closing the world lets go of every handle on the file.
const sqlite = testEngine() === 'sqlite';

/** How many of this process's open files (every thread's) are the database file. */
async function handlesOn(path: string): Promise<number> {
  const target = statSync(path);
  let count = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    try {
      const linked = readlinkSync(`/proc/self/fd/${fd}`);
      const found = statSync(linked);
      if (found.ino === target.ino && found.dev === target.dev) count += 1;
    } catch {
      // Closed meanwhile, or not a file.
    }
  }
  return count;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(sqlite)('WAL checkpoints in the background (SQLite)', () => {
  let test: TestDatabase;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    await test?.cleanup();
  });

  it('copies committed pages into the database file without the writer checkpointing itself', async () => {
    test = await createTestDatabase();
    await test.prisma.$disconnect();
    database = openDatabase(test.url);
    const { prisma } = database;
    const [threshold] =
      await prisma.$queryRawUnsafe<{ wal_autocheckpoint: number }[]>('PRAGMA wal_autocheckpoint');
    expect(Number(threshold?.wal_autocheckpoint)).toBe(SAFETY_NET_PAGES);
    const before = statSync(test.path).size;
    // About 250 new pages: far below the safety net, so only the worker can have copied them.
    await prisma.loginAttempt.createMany({
      data: Array.from({ length: 1500 }, (_, i) => ({
        state: `state-${i}`,
        codeVerifier: 'x'.repeat(600),
        nonce: `nonce-${i}`,
        expiresAt: new Date(),
      })),
    });
    await until(() => statSync(test.path).size > before + 500_000);
  });

  it('lets go of the file when the world closes', async () => {
    test = await createTestDatabase();
    await test.prisma.$disconnect();
    database = openDatabase(test.url);
    await database.prisma.user.count();
    await until(() => true);
    const open = database;
    database = undefined;
    expect(await handlesOn(test.path)).toBeGreaterThan(0);
    await open.close();
    expect(await handlesOn(test.path)).toBe(0);
  });
});
