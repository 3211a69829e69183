// PostgreSQL's remembered reads follow each table their statement reads (decision 0140): the tables are
// asked of PostgreSQL's generic plan, and a change of a table drops only what read it, whoever writes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, queryPostgres, remembered, type TestDatabase } from '../../test/db.ts';
import { USER_IDS } from '../simulator/scenarios/demo-people.ts';
import { createPrisma, type Database, openDatabase, type PortalPrisma } from './client.ts';
import type { DataWatch } from './data-changes.ts';
import { listStatements } from './list-reads.ts';
import { createRememberedByTables, tablesRead } from './postgres-changes.ts';
import { createPostgresPool } from './postgres-pool.ts';
import { postgresConnectedStatements, rememberedSql } from './postgres-reads.ts';

let db: TestDatabase;
let world: Database;
let other: PortalPrisma;
const owner = USER_IDS.owner;

beforeAll(async () => {
  db = await createTestDatabase({ engine: 'postgresql', seed: true });
  world = openDatabase(db.url);
  other = createPrisma(db.url);
});
afterAll(async () => {
  await world?.close();
  await other?.$disconnect();
  await db?.cleanup();
});

/** A write to `table` by another connection that changes no row (its statement trigger announces it all the same). */
const touchElsewhere = (table: string) =>
  queryPostgres(db.url, `UPDATE "${table}" SET id = id WHERE id = 'none'`);

describe("PostgreSQL's remembered reads, table by table", () => {
  it('name the tables a statement reads from its generic plan: joins, subqueries and index scans counted, a function scan unnamed', async () => {
    const pool = createPostgresPool(db.url, { max: 1 });
    try {
      const [session, currentUser, agentStatus, ownProducts] = rememberedSql as [
        string,
        string,
        string,
        string,
      ];
      expect(await tablesRead(pool, session)).toEqual(['Session', 'User']);
      expect(await tablesRead(pool, currentUser)).toEqual([
        'AgentProfile',
        'TermsAcceptance',
        'TermsVersion',
        'User',
      ]);
      expect(await tablesRead(pool, agentStatus)).toEqual(['AgentProfile']);
      expect(await tablesRead(pool, ownProducts)).toEqual(['CollectionPeriod', 'Product']);
      const jobs = listStatements.downloadJobs.page('postgresql', { userId: owner }, { limit: 1 });
      expect(await tablesRead(pool, jobs.sql)).toEqual(['DownloadJob']);
      // A word searched in the company's connected users reads the users in a subquery.
      const connected = postgresConnectedStatements({ agentId: 'x', statuses: ['CLAIMED'], words: ['a'] });
      expect(await tablesRead(pool, connected.count.sql)).toEqual(['Invitation', 'User']);
      // A subquery that some parameter values make useless (a custom plan for them leaves it out).
      expect(
        await tablesRead(
          pool,
          'SELECT 1 AS one WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM "Invitation" WHERE code = $1)',
        ),
      ).toEqual(['Invitation']);
      // A function may read any table: such a statement is never remembered.
      expect(await tablesRead(pool, 'SELECT * FROM generate_series(1, $1::int)')).toBeUndefined();
      // The probe leaves nothing behind on the pooled connection.
      const left = await pool.query('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(left.rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
  });

  const jobs = () =>
    world.reads.lists.downloadJobs.page({ userId: owner }, { limit: 50 }) as Promise<readonly unknown[]>;
  const products = () => world.reads.ownProducts(owner) as Promise<readonly unknown[]>;

  const writers = {
    'another connection': touchElsewhere,
    'a Prisma client': async (table: string) => {
      if (table === 'DownloadJob')
        await other.downloadJob.updateMany({ where: { id: 'none' }, data: { status: 'none' } });
      else if (table === 'Invitation')
        await other.invitation.updateMany({ where: { id: 'none' }, data: { status: 'PENDING' } });
      else if (table === 'Product')
        await other.product.updateMany({ where: { id: 'none' }, data: { name: 'x' } });
      else await other.session.updateMany({ where: { id: 'none' }, data: { lastSeenAt: new Date() } });
    },
  };

  it.each(Object.entries(writers))(
    'keep a list and rows when %s writes a table they do not read, and read them again when it writes one they do',
    async (_, write) => {
      const list = await remembered(jobs);
      const rows = await remembered(products);
      // Invitations and sessions: read by neither.
      await write('Invitation');
      await write('Session');
      expect(await jobs()).toBe(list);
      expect(await products()).toBe(rows);
      // Products: read by the products, not by the jobs.
      await write('Product');
      expect(await jobs()).toBe(list);
      expect(await products()).not.toBe(rows);
      // Download jobs: read by the jobs only.
      const again = await remembered(products);
      await write('DownloadJob');
      expect(await jobs()).not.toBe(list);
      expect(await products()).toBe(again);
    },
  );

  it('show a change of a table read on the very next read, whoever wrote it', async () => {
    await remembered(products);
    for (let round = 0; round < 5; round += 1) {
      const name = `renamed ${round} ${Math.random()}`;
      if (round % 2 === 0)
        await queryPostgres(db.url, 'UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', [name, owner]);
      else await other.product.updateMany({ where: { ownerId: owner }, data: { name } });
      expect(((await products()) as { name: string }[]).every((product) => product.name === name)).toBe(true);
    }
  });

  it('share a read under way among the callers that miss it, and never one sent before a change a caller must see', async () => {
    // Counts the statements of the owner's products (a named prepared read) on every connection.
    const original = pg.Client.prototype.query;
    let sent = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      if ((args[0] as { name?: string } | undefined)?.name === 'portal_ownProducts') sent += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      await remembered(products);
      // Fifty requests that arrive after a change all miss: one statement answers them.
      await touchElsewhere('Product');
      sent = 0;
      const arrivedAt = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => world.reads.ownProducts(owner, arrivedAt)),
      );
      expect(sent).toBe(1);
      expect(new Set(answers).size).toBe(1);
      // A caller arriving after a change committed while a read was under way does not take that read.
      for (let round = 0; round < 5; round += 1) {
        const name = `shared ${round} ${Math.random()}`;
        const under = world.reads.ownProducts(owner, performance.now());
        await queryPostgres(db.url, 'UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', [name, owner]);
        const after = await world.reads.ownProducts(owner, performance.now());
        expect(after.every((product) => product.name === name)).toBe(true);
        await under;
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('share a read under way only while no change of its tables has been received since it was sent', async () => {
    const changes = { all: 1, tables: new Map<string, number>() };
    const watch: DataWatch = {
      fresh: async () => 1,
      current: () => 1,
      changes: () => changes,
      start: async () => undefined,
      close: async () => undefined,
    };
    const remember = createRememberedByTables(watch);
    const reads: Array<(row: string) => void> = [];
    const read = () => new Promise<string>((resolve) => reads.push(resolve));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const first = remember('products:owner', ['Product'], read);
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    // No change since the read was sent: a second caller waits for it.
    const shared = remember('products:owner', ['Product'], read);
    await settle();
    // A change of another table does not matter; one of its own does: a third caller reads again.
    changes.tables.set('Invitation', 1);
    const stillShared = remember('products:owner', ['Product'], read);
    await settle();
    expect(reads).toHaveLength(1);
    changes.tables.set('Product', 1);
    const own = remember('products:owner', ['Product'], read);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[0]?.('before the change');
    reads[1]?.('after the change');
    expect(await first).toBe('before the change');
    expect(await shared).toBe('before the change');
    expect(await stillShared).toBe('before the change');
    expect(await own).toBe('after the change');
  });
});
