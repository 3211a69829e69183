// PostgreSQL's remembered reads follow each table their statement reads (decision 0140): the tables are
// asked of PostgreSQL's generic plan, and a change of a table drops only what read it, whoever writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryPostgres, remembered, type TestDatabase } from '../../test/db.ts';
import { USER_IDS } from '../simulator/scenarios/demo-people.ts';
import { createPrisma, type Database, openDatabase, type PortalPrisma } from './client.ts';
import { listStatements } from './list-reads.ts';
import { tablesRead } from './postgres-changes.ts';
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
});
