import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { loadConfig } from '../config.ts';
import { connectedStatements } from '../db/connected-users.ts';
import { listStatements } from '../db/list-reads.ts';
import { PrismaClient } from '../generated/prisma/client.ts';
import { createManualClock } from '../lib/clock.ts';
import { answerList, type ListSource, readPage } from '../lib/paging.ts';
import { downloadJobsSource } from '../services/downloads.ts';

// Every list query is served by an index: EXPLAIN QUERY PLAN of each statement the list sources
// send (first page, next page, search, count) must not scan a large table or sort it in a temp b-tree.
const LARGE_TABLES = [
  'Invitation',
  'User',
  'AgentProfile',
  'Product',
  'SharingEvent',
  'InvitationProduct',
  'DownloadJob',
];

let db: TestDatabase;
let prisma: PrismaClient;
const statements: { query: string; params: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ seed: true });
  prisma = new PrismaClient({
    adapter: new PrismaBetterSqlite3({ url: db.url }),
    log: [{ emit: 'event', level: 'query' }],
  });
  const events = prisma as unknown as {
    $on(event: 'query', listener: (e: { query: string; params: string }) => void): void;
  };
  events.$on('query', (event) => statements.push({ query: event.query, params: event.params }));
});
afterAll(async () => {
  await prisma.$disconnect();
  await db.cleanup();
});

const reply = { header: () => reply, request: { url: '/x' } } as unknown as FastifyReply;
const config = loadConfig({ PORTAL_MODE: 'test', DATA_DIR: '/tmp', PUBLIC_URL: 'http://localhost:3000' });

/** The statements one list sends for a first page, a search and the page after a cursor. */
async function statementsOf(name: string, source: (q?: string) => ListSource<unknown, unknown>) {
  statements.length = 0;
  for (const q of [undefined, 'anna müller']) {
    await answerList(reply, readPage({ limit: 50, q }, name), source(q));
    // A first page that ends the list needs no count: read it anyway, its plan counts too.
    await source(q).count();
  }
  await source().fetch({ at: new Date(), id: 'inv-x' }, 51);
  return statements.map((s) => s.query);
}

async function problemsOf(queries: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const query of queries) {
    // Sorting is fine for a small table (a page's few registration documents), not for a large one.
    const from = /FROM `main`\.`(\w+)`/.exec(query)?.[1] ?? '';
    const params = Array.from({ length: (query.match(/\?/g) ?? []).length }, () => 'x');
    const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${query}`, ...params);
    for (const { detail } of plan) {
      const scanned = LARGE_TABLES.some((table) => new RegExp(`^SCAN ${table}( AS \\w+)?$`).test(detail));
      if (scanned || (LARGE_TABLES.includes(from) && /TEMP B-TREE FOR ORDER BY/.test(detail)))
        problems.push(`${detail}  <=  ${query}`);
    }
  }
  return problems;
}

describe('list query plans', () => {
  const deps = () => ({ prisma: prisma as never, config, clock: createManualClock() });
  const cases: [string, (q?: string) => ListSource<unknown, unknown>][] = [
    ['download jobs', (q) => downloadJobsSource(deps(), 'user-owner', q) as never],
  ];
  for (const [name, source] of cases) {
    it(`${name}: no full scan of a large table, no sort in a temp b-tree`, async () => {
      const queries = await statementsOf(name, source);
      expect(queries.length).toBeGreaterThanOrEqual(3);
      expect(await problemsOf(queries)).toEqual([]);
    });
  }

  // The joined list statements (db/list-reads.ts): explained directly, first page, next page, search
  // and count. The owner's and the history's lists are read from their index in order; the admin's
  // sharings walk the invitations newest first (a search reads the people it joins once per row).
  const after = { at: new Date(), id: 'inv-x' };
  const lists: [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]][] = [
    [
      'sharings',
      (words, next) => [
        listStatements.sharings('sqlite', { words }, { after: next, limit: 51 }),
        listStatements.sharingsCount('sqlite', { words }),
      ],
    ],
    ...[true, false].map(
      (
        claimed,
      ): [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]] => [
        `${claimed ? 'claimed' : 'unclaimed'} invitations`,
        (words, next) => {
          const query = { ownerId: 'user-owner', claimed, statuses: ['CLAIMED', 'ACCEPTED'], words };
          return [
            listStatements.ownerInvitations('sqlite', query, { after: next, limit: 51 }),
            listStatements.ownerInvitationsCount('sqlite', query),
          ];
        },
      ],
    ),
    ...[undefined, 'pending'].map(
      (status): [string, (words?: string[], next?: typeof after) => { sql: string; params: unknown[] }[]] => [
        `${status ?? 'all'} applications`,
        (words, next) => [
          listStatements.applications('sqlite', { status, words }, { after: next, limit: 51 }),
          listStatements.applicationsCount('sqlite', { status, words }),
        ],
      ],
    ),
    [
      'invitation events',
      (_words, next) => [
        listStatements.events('sqlite', 'inv-owner-claimed', { after: next, limit: 51 }),
        listStatements.eventsCount('sqlite', 'inv-owner-claimed'),
        listStatements.parties('sqlite', 'inv-owner-claimed'),
      ],
    ],
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
              if (/TEMP B-TREE/.test(detail) || /^SCAN (x|e|InvitationProduct|SharingEvent)\b/.test(detail))
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
