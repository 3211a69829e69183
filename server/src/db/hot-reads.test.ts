import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';
import { databasePath } from './hot-reads.ts';

// Hot reads are remembered while SQLite's data_version is unchanged (decision 0030): every write,
// from this process or another, must be visible to the very next read.
const t = useTestApp();
const others: Database.Database[] = [];
afterAll(() => {
  for (const db of others) db.close();
});

const owner = () => t.prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
const listed = async () => {
  const response = await t.call('GET', '/api/v1/products', 'owner@example.com');
  expect(response.statusCode).toBe(200);
  const { vehicles, wallboxes } = response.json();
  return [...vehicles, ...wallboxes] as { id: string; dataCollectionEnabled: boolean }[];
};

describe('remembered hot reads', () => {
  it('show a write through Prisma on the very next request', async () => {
    const before = await listed();
    expect(await listed()).toEqual(before); // now answered from memory
    const product = before.find((item) => !item.dataCollectionEnabled);
    if (!product) throw new Error('the demo owner needs a product with collection off');
    await t.prisma.collectionPeriod.create({
      data: { productId: product.id, enabledAt: t.clock.now() },
    });
    const after = await listed();
    expect(after.find((item) => item.id === product.id)?.dataCollectionEnabled).toBe(true);

    await t.prisma.product.delete({ where: { id: product.id } });
    expect((await listed()).map((item) => item.id)).not.toContain(product.id);
  });

  it('show a write by another connection (another process) on the very next read', async () => {
    const { id } = await owner();
    const reads = t.app.portal.reads;
    const count = (await reads.ownProducts(id)).length;
    expect(await reads.ownProducts(id)).toHaveLength(count);
    const other = new Database(databasePath(t.databaseUrl));
    others.push(other);
    other.prepare('DELETE FROM Product WHERE ownerId = ?').run(id);
    expect(await reads.ownProducts(id)).toHaveLength(0);
  });

  it('end a session for the very next request when it is deleted or its user changes role', async () => {
    const browser = createBrowser(t);
    await signIn(browser, 'owner@example.com');
    expect((await browser.get('/api/v1/products')).status).toBe(200);
    expect((await browser.get('/api/v1/products')).status).toBe(200);

    const { id } = await owner();
    await t.prisma.user.update({ where: { id }, data: { role: 'agent' } });
    expect((await browser.get('/api/v1/products')).status).toBe(403);
    await t.prisma.user.update({ where: { id }, data: { role: 'user' } });
    expect((await browser.get('/api/v1/products')).status).toBe(200);

    await t.prisma.session.deleteMany({ where: { userId: id } });
    expect((await browser.get('/api/v1/products')).status).toBe(401);
  });
});
