import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createPrisma, type PrismaClient } from './client.ts';

// Every Prisma client of one generated schema shares the schema's decoded parameter graph (decision
// 0132: server/scripts/prisma-generate.mjs patches the runtime at install). Before, each client decoded
// its own, about 2 MB of heap: team mode makes a client per sandbox an instance serves.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: true });
});
afterAll(() => db.cleanup());

const query = (prisma: PrismaClient) =>
  prisma.user.findMany({
    where: { email: { contains: '@' }, role: { in: ['user', 'agent', 'admin'] } },
    orderBy: { email: 'asc' },
    select: { email: true, role: true, _count: { select: { sessions: true } } },
    take: 5,
  });

describe('Prisma clients of one schema', () => {
  it('answer alike and add well under 1 MB of heap each', async () => {
    const first = createPrisma(db.url);
    const expected = await query(first);
    expect(expected.length).toBeGreaterThan(0);
    const clients: PrismaClient[] = [];
    const before = heapMb();
    try {
      for (let i = 0; i < 12; i += 1) {
        const prisma = createPrisma(db.url);
        clients.push(prisma);
        expect(await query(prisma)).toEqual(expected);
      }
      // A graph of their own made it about 2 MB each (1.9–2.5 MB measured on both engines).
      expect((heapMb() - before) / clients.length).toBeLessThan(1);
    } finally {
      await Promise.all([first, ...clients].map((prisma) => prisma.$disconnect()));
    }
  });
});
