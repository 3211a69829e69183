import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../test/app.ts';
import { writeElsewhere } from '../../test/db.ts';

// The exports-per-user check reads one row the database's triggers keep (PendingExports), not a count of
// the jobs: whoever writes a job (the API, Prisma, another connection or process) moves it at once.
const t = useTestApp({ env: { EXPORTS_PER_USER: '2' } });

const OWNER = 'owner@example.com';
const create = () => t.call('POST', '/api/v1/products/prod-veh-1/download', OWNER);
const ownerId = async () => (await t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } })).id;
/** The kept count and the count of the jobs themselves, for every user. */
const counts = async () => {
  const kept = await t.prisma.pendingExports.findMany({ where: { count: { not: 0 } } });
  const jobs = await t.prisma.downloadJob.groupBy({
    by: ['userId'],
    where: { status: { in: ['CREATED', 'RUNNING'] } },
    _count: { _all: true },
  });
  return {
    kept: Object.fromEntries(kept.map((row) => [row.userId, row.count])),
    counted: Object.fromEntries(jobs.map((row) => [row.userId, row._count._all])),
  };
};
const expectKeptTrue = async () => {
  const { kept, counted } = await counts();
  expect(kept).toEqual(counted);
};

describe('the count of waiting and running downloads the cap reads', () => {
  it('follows jobs written through Prisma and by another connection, and their ends', async () => {
    const userId = await ownerId();
    await expectKeptTrue();
    await t.prisma.downloadJob.updateMany({ where: { userId }, data: { status: 'FAILED' } });
    await expectKeptTrue();

    // One job written by Prisma, one by another connection: the cap of 2 is reached.
    await t.prisma.downloadJob.create({
      data: {
        userId,
        type: 'PRODUCTS',
        status: 'CREATED',
        exportRequest: '{}',
        createdAt: new Date(),
        updatedAt: new Date(),
        runAt: new Date(),
      },
    });
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: `INSERT INTO "DownloadJob" ("id", "userId", "type", "status", "exportRequest", "createdAt", "updatedAt", "runAt")
                 VALUES (?, ?, 'PRODUCTS', 'RUNNING', '{}', 0, 0, 0)`,
        postgresql: `INSERT INTO "DownloadJob" ("id", "userId", "type", "status", "exportRequest", "createdAt", "updatedAt", "runAt")
                     VALUES ($1, $2, 'PRODUCTS', 'RUNNING', '{}', now(), now(), now())`,
      },
      ['job-elsewhere', userId],
    );
    await expectKeptTrue();
    expectError(await create(), 429, 'TOO_MANY_EXPORTS');

    // Another connection finishes one: room for one more, taken through the API.
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: `UPDATE "DownloadJob" SET "status" = 'COMPLETED' WHERE "id" = ?`,
        postgresql: `UPDATE "DownloadJob" SET "status" = 'COMPLETED' WHERE "id" = $1`,
      },
      ['job-elsewhere'],
    );
    expect((await create()).statusCode).toBe(201);
    expectError(await create(), 429, 'TOO_MANY_EXPORTS');
    await expectKeptTrue();

    // A status change among the pending ones moves nothing; a removal frees room.
    await t.prisma.downloadJob.updateMany({
      where: { userId, status: 'CREATED' },
      data: { status: 'RUNNING' },
    });
    await expectKeptTrue();
    const oldest = await t.prisma.downloadJob.findFirstOrThrow({ where: { userId, status: 'RUNNING' } });
    await t.prisma.downloadJob.delete({ where: { id: oldest.id } });
    await expectKeptTrue();
    expect((await create()).statusCode).toBe(201);
    await expectKeptTrue();
  });

  it("drops to nothing with the user's account (the jobs go with it)", async () => {
    const userId = await ownerId();
    expect((await counts()).kept[userId]).toBeGreaterThan(0);
    await t.prisma.user.delete({ where: { id: userId } });
    await expectKeptTrue();
    expect((await counts()).kept[userId]).toBeUndefined();
  });
});
