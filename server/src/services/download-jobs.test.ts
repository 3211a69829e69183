import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { PENDING_EXPORTS_SQL } from './download-jobs.ts';

// The exports-per-user check runs in every download's creation: it must not read a user's finished jobs
// (kept after their files expire) nor more waiting jobs than the cap.
describe.skipIf(testEngine() !== 'sqlite')('the exports-per-user count (SQLite)', () => {
  let db: TestDatabase;
  let sqlite: Database.Database;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
    sqlite = new Database(db.path);
  });
  afterAll(async () => {
    sqlite?.close();
    await db?.cleanup();
  });

  it('reads the index of (userId, status) alone, never the jobs themselves', () => {
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${PENDING_EXPORTS_SQL}`).all('user-owner', 5) as {
      detail: string;
    }[];
    expect(plan.map(({ detail }) => detail)).toContain(
      'SEARCH DownloadJob USING COVERING INDEX DownloadJob_userId_status_idx (userId=? AND status=?)',
    );
  });

  it('stops at the cap: 3 waiting jobs count as 2 under a cap of 2, finished ones not at all', () => {
    const insert = sqlite.prepare(
      `INSERT INTO "DownloadJob" ("id", "userId", "type", "status", "exportRequest", "createdAt", "updatedAt", "runAt")
       VALUES (?, 'user-owner', 'PRODUCTS', ?, '{}', 0, 0, 0)`,
    );
    const before = (sqlite.prepare(PENDING_EXPORTS_SQL).get('user-owner', 1000) as { n: number }).n;
    for (const [id, status] of [
      ['count-a', 'CREATED'],
      ['count-b', 'RUNNING'],
      ['count-c', 'CREATED'],
      ['count-d', 'COMPLETED'],
      ['count-e', 'FAILED'],
    ])
      insert.run(id, status);
    const count = (cap: number) =>
      (sqlite.prepare(PENDING_EXPORTS_SQL).get('user-owner', cap) as { n: number }).n;
    expect(count(1000)).toBe(before + 3);
    expect(count(2)).toBe(2);
  });
});
