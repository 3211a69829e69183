// Remembered reads on PostgreSQL (decision 0070): a row is remembered until the database announces a
// change to a table it reads, and every write committed before a read began, whoever wrote it, is seen
// by that read; while the listening connection is down nothing is remembered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, queryPostgres, remembered, type TestDatabase } from '../../test/db.ts';
import { USER_IDS } from '../simulator/scenarios/demo-people.ts';
import { createPrisma, type Database, openDatabase, type PortalPrisma } from './client.ts';
import {
  ANNOUNCED_TABLES,
  FAULT_TABLES,
  LIST_TABLES,
  REMEMBERED_TABLES,
  watchDataChanges,
} from './data-changes.ts';
import type { CurrentUserRow } from './hot-reads.ts';
import { listStatements } from './list-reads.ts';
import { postgresConnectedStatements, rememberedSql } from './postgres-reads.ts';
import { BARRIER_GAP_MS, BARRIER_SQL, LISTENER_NAME } from './team-signal.ts';

let db: TestDatabase;
let world: Database;
let other: PortalPrisma;
let sessionId: string;
const owner = USER_IDS.owner;

beforeAll(async () => {
  db = await createTestDatabase({ engine: 'postgresql', seed: true });
  world = openDatabase(db.url);
  other = createPrisma(db.url);
  const now = Date.now();
  sessionId = 'remembered-session';
  await world.prisma.session.create({
    data: {
      id: sessionId,
      userId: owner,
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + 3_600_000),
      idleExpiresAt: new Date(now + 3_600_000),
    },
  });
});
afterAll(async () => {
  await world?.close();
  await other?.$disconnect();
  await db?.cleanup();
});

/** Another connection, as another process (psql, a script, another instance) has. */
async function elsewhere(sql: string, params: unknown[] = []): Promise<void> {
  await queryPostgres(db.url, sql, params);
}

const products = () => world.reads.ownProducts(owner) as Promise<readonly { name: string | null }[]>;
const session = () =>
  world.reads.session(sessionId) as Promise<{ role: string; expiresAt: string } | undefined>;

