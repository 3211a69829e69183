import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { connectedStatements } from '../db/connected-users.ts';
import { type Dialect, listStatements, type PagedStatements, type Statement } from '../db/list-reads.ts';
import { postgresConnectedStatements } from '../db/postgres-reads.ts';
import { PrismaClient } from '../generated/prisma/client.ts';
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-pg/client.ts';
import type { Position } from '../lib/paging.ts';

// Every list query is served by an index. On SQLite (the suite's default engine): EXPLAIN QUERY PLAN of
// each statement the lists send (first page, next page, search, count) must not scan a large table or
// sort it in a temp b-tree. On PostgreSQL (`npm run test:postgres`): EXPLAIN (FORMAT JSON) of
// the same reads in PostgreSQL's dialect, on the large-fleet scenario's volumes (the planner's choice on
// the demo's few rows says nothing), must not read a large table sequentially.
let db: TestDatabase;
let prisma: PrismaClient;

/** A paged list's statements for a query: the page (the first, or the next after `next`) and the total. */
const firstAndNext = <Q>(
  statements: PagedStatements<Q>,
  dialect: Dialect,
  query: Q,
  next?: { at: Date; id: string },
) => [statements.page(dialect, query, { after: next, limit: 51 }), statements.count(dialect, query)];

/** An invitation's history (with the reads by its id) and a user's download jobs (with the reads by key). */
const keyedLists = (dialect: Dialect): [string, (words?: string[], next?: Position) => Statement[]][] => [
  [
    'invitation events',
    (_words, next) => [
      ...firstAndNext(listStatements.events, dialect, { invitationId: 'inv-owner-claimed' }, next),
      listStatements.parties(dialect, 'inv-owner-claimed'),
      // SQLite sorts an invitation's few products in a temporary b-tree: only PostgreSQL's plan is held here.
      ...(dialect === 'postgresql' ? [listStatements.permissions(dialect, 'inv-owner-claimed')] : []),
    ],
  ],
  [
    'download jobs',
    (words, next) => [
      ...firstAndNext(listStatements.downloadJobs, dialect, { userId: 'user-owner', words }, next),
      listStatements.downloadJob(dialect, 'user-owner', 'job-x'),
      listStatements.downloadJobByToken(dialect, 'token-x'),
    ],
  ],
];

