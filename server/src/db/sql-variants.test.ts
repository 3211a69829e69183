// Hand-written SQL has one variant per engine (bulk inserts, the hot reads, the connected-users list,
// searches). The same scenario loaded into SQLite and PostgreSQL must give the same rows, and every
// read must answer the same rows in the same order on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { searchWhere } from '../lib/paging.ts';
import { USER_IDS } from '../simulator/scenarios/demo-people.ts';
import { type HotReads, openReads } from './client.ts';
import { type ConnectedQuery, isoFromStored } from './connected-users.ts';

const now = new Date('2026-02-01T08:00:00.000Z');
let sqlite: TestDatabase;
let postgres: TestDatabase;
/** Each database's hot reads, opened as an app opens them (db/client.ts). */
const opened = new Map<TestDatabase, HotReads>();
const hotReads = (db: TestDatabase): HotReads => opened.get(db) as HotReads;

beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([
    createTestDatabase({ engine: 'sqlite', seed: true, now }),
    createTestDatabase({ engine: 'postgresql', seed: true, now }),
  ]);
  for (const db of [sqlite, postgres]) opened.set(db, openReads(db.url));
});
afterAll(async () => {
  for (const reads of opened.values()) await reads.close();
  await Promise.all([sqlite?.cleanup(), postgres?.cleanup()]);
});

const delegate = (db: TestDatabase, model: string) =>
  (db.prisma as unknown as Record<string, { findMany(): Promise<object[]> }>)[
    model.charAt(0).toLowerCase() + model.slice(1)
  ] as { findMany(): Promise<object[]> };

/** Every row of a table as sorted JSON texts (row order is not part of a table). */
async function table(db: TestDatabase, model: string): Promise<string[]> {
  return (await delegate(db, model).findMany()).map((row) => JSON.stringify(row)).sort();
}

/** Dates as the contract writes them, whatever text each engine stores. */
const normalised = <T extends object>(row: T | undefined): T | undefined =>
  row &&
  (Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value).toISOString() : value,
    ]),
  ) as T);

describe('the same scenario on both engines', () => {
  it.each(Object.values(Prisma.ModelName))(
    '%s has the same rows (bulk inserts and Prisma writes)',
    async (model) => {
      const [a, b] = await Promise.all([table(sqlite, model), table(postgres, model)]);
      expect(b).toEqual(a);
      if (['User', 'Product', 'Invitation', 'TermsVersion'].includes(model))
        expect(a.length).toBeGreaterThan(0);
    },
  );
});

describe('hot reads', () => {
  it('answer the same session rows', async () => {
    const sessions = await sqlite.prisma.session.findMany({ select: { id: true } });
    for (const { id } of [...sessions, { id: 'unknown' }]) {
      const [a, b] = await Promise.all([hotReads(sqlite).session(id), hotReads(postgres).session(id)]);
      expect(normalised(b)).toEqual(normalised(a));
    }
  });

  it('answer the same current user, pending terms and company status, for every user and moment', async () => {
    const users = await sqlite.prisma.user.findMany({ select: { id: true } });
    const moments = [new Date('2020-01-01T00:00:00.000Z'), now, new Date('2030-01-01T00:00:00.000Z')];
    let pending = 0;
    for (const { id } of [...users, { id: 'unknown' }]) {
      for (const moment of moments) {
        const [a, b] = await Promise.all([
          hotReads(sqlite).currentUser(id, moment),
          hotReads(postgres).currentUser(id, moment),
        ]);
        expect(b, `${id} at ${moment.toISOString()}`).toEqual(a);
        if (a?.latestTerms && !a.accepted) pending += 1;
      }
    }
    expect(pending).toBeGreaterThan(0);
  });

  it('answer the same products, in the same order, for every owner', async () => {
    const owners = await sqlite.prisma.user.findMany({ select: { id: true } });
    for (const { id } of owners) {
      const [a, b] = await Promise.all([
        hotReads(sqlite).ownProducts(id),
        hotReads(postgres).ownProducts(id),
      ]);
      expect(b, id).toEqual(a);
    }
  });
});

