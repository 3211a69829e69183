import { describe, expect, it } from 'vitest';
import { expectError, runDownloadJobs, useTestApp } from '../../test/app.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';

// One user's flood of exports: capped per user (429 with Retry-After) and served round-robin.
const t = useTestApp({ env: { EXPORTS_PER_USER: '3' } });

const OWNER = 'owner@example.com';
const SECOND = 'second@example.com';
const create = (who: string, productId: string) =>
  t.call('POST', `/api/v1/products/${productId}/download`, who);

describe('the per-user cap on downloads being prepared', () => {
  it('answers 429 TOO_MANY_EXPORTS with Retry-After once the cap is reached, and accepts again later', async () => {
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } });
    const pending = await t.prisma.downloadJob.count({
      where: { userId: owner.id, status: { in: ['CREATED', 'RUNNING'] } },
    });
    for (let i = pending; i < 3; i += 1) expect((await create(OWNER, 'prod-veh-1')).statusCode).toBe(201);

    const refused = await create(OWNER, 'prod-veh-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({
      errors: [
        {
          code: 'TOO_MANY_EXPORTS',
          message:
            'You already have 3 downloads being prepared. Please wait until one of them is ready, then try again.',
        },
      ],
    });
    expectError(await t.call('POST', '/api/v1/products/download', OWNER), 429, 'TOO_MANY_EXPORTS');
    // Another user is not affected by the owner's queue.
    const other = await create(SECOND, 'prod-veh-4');
    expect(other.statusCode).toBe(201);

    // Once one of them is done (finished or failed), the owner may start another.
    const oldest = await t.prisma.downloadJob.findFirstOrThrow({
      where: { userId: owner.id, status: { in: ['CREATED', 'RUNNING'] } },
    });
    await t.prisma.downloadJob.update({ where: { id: oldest.id }, data: { status: 'FAILED' } });
    expect((await create(OWNER, 'prod-veh-1')).statusCode).toBe(201);
  });
});

describe('sharing the job worker between users', () => {
  it("builds another user's single export right after the flooding user's first one", async () => {
    // Whatever the previous test left is out of the way.
    await t.prisma.downloadJob.updateMany({
      where: { status: { in: ['CREATED', 'RUNNING'] } },
      data: { status: 'FAILED' },
    });
    const order: DownloadJob[] = [];
    t.app.portal.jobs.onCompleted(async (job) => {
      order.push(job);
    });
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } });
    const second = await t.prisma.user.findUniqueOrThrow({ where: { email: SECOND } });
    for (let i = 0; i < 3; i += 1) expect((await create(OWNER, 'prod-veh-1')).statusCode).toBe(201);
    expect((await create(SECOND, 'prod-veh-4')).statusCode).toBe(201);

    // All four start together (2 s), then become due together (5 s later).
    await runDownloadJobs(t);
    const users = order.map((job) => job.userId);
    expect(users).toHaveLength(4);
    // Whoever goes first, the second user's only job is never behind more than one of the owner's.
    expect(users.indexOf(second.id)).toBeLessThanOrEqual(1);
    expect(users.filter((id) => id === owner.id)).toHaveLength(3);
  }, 60_000);
});
