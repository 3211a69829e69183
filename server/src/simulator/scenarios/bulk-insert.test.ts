import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { testEngine } from '../../../test/engine.ts';
import { DEFERRED_INDEX_ROWS, insertRows, type Row } from './bulk-insert.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

const created = new Date('2026-01-02T03:04:05.678Z');
const users = (count: number, prefix: string): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    email: `${prefix}.${i}@example.org`,
    fullName: `Person ${i}`,
    role: 'user',
    createdAt: created,
  }));
const products = (owners: readonly Row[], prefix: string): Row[] =>
  owners.map((owner, i) => ({
    id: `${prefix}-${i}`,
    ownerId: owner.id ?? null,
    productType: 'WALLBOX',
    externalId: `${prefix}-EXT-${i}`,
    name: 'Wallbox',
    createdAt: created,
  }));

/** Every index and constraint of the tables, as PostgreSQL describes them (empty on SQLite). */
async function catalog(): Promise<string[]> {
  if (t.engine !== 'postgresql') return [];
  const rows = await t.prisma.$queryRawUnsafe<{ definition: string }[]>(
    `SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema()
     UNION ALL
     SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
     ORDER BY 1`,
  );
  return rows.map((row) => row.definition);
}

describe(`insertRows (${testEngine()})`, () => {
  it('loads many rows and leaves every index and foreign key as the migrations made them', async () => {
    const before = await catalog();
    const owners = users(DEFERRED_INDEX_ROWS + 1, 'bulk-user');
    await t.prisma.$transaction(
      async (tx) => {
        await insertRows(tx, 'User', owners);
        await insertRows(tx, 'Product', products(owners, 'bulk-prod'));
      },
      { timeout: 60_000 },
    );
    expect(await catalog()).toEqual(before);
    expect(await t.prisma.user.count({ where: { id: { startsWith: 'bulk-user-' } } })).toBe(owners.length);
    const last = await t.prisma.product.findUniqueOrThrow({
      where: { externalId: `bulk-prod-EXT-${DEFERRED_INDEX_ROWS}` },
    });
    expect(last).toMatchObject({ ownerId: `bulk-user-${DEFERRED_INDEX_ROWS}`, createdAt: created });
    if (t.engine === 'postgresql') {
      // The re-created unique index and foreign key hold for the rows that come next.
      await expect(
        t.prisma.$executeRawUnsafe(
          `INSERT INTO "Product" ("id", "ownerId", "productType", "externalId", "createdAt") VALUES ('x', 'no-such-user', 'WALLBOX', 'x', now())`,
        ),
      ).rejects.toThrow(/foreign key/i);
    }
  }, 120_000);

  it('rolls back the whole load, indexes and keys included, when a row breaks a key', async () => {
    const before = await catalog();
    const owners = users(DEFERRED_INDEX_ROWS, 'rolled-user');
    const orphans = products([...owners, { id: 'no-such-user' }], 'rolled-prod');
    await expect(
      t.prisma.$transaction(
        async (tx) => {
          await insertRows(tx, 'User', owners);
          await insertRows(tx, 'Product', orphans);
        },
        { timeout: 60_000 },
      ),
    ).rejects.toThrow(/foreign key/i);
    expect(await catalog()).toEqual(before);
    expect(await t.prisma.user.count({ where: { id: { startsWith: 'rolled-user-' } } })).toBe(0);
  }, 120_000);
});