describe('the connected-users list', () => {
  const statuses = [
    ['CLAIMED', 'ACCEPTED', 'PAUSED_BY_ADMIN'],
    ['ACCEPTED'],
    ['DECLINED', 'REVOKED_AFTER_CLAIMED', 'REVOKED_AFTER_ACCEPTED'],
  ];
  // ASCII letters fold on both engines, other letters do not (SQLite's LIKE), ids match whole.
  const searches = [undefined, ['o'], ['OLIVIA'], ['example.com'], ['ü'], ['Ü'], ['s', 'e'], ['nobody']];

  const rowsOf = async (db: TestDatabase, query: ConnectedQuery & { limit: number }) =>
    (await hotReads(db).connected.page(query)).map((row) => ({
      ...row,
      createdAt: isoFromStored(row.createdAt),
      claimedAt: new Date(row.claimedAt).toISOString(),
    }));

  it('pages, counts and searches alike', async () => {
    let compared = 0;
    for (const status of statuses) {
      for (const words of searches) {
        const query = { agentId: USER_IDS.fleet, statuses: status, words };
        const [countA, countB] = await Promise.all([
          hotReads(sqlite).connected.count(query),
          hotReads(postgres).connected.count(query),
        ]);
        expect(countB, JSON.stringify(query)).toBe(countA);
        // Page by page with the keyset cursor, two rows at a time.
        let after: ConnectedQuery['after'];
        for (;;) {
          const [a, b] = await Promise.all([
            rowsOf(sqlite, { ...query, after, limit: 2 }),
            rowsOf(postgres, { ...query, after, limit: 2 }),
          ]);
          expect(b, JSON.stringify({ query, after })).toEqual(a);
          compared += a.length;
          const last = a.at(-1);
          if (a.length < 2 || !last) break;
          after = { at: new Date(last.claimedAt), id: last.invitationId };
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('streams the whole list alike', async () => {
    for (const status of statuses) {
      const query = { agentId: USER_IDS.fleet, statuses: status };
      const collect = async (db: TestDatabase) => {
        const rows: string[][] = [];
        for await (const row of hotReads(db).connected.all(query)) {
          rows.push([row[0], row[1], row[2], isoFromStored(row[3]), row[4], new Date(row[5]).toISOString()]);
        }
        return rows;
      };
      expect(await collect(postgres)).toEqual(await collect(sqlite));
    }
  });
});

describe('searches through Prisma', () => {
  it('are case-insensitive on both engines', async () => {
    for (const q of ['olivia', 'OLIVIA', 'Owner', 'nobody']) {
      const where = (db: TestDatabase) =>
        searchWhere<Prisma.UserWhereInput>(db.prisma, q, (word) => [{ fullName: { contains: word } }]);
      const [a, b] = await Promise.all([
        sqlite.prisma.user.findMany({
          where: where(sqlite),
          select: { email: true },
          orderBy: { email: 'asc' },
        }),
        postgres.prisma.user.findMany({
          where: where(postgres),
          select: { email: true },
          orderBy: { email: 'asc' },
        }),
      ]);
      expect(b, q).toEqual(a);
      if (q !== 'nobody') expect(a.length, q).toBeGreaterThan(0);
    }
  });
});

describe('the joined lists (db/list-reads.ts)', () => {
  // ASCII letters fold on both engines, other letters do not (SQLite's LIKE), ids match whole.
  const searches = [undefined, ['o'], ['OLIVIA'], ['example.com'], ['ü'], ['Ü'], ['s', 'e'], ['nobody']];
  type Keyed = { id: string; createdAt?: string; at?: string };

  /** Every page of a list, two rows at a time, on both engines: the same rows, the same order, the same count. */
  async function compareLists<R extends Keyed>(
    name: string,
    read: (reads: HotReads, page: { after?: { at: Date; id: string }; limit: number }) => R[] | Promise<R[]>,
    count: (reads: HotReads) => number | Promise<number>,
  ): Promise<number> {
    const [countA, countB] = await Promise.all([count(hotReads(sqlite)), count(hotReads(postgres))]);
    expect(countB, name).toBe(countA);
    let compared = 0;
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const [a, b] = await Promise.all([
        read(hotReads(sqlite), { after, limit: 2 }),
        read(hotReads(postgres), { after, limit: 2 }),
      ]);
      expect(b.map(normalised), JSON.stringify({ name, after })).toEqual(a.map(normalised));
      compared += a.length;
      const last = a.at(-1);
      if (a.length < 2 || !last) break;
      after = { at: new Date(last.createdAt ?? last.at ?? ''), id: last.id };
    }
    expect(compared, name).toBe(countA);
    return compared;
  }

  it("pages, counts and searches the admin's sharings alike", async () => {
    let compared = 0;
    for (const words of searches) {
      compared += await compareLists(
        `sharings ${words}`,
        (reads, page) => reads.lists.sharings.page({ words }, page),
        (reads) => reads.lists.sharings.count({ words }),
      );
    }
    expect(compared).toBeGreaterThan(5);
  });

  it("pages, counts and searches every owner's invitations alike, claimed and not, by status and change", async () => {
    const owners = await sqlite.prisma.user.findMany({ where: { role: 'user' }, select: { id: true } });
    const statuses = [
      ['CREATED'],
      ['CLAIMED', 'ACCEPTED', 'PAUSED_BY_ADMIN'],
      ['DECLINED', 'REVOKED_AFTER_CLAIMED'],
    ];
    let compared = 0;
    for (const { id: ownerId } of owners) {
      for (const claimed of [true, false]) {
        for (const status of statuses) {
          for (const changedAfter of [undefined, new Date(now.getTime() - 7 * 86_400_000)]) {
            for (const words of [undefined, ['o'], ['FLEET'], ['ü']]) {
              const query = { ownerId, claimed, statuses: status, changedAfter, words };
              compared += await compareLists(
                JSON.stringify(query),
                (reads, page) => reads.lists.ownerInvitations.page(query, page),
                (reads) => reads.lists.ownerInvitations.count(query),
              );
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('pages, counts and searches the applications alike, with their documents', async () => {
    let compared = 0;
    for (const status of [undefined, 'pending', 'active', 'rejected']) {
      for (const words of searches) {
        compared += await compareLists(
          `applications ${status} ${words}`,
          async (reads, page) =>
            (await reads.lists.applications.page({ status, words }, page)).map((row) => ({
              ...row,
              // SQLite stores a boolean as 0/1, PostgreSQL as a boolean.
              sanction: Boolean(row.sanction),
              gatekeeper: Boolean(row.gatekeeper),
              createdAt: row.submittedAt,
            })),
          (reads) => reads.lists.applications.count({ status, words }),
        );
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it("read every person's company status alike", async () => {
    const users = await sqlite.prisma.user.findMany({ select: { id: true } });
    const statuses = new Set<string | undefined>();
    for (const { id } of [...users, { id: 'unknown' }]) {
      const [a, b] = await Promise.all([
        hotReads(sqlite).lists.agentStatus(id),
        hotReads(postgres).lists.agentStatus(id),
      ]);
      expect(b, id).toBe(a);
      statuses.add(a);
    }
    expect(statuses).toEqual(new Set([undefined, 'active', 'pending', 'rejected']));
  });

  it("read every invitation's parties and shared products alike", async () => {
    const invitations = await sqlite.prisma.invitation.findMany({ select: { id: true } });
    let shared = 0;
    for (const { id } of [...invitations, { id: 'unknown' }]) {
      // Dates as each engine stores them: the same instant once read as ISO 8601.
      const [partiesA, partiesB] = (
        await Promise.all([hotReads(sqlite).lists.parties(id), hotReads(postgres).lists.parties(id)])
      ).map((row) => row && { ...row, expiresAt: isoFromStored(row.expiresAt) });
      expect(partiesB, id).toEqual(partiesA);
      const [a, b] = await Promise.all([
        hotReads(sqlite).lists.permissions(id),
        hotReads(postgres).lists.permissions(id),
      ]);
      // SQLite stores a boolean as 0/1, PostgreSQL as a boolean.
      const flags = (rows: typeof a) =>
        rows.map((row) => ({ ...row, includeSensitiveData: Boolean(row.includeSensitiveData) }));
      expect(flags(b), id).toEqual(flags(a));
      shared += a.length;
    }
    expect(shared).toBeGreaterThan(5);
  });

  it("pages and counts every invitation's history alike", async () => {
    const invitations = await sqlite.prisma.invitation.findMany({ select: { id: true } });
    let compared = 0;
    for (const { id } of [...invitations, { id: 'unknown' }]) {
      compared += await compareLists(
        id,
        (reads, page) => reads.lists.events.page({ invitationId: id }, page),
        (reads) => reads.lists.events.count({ invitationId: id }),
      );
    }
    expect(compared).toBeGreaterThan(5);
  });
});