describe.skipIf(testEngine() !== 'sqlite')('list query plans (SQLite)', () => {
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
    prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: db.url }) });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.cleanup();
  });

  // The joined list statements (db/list-reads.ts): explained directly, first page, next page, search
  // and count. The owner's and the history's lists are read from their index in order; the admin's
  // sharings walk the invitations newest first (a search reads the people it joins once per row).
  const after = { at: new Date(), id: 'inv-x' };
  const lists: [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]][] = [
    ['sharings', (words, next) => [...firstAndNext(listStatements.sharings, 'sqlite', { words }, next)]],
    ...[true, false].map(
      (
        claimed,
      ): [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]] => [
        `${claimed ? 'claimed' : 'unclaimed'} invitations`,
        (words, next) => {
          const query = { ownerId: 'user-owner', claimed, statuses: ['CLAIMED', 'ACCEPTED'], words };
          return [...firstAndNext(listStatements.ownerInvitations, 'sqlite', query, next)];
        },
      ],
    ),
    ...[undefined, 'pending'].map(
      (status): [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]] => [
        `${status ?? 'all'} applications`,
        (words, next) => [...firstAndNext(listStatements.applications, 'sqlite', { status, words }, next)],
      ],
    ),
    ...keyedLists('sqlite'),
  ];
  for (const [name, statementsOf] of lists) {
    it(`${name} (joined statements): no full scan of a large table, no sort in a temp b-tree`, async () => {
      const problems: string[] = [];
      for (const words of [undefined, ['anna', 'müller']]) {
        for (const next of [undefined, after]) {
          for (const { sql, params } of statementsOf(words, next)) {
            const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(
              `EXPLAIN QUERY PLAN ${sql}`,
              ...params,
            );
            for (const { detail } of plan) {
              if (
                /TEMP B-TREE/.test(detail) ||
                /^SCAN (x|e|j|InvitationProduct|SharingEvent|DownloadJob)\b/.test(detail)
              )
                problems.push(`${detail}  <=  ${sql}`);
              if (name !== 'sharings' && /^SCAN (i|Invitation)\b/.test(detail))
                problems.push(`${detail}  <=  ${sql}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('shared products (joined statement): found by the invitation, no full scan (at most 50 are sorted)', async () => {
    const { sql, params } = listStatements.permissions('sqlite', 'inv-owner-claimed');
    const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, ...params);
    const scans = plan.filter(({ detail }) =>
      /^SCAN (x|p|c|InvitationProduct|Product|CollectionPeriod)\b/.test(detail),
    );
    expect(scans).toEqual([]);
  });

  // Prepared statements beside Prisma (db/connected-users.ts): their SQL is explained directly. A
  // substring search reads the owners' names once per word (no index serves LIKE '%word%'); the
  // invitations themselves are only ever searched through an index, and never sorted.
  for (const words of [undefined, ['anna', 'müller']]) {
    for (const after of [undefined, { at: new Date(), id: 'inv-x' }]) {
      it(`connected users (${words ? 'search' : 'no search'}, ${after ? 'next page' : 'first page'}): indexed, never sorted`, async () => {
        const statuses = ['CLAIMED', 'ACCEPTED'];
        const problems: string[] = [];
        for (const { sql, params } of Object.values(
          connectedStatements({ agentId: 'user-fleet', statuses, words, after, limit: 51 }),
        )) {
          const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(
            `EXPLAIN QUERY PLAN ${sql}`,
            ...params,
          );
          for (const { detail } of plan) {
            const searchRead = words !== undefined && /^SCAN User( USING COVERING INDEX \w+)?$/.test(detail);
            if ((/^SCAN (i|u|Invitation|User)\b/.test(detail) && !searchRead) || /TEMP B-TREE/.test(detail))
              problems.push(`${detail}  <=  ${sql}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

// PostgreSQL: the same reads in PostgreSQL's dialect, explained on large-fleet's volumes (55,000 users,
// 60,000 invitations, 20,000 download jobs added here) after ANALYZE, as a server that has run a while
// would plan them. A table is large when it holds 10,000 rows or more; below that a sequential read is
// what the planner rightly prefers and says nothing about the indexes.
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const LARGE_ROWS = 10_000;

describe.skipIf(testEngine() !== 'postgresql')('list query plans (PostgreSQL, large-fleet)', () => {
  let pool: pg.Pool;
  let large: Set<string>;
  beforeAll(async () => {
    db = await createTestDatabase({ scenario: 'large-fleet' });
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    // large-fleet holds a handful of download jobs: 20,000 more, spread over its users.
    await pool.query(`INSERT INTO "DownloadJob" (id, "userId", type, status, "exportRequest", "createdAt", "updatedAt", "runAt")
      SELECT 'job-bulk-' || n, u.id, 'PRODUCTS', 'COMPLETED', '{}', now() - n * interval '1 minute', now(), now()
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" LIMIT 20000) u`);
    await pool.query('ANALYZE');
    const tables = await pool.query<{ relname: string }>(
      `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples >= $1`,
      [LARGE_ROWS],
    );
    large = new Set(tables.rows.map((row) => row.relname));
    prisma = new PostgresPrismaClient({
      adapter: new PrismaPg(pool, { disposeExternalPool: false }),
    }) as unknown as PrismaClient;
  }, 240_000);
  afterAll(async () => {
    await prisma?.$disconnect();
    await pool?.end();
    await db?.cleanup();
  });

  /** The large tables a statement reads from start to end (`Seq Scan`), except those `allowed`. */
  async function sequentialScans(
    sql: string,
    params: readonly unknown[],
    allowed: readonly string[] = [],
  ): Promise<string[]> {
    const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      params as unknown[],
    );
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
    return nodesOf(plan)
      .map((node) => (node['Node Type'] === 'Seq Scan' ? (node['Relation Name'] ?? '') : ''))
      .filter((table) => large.has(table) && !allowed.includes(table))
      .map((table) => `Seq Scan on ${table}  <=  ${sql.replace(/\s+/g, ' ')}`);
  }

  const after = { at: new Date(), id: 'inv-x' };

  it('the volumes are real: the tables the lists read are large', () => {
    expect([...large].sort()).toEqual(
      expect.arrayContaining(['DownloadJob', 'Invitation', 'SharingEvent', 'User']),
    );
  });

  // What a statement may read whole, and why:
  // - a search (LIKE '%word%', which no B-tree index serves) reads the people it searches, as SQLite
  //   reads their covering index whole;
  // - the admin's lists span (nearly) every invitation and registration: their whole-list counts, and
  //   their searches, read the table they list (on SQLite too: see the sharings above);
  // - the company's whole list of connected users (below).
  type Read = { sql: string; params: unknown[]; allowed?: string[] };
  type Case = [string, (words?: string[], next?: typeof after) => Read[]];
  const searched = (words?: string[]) => (words ? ['User', 'AgentProfile'] : []);
  const lists: Case[] = [
    [
      'sharings',
      (words, next) => [
        {
          ...listStatements.sharings.page('postgresql', { words }, { after: next, limit: 51 }),
          allowed: words ? ['Invitation', ...searched(words)] : [],
        },
        {
          ...listStatements.sharings.count('postgresql', { words }),
          allowed: ['Invitation', 'User', 'AgentProfile'],
        },
      ],
    ],
    ...[true, false].map(
      (claimed): Case => [
        `${claimed ? 'claimed' : 'unclaimed'} invitations`,
        (words, next) => {
          const query = { ownerId: 'user-owner', claimed, statuses: ['CLAIMED', 'ACCEPTED'], words };
          return [
            {
              ...listStatements.ownerInvitations.page('postgresql', query, { after: next, limit: 51 }),
              allowed: searched(words),
            },
            { ...listStatements.ownerInvitations.count('postgresql', query), allowed: searched(words) },
          ];
        },
      ],
    ),
    ...[undefined, 'pending'].map(
      (status): Case => [
        `${status ?? 'all'} applications`,
        (words, next) => [
          {
            ...listStatements.applications.page('postgresql', { status, words }, { after: next, limit: 51 }),
            allowed: searched(words),
          },
          {
            ...listStatements.applications.count('postgresql', { status, words }),
            allowed: ['User', 'AgentProfile'],
          },
        ],
      ],
    ),
    ...keyedLists('postgresql'),
    [
      'connected users',
      (words, next) => {
        const query = {
          agentId: 'user-fleet',
          statuses: ['CLAIMED', 'ACCEPTED'],
          words,
          after: next,
          limit: 51,
        };
        const { page, count, all } = postgresConnectedStatements(query);
        // The whole list (50,000 rows, streamed) joins most users: there a hash join reading them is right.
        return [
          { ...page, allowed: searched(words) },
          { ...count, allowed: searched(words) },
          { ...all, allowed: ['User'] },
        ];
      },
    ],
  ];
  for (const [name, readsOf] of lists) {
    it(`${name} (joined statements): no sequential scan of a large table`, async () => {
      const problems: string[] = [];
      for (const words of [undefined, ['anna', 'müller']]) {
        for (const next of [undefined, after]) {
          for (const { sql, params, allowed } of readsOf(words, next))
            problems.push(...(await sequentialScans(sql, params, allowed)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