describe('remembered reads on PostgreSQL', () => {
  it('read only tables that announce their changes', async () => {
    const read = new Set(rememberedSql.flatMap((sql) => [...sql.matchAll(/"([A-Z]\w+)"/g)].map((m) => m[1])));
    expect([...read].sort()).toEqual([...REMEMBERED_TABLES].sort());
    const rows = await queryPostgres<{ table: string }>(
      db.url,
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = 'portal_data_changed' ORDER BY 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([...ANNOUNCED_TABLES].sort());
  });

  it('remember lists (pages, totals, connected users) that read only the tables their watch follows', () => {
    const page = { limit: 1 };
    const words = ['x'];
    const sql = [
      ...(['sharings', 'ownerInvitations', 'events', 'applications', 'downloadJobs'] as const).flatMap(
        (list) => {
          const statements = listStatements[list] as (typeof listStatements)['sharings'];
          const query = { words, ownerId: '', claimed: true, statuses: [], invitationId: '', userId: '' };
          return [statements.page('postgresql', query, page).sql, statements.count('postgresql', query).sql];
        },
      ),
      listStatements.applicationFiles('postgresql', ['x']).sql,
      listStatements.permissions('postgresql', 'x').sql,
      ...Object.values(postgresConnectedStatements({ agentId: '', statuses: [], words })).map((s) => s.sql),
    ];
    const read = new Set(sql.flatMap((text) => [...text.matchAll(/"([A-Z]\w+)"/g)].map((m) => m[1])));
    expect([...read].sort()).toEqual([...LIST_TABLES].sort());
    for (const table of LIST_TABLES) expect(ANNOUNCED_TABLES).toContain(table);
  });

  const writers = {
    'the same Prisma client': (name: string) =>
      world.prisma.product.updateMany({ where: { ownerId: owner }, data: { name } }),
    'another Prisma client': (name: string) =>
      other.product.updateMany({ where: { ownerId: owner }, data: { name } }),
    'another connection': (name: string) =>
      elsewhere('UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', [name, owner]),
    'an interactive transaction': (name: string) =>
      world.prisma.$transaction(async (tx) => {
        await tx.product.updateMany({ where: { ownerId: owner }, data: { name } });
        await tx.user.findUnique({ where: { id: owner } });
      }),
  };

  it.each(Object.entries(writers))(
    'show the products written through %s on the very next read',
    async (_, write) => {
      await remembered(products);
      for (let round = 0; round < 10; round += 1) {
        const name = `name ${round} ${Math.random()}`;
        await write(name);
        expect((await products()).every((product) => product.name === name)).toBe(true);
      }
      // And are remembered again afterwards.
      await remembered(products);
    },
  );

  it('show a session ended or its user changed through another connection on the very next read', async () => {
    expect((await remembered(session))?.role).toBe('user');
    await elsewhere('UPDATE "User" SET role = $1 WHERE id = $2', ['agent', owner]);
    expect((await session())?.role).toBe('agent');
    await other.user.update({ where: { id: owner }, data: { role: 'user' } });
    expect((await session())?.role).toBe('user');
    await remembered(session);
    await elsewhere('UPDATE "Session" SET "expiresAt" = $1 WHERE id = $2', [new Date(0), sessionId]);
    expect((await session())?.expiresAt).toBe('1970-01-01T00:00:00.000Z');
  });

  it('show the current user changed through Prisma or another connection, and terms by the clock, on the very next read', async () => {
    const now = new Date();
    const user = (at = now) => world.reads.currentUser(owner, at) as Promise<CurrentUserRow | undefined>;
    const before = await remembered(user);
    expect(before?.latestTerms).not.toBeNull();
    await other.user.update({ where: { id: owner }, data: { fullName: 'Changed Through Prisma' } });
    expect((await user())?.fullName).toBe('Changed Through Prisma');
    await remembered(user);
    await elsewhere('UPDATE "User" SET "fullName" = $1 WHERE id = $2', [before?.fullName, owner]);
    expect((await user())?.fullName).toBe(before?.fullName);
    // A newer version published elsewhere: waiting (not accepted) at once; accepted through Prisma: not.
    const published = new Date(now.getTime() - 1_000);
    await remembered(user);
    await elsewhere(
      `INSERT INTO "TermsVersion" (version, role, "publishedAt", "documentName") VALUES ('remembered', 'user', $1, 'x.pdf')`,
      [published.toISOString().replace('Z', '')],
    );
    expect(await user()).toMatchObject({ latestTerms: 'remembered', accepted: 0 });
    await world.prisma.termsAcceptance.create({
      data: { userId: owner, role: 'user', version: 'remembered', acceptedAt: now },
    });
    expect(await user()).toMatchObject({ latestTerms: 'remembered', accepted: 1 });
    // The row is remembered; the clock picks the version: before its publication the older one.
    const row = await remembered(user);
    expect(await user(new Date(published.getTime() - 1))).toMatchObject({ latestTerms: before?.latestTerms });
    expect(await user()).toEqual(row);
    await elsewhere(`DELETE FROM "TermsVersion" WHERE version = 'remembered'`);
    expect(await user()).toEqual(before);
  });

  it('share one barrier between the reads of one request: every write committed before it arrived is seen', async () => {
    await remembered(products);
    await remembered(session);
    const barriers = vi.spyOn(pg.Client.prototype, 'query');
    const barriersSent = () => barriers.mock.calls.filter(([query]) => query === BARRIER_SQL).length;
    try {
      for (let round = 0; round < 5; round += 1) {
        const name = `request ${round}`;
        await elsewhere('UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', [name, owner]);
        const arrivedAt = performance.now();
        const sent = barriersSent();
        expect((await world.reads.session(sessionId, arrivedAt))?.role).toBe('user');
        const listed = (await world.reads.ownProducts(owner, arrivedAt)) as readonly {
          name: string | null;
        }[];
        expect(listed.every((product) => product.name === name)).toBe(true);
        await world.reads.currentUser(owner, new Date(), arrivedAt);
        expect(barriersSent() - sent).toBe(1);
      }
    } finally {
      barriers.mockRestore();
    }
  });

  it('share one barrier between the requests that arrive in one turn of the event loop', async () => {
    await remembered(products);
    const barriers = vi.spyOn(pg.Client.prototype, 'query');
    const barriersSent = () => barriers.mock.calls.filter(([query]) => query === BARRIER_SQL).length;
    try {
      for (let round = 0; round < 5; round += 1) {
        const name = `turn ${round}`;
        await elsewhere('UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', [name, owner]);
        const sent = barriersSent();
        // Three requests read from their sockets one after the other in one turn, each arriving later
        // than the one before (a barrier sent at the first one's read would not cover the next ones).
        const lists = await Promise.all(
          [0, 1, 2].map(
            () =>
              world.reads.ownProducts(owner, performance.now()) as Promise<
                readonly { name: string | null }[]
              >,
          ),
        );
        for (const listed of lists) expect(listed.every((product) => product.name === name)).toBe(true);
        expect(barriersSent() - sent).toBe(1);
      }
    } finally {
      barriers.mockRestore();
    }
  });

  it('send at most one barrier per 2 ms while requests keep arriving, each seeing every write before it', async () => {
    await remembered(products);
    const barriers = vi.spyOn(pg.Client.prototype, 'query');
    const barriersSent = () => barriers.mock.calls.filter(([query]) => query === BARRIER_SQL).length;
    try {
      await elsewhere('UPDATE "Product" SET name = $1 WHERE "ownerId" = $2', ['stream', owner]);
      const sent = barriersSent();
      const begun = performance.now();
      // A request in every turn of the event loop for 100 ms: without the spacing a barrier left as soon
      // as the one before answered (one per round trip, well under 2 ms here).
      const reads: Promise<readonly { name: string | null }[]>[] = [];
      while (performance.now() - begun < 100) {
        reads.push(
          world.reads.ownProducts(owner, performance.now()) as Promise<readonly { name: string | null }[]>,
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const listed of await Promise.all(reads))
        expect(listed.every((product) => product.name === 'stream')).toBe(true);
      const elapsed = performance.now() - begun;
      expect(reads.length).toBeGreaterThan(100 / BARRIER_GAP_MS);
      expect(barriersSent() - sent).toBeLessThanOrEqual(Math.ceil(elapsed / BARRIER_GAP_MS) + 1);
    } finally {
      barriers.mockRestore();
    }
  });

  it('show an emptied table (a snapshot restored) on the very next read', async () => {
    const [product] = await remembered(products);
    expect(product).toBeDefined();
    await elsewhere('TRUNCATE "Product" CASCADE');
    expect(await products()).toEqual([]);
  });

  it("follow only the tables they watch: a fault armed elsewhere moves the faults' watch at once, not the remembered rows", async () => {
    const faults = watchDataChanges(db.url, FAULT_TABLES);
    try {
      let before: number | undefined;
      await vi.waitFor(
        async () => {
          before = await faults.fresh();
          expect(before).toBeDefined();
        },
        { timeout: 10_000, interval: 50 },
      );
      const rows = await remembered(products);
      await elsewhere(
        `INSERT INTO "Fault" (id, "operationId", status, remaining, "createdAt") VALUES ('watched', 'listProducts', 500, 1, now())`,
      );
      expect(await faults.fresh()).toBeGreaterThan(before as number);
      expect(await products()).toBe(rows);
      const armed = await faults.fresh();
      await elsewhere(`UPDATE "Product" SET name = name WHERE "ownerId" = $1`, [owner]);
      expect(await products()).not.toBe(rows);
      expect(await faults.fresh()).toBe(armed);
      await elsewhere(`DELETE FROM "Fault" WHERE id = 'watched'`);
      expect(await faults.fresh()).toBeGreaterThan(armed as number);
    } finally {
      await faults.close();
    }
  });

  it('remember nothing while the listening connection is down, and again once it is back', async () => {
    await remembered(session);
    await elsewhere(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_NAME],
    );
    // Between the loss and the reconnection (250 ms later), every read asks the database.
    const seen: (string | undefined)[] = [];
    for (const role of ['agent', 'user', 'agent']) {
      await elsewhere('UPDATE "User" SET role = $1 WHERE id = $2', [role, owner]);
      seen.push((await session())?.role);
    }
    expect(seen).toEqual(['agent', 'user', 'agent']);
    await remembered(session);
    await elsewhere('UPDATE "User" SET role = $1 WHERE id = $2', ['user', owner]);
    expect((await session())?.role).toBe('user');
  });
});
