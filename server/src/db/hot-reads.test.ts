import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';
import { writeElsewhere } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { databasePath } from './hot-reads.ts';
import { CHANGES_TABLE } from './sqlite-changes.ts';

// Hot reads are remembered while SQLite's data_version is unchanged (decision 0030): every write,
// from this process or another, must be visible to the very next read. On PostgreSQL the same holds
// (another process is another instance of a team).
const t = useTestApp();

const owner = () => t.prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
const listed = async () => {
  const response = await t.call('GET', '/api/v1/products', 'owner@example.com');
  expect(response.statusCode).toBe(200);
  const { vehicles, wallboxes } = response.json();
  return [...vehicles, ...wallboxes] as { id: string; dataCollectionEnabled: boolean }[];
};

describe('remembered hot reads', () => {
  it('keep what they remember across writes to tables they do not read, and drop it on one they do', async () => {
    const { id } = await owner();
    const reads = t.app.portal.reads;
    const remembered = await reads.ownProducts(id);
    expect(await reads.ownProducts(id)).toBe(remembered);
    const product = remembered.find((row) => row.enabled === 1) ?? remembered[0];
    if (!product) throw new Error('the demo owner needs a product');
    // An invitation (a write through the API) touches no table a remembered read reads.
    const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: product.id, includeSensitiveData: false },
    ]);
    expect(created.statusCode).toBe(201);
    expect(await reads.ownProducts(id)).toBe(remembered);
    // A product renamed by another connection is one.
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'UPDATE Product SET name = ? WHERE id = ?',
        postgresql: 'UPDATE "Product" SET name = $1 WHERE id = $2',
      },
      ['Renamed elsewhere', product.id],
    );
    const after = await reads.ownProducts(id);
    expect(after).not.toBe(remembered);
    expect(after.find((row) => row.id === product.id)?.name).toBe('Renamed elsewhere');
  });

  it.runIf(testEngine() === 'sqlite')(
    'on SQLite, without the change token (its table and triggers gone), drop everything on every commit',
    async () => {
      const { id } = await owner();
      const reads = t.app.portal.reads;
      const other = new Database(databasePath(t.databaseUrl));
      try {
        const triggers = other
          .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'portal_changed_%'")
          .pluck()
          .all() as string[];
        expect(triggers.length).toBeGreaterThan(0);
        for (const name of triggers) other.exec(`DROP TRIGGER "${name}"`);
        other.exec(`DROP TABLE "${CHANGES_TABLE}"`);
      } finally {
        other.close();
      }
      const remembered = await reads.ownProducts(id);
      expect(await reads.ownProducts(id)).toBe(remembered);
      const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
        { productId: remembered[0]?.id, includeSensitiveData: false },
      ]);
      expect(created.statusCode).toBe(201);
      expect(await reads.ownProducts(id)).not.toBe(remembered);
    },
  );

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
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'DELETE FROM Product WHERE ownerId = ?',
        postgresql: 'DELETE FROM "Product" WHERE "ownerId" = $1',
      },
      [id],
    );
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
