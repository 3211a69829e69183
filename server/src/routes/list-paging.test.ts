import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createResponseValidator } from '@portal/contract/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type HttpResponse, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/engine.ts';
import { listAccounts } from '../simulator/identity-provider/accounts.ts';

// Paging, search, filters and counts of the list operations, on the large-fleet scenario.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const reset = await t.call('POST', '/api/v1/sim/reset', 'admin@example.com', { scenario: 'large-fleet' });
  expect(reset.statusCode).toBe(204);
}, 240_000);
afterAll(async () => t.close());

type Answer = HttpResponse;
const get = (email: string, url: string): Promise<Answer> => t.call('GET', url, email);
const fleet = (url: string) => get('fleet@example.com', url);
const total = (answer: Answer) => Number(answer.headers['x-total-count']);
const nextOf = (answer: Answer) => {
  const link = answer.headers.link as string | undefined;
  return link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
};
type Connected = { invitationId: string; fullName: string; email: string; createdAt: string; status: string };

/** Follows `Link: rel="next"` from the first page to the end. */
async function walk<T>(email: string, first: string, between?: () => Promise<void>): Promise<T[]> {
  const items: T[] = [];
  let url: string | undefined = first;
  while (url) {
    const page = await get(email, url);
    expect(page.statusCode).toBe(200);
    items.push(...(page.json() as T[]));
    url = nextOf(page);
    if (between) await between();
  }
  return items;
}

const newestFirst = (items: Connected[]) =>
  items.every((item, i) => i === 0 || (items[i - 1] as Connected).createdAt >= item.createdAt);

describe('connected users of a company with 50,000 of them', () => {
  it('answers the whole list without parameters (streamed), with its total', async () => {
    const all = await fleet('/api/v1/agents/invitations/ALL');
    expect(all.statusCode).toBe(200);
    const items = all.json() as Connected[];
    expect(items.length).toBeGreaterThan(50_000);
    expect(total(all)).toBe(items.length);
    expect(all.headers.link).toBeUndefined();
    expect(new Set(items.map((i) => i.invitationId)).size).toBe(items.length);
    expect(newestFirst(items)).toBe(true);
    // The streamed list is serialised by hand, without the response validator: the contract still
    // decides its shape, and each row reads exactly as the validated page shows it.
    const validate = createResponseValidator(loadContract(t.config.openapiPath));
    expect(validate('listConnectedInvitations', 200, items)).toBeNull();
    const page = await fleet('/api/v1/agents/invitations/ALL?limit=50');
    expect(items.slice(0, 50)).toEqual(page.json());
  });

  it('pages through a filter in the same order as the whole list, without duplicates or gaps', async () => {
    const whole = (await fleet('/api/v1/agents/invitations/DECLINED')).json() as Connected[];
    const paged = await walk<Connected>('fleet@example.com', '/api/v1/agents/invitations/DECLINED?limit=500');
    expect(paged.map((i) => i.invitationId)).toEqual(whole.map((i) => i.invitationId));
    expect(paged.every((i) => i.status === 'DECLINED')).toBe(true);
    const first = await fleet('/api/v1/agents/invitations/DECLINED?limit=500');
    expect(total(first)).toBe(whole.length);
    expect(nextOf(first)).toMatch(
      /^\/api\/v1\/agents\/invitations\/DECLINED\?limit=500&cursor=[\w-]+\.[\w-]+$/,
    );
  });

  it('keeps pages stable while new users connect between them', async () => {
    const before = (await fleet('/api/v1/agents/invitations/PENDING')).json() as Connected[];
    let added = 0;
    const connectOne = async () => {
      added += 1;
      const owner = await t.prisma.user.create({
        data: { email: `late-${added}@example.org`, fullName: `Late Joiner ${added}`, role: 'user' },
      });
      await t.prisma.invitation.create({
        data: {
          ownerId: owner.id,
          agentId: 'user-fleet',
          code: `LATEJOINER${String(added).padStart(6, '0')}`,
          status: 'CLAIMED',
          createdAt: t.clock.now(),
          statusChangedAt: t.clock.now(),
          expiresAt: t.clock.now(),
          claimedAt: t.clock.now(),
        },
      });
    };
    const paged = await walk<Connected>(
      'fleet@example.com',
      '/api/v1/agents/invitations/PENDING?limit=400',
      connectOne,
    );
    expect(added).toBeGreaterThan(5);
    expect(paged.map((i) => i.invitationId)).toEqual(before.map((i) => i.invitationId));
    const after = await fleet('/api/v1/agents/invitations/PENDING?limit=1');
    expect(total(after)).toBe(before.length + added);
    expect((after.json() as Connected[])[0]?.fullName).toBe(`Late Joiner ${added}`);
  });

  it('refuses a tampered, foreign or malformed cursor with 400 in the envelope', async () => {
    const first = await fleet('/api/v1/agents/invitations/ALL?limit=5');
    const cursor = new URL(nextOf(first) as string, 'http://x').searchParams.get('cursor') as string;
    const [payload, sum] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2020-01-01T00:00:00.000Z', 'x'])).toString('base64url');
    const bad = [
      `${payload.slice(0, -2)}AA.${sum}`,
      `${forged}.${sum}`,
      // The checksum's last character changed (to one it is not already).
      `${payload}.${sum.slice(0, -1)}${sum.endsWith('x') ? 'y' : 'x'}`,
      'not-a-cursor',
      `${payload}.${sum}.extra`,
    ];
    for (const value of bad) {
      const answer = await fleet(`/api/v1/agents/invitations/ALL?cursor=${encodeURIComponent(value)}`);
      expect(answer.statusCode, value).toBe(400);
      expect(codeOf(answer)).toBe('VALIDATION_FAILED');
    }
    const otherFilter = await fleet(`/api/v1/agents/invitations/ACTIVE?cursor=${cursor}`);
    expect(otherFilter.statusCode).toBe(400);
    const again = await fleet(`/api/v1/agents/invitations/ALL?cursor=${cursor}`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Connected[]).length).toBe(50); // default page size with a cursor
  });

  it('bounds limit to 1..500', async () => {
    for (const limit of ['0', '501', '-1', 'abc', '1.5']) {
      const answer = await fleet(`/api/v1/agents/invitations/ALL?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
      expect(codeOf(answer)).toBe('VALIDATION_FAILED');
    }
    expect(((await fleet('/api/v1/agents/invitations/ALL?limit=500')).json() as unknown[]).length).toBe(500);
    expect(((await fleet('/api/v1/agents/invitations/ALL?limit=1')).json() as unknown[]).length).toBe(1);
  });

  it('searches name and e-mail in the database, combined with the filter, counting the matches', async () => {
    const answer = await fleet('/api/v1/agents/invitations/ACTIVE?q=MULLER&limit=500');
    const items = answer.json() as Connected[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.status).toBe('ACCEPTED');
      expect(`${item.fullName} ${item.email}`.toLowerCase()).toMatch(/muller|müller/);
    }
    // The reference count, case-insensitive on both engines (SQLite's LIKE is; PostgreSQL's needs the mode).
    const word = {
      contains: 'MULLER',
      ...(testEngine() === 'postgresql' ? { mode: 'insensitive' as const } : {}),
    };
    const expected = await t.prisma.invitation.count({
      where: {
        agentId: 'user-fleet',
        status: 'ACCEPTED',
        OR: [{ owner: { fullName: word } }, { owner: { email: word } }],
      },
    });
    expect(total(answer)).toBe(expected);
    const byName = (
      await fleet('/api/v1/agents/invitations/ALL?q=Late%20Joiner&limit=50')
    ).json() as Connected[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((i) => i.fullName.startsWith('Late Joiner'))).toBe(true);
    for (const hostile of ['%', '_', "'; DROP TABLE User; --"]) {
      const none = await fleet(`/api/v1/agents/invitations/ALL?q=${encodeURIComponent(hostile)}&limit=5`);
      expect(none.statusCode, hostile).toBe(200);
      expect(total(none), hostile).toBe(0);
    }
    expect((await fleet(`/api/v1/agents/invitations/ALL?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    const blank = await fleet('/api/v1/agents/invitations/ALL?q=%20%20&limit=1');
    expect(total(blank)).toBeGreaterThan(50_000);
  });

  it('counts each filter for the badges from a limit=1 call, never another company’s users', async () => {
    for (const [filter, statuses] of [
      ['ACTIVE', ['ACCEPTED']],
      ['PENDING', ['CLAIMED']],
      ['REVOKED', ['REVOKED_AFTER_CLAIMED', 'REVOKED_AFTER_ACCEPTED']],
    ] as const) {
      const answer = await fleet(`/api/v1/agents/invitations/${filter}?limit=1`);
      const count = await t.prisma.invitation.count({
        where: { agentId: 'user-fleet', status: { in: [...statuses] } },
      });
      expect(total(answer), filter).toBe(count);
    }
    const other = await get('chargewise@example.com', '/api/v1/agents/invitations/ALL?limit=1');
    expect(total(other)).toBe(await t.prisma.invitation.count({ where: { agentId: 'user-chargewise' } }));
    expect(total(other)).toBeLessThan(10_000);
  });
});

describe('admin lists and the owner’s lists', () => {
  const admin = (url: string) => get('admin@example.com', url);

  it('pages the sharings and applications without overlap, with search and status filter', async () => {
    const first = await admin('/api/v1/admin/sharings?limit=100');
    expect(total(first)).toBeGreaterThan(50_000);
    const second = await admin(nextOf(first) as string);
    const ids = [...(first.json() as { id: string }[]), ...(second.json() as { id: string }[])].map(
      (s) => s.id,
    );
    expect(new Set(ids).size).toBe(200);

    const pending = await walk<{ id: string; status: string }>(
      'admin@example.com',
      '/api/v1/admin/applications?status=pending&limit=500',
    );
    expect(pending.length).toBe(await t.prisma.agentProfile.count({ where: { status: 'pending' } }));
    expect(pending.every((a) => a.status === 'pending')).toBe(true);
    const search = await admin('/api/v1/admin/applications?q=Nordlicht&limit=20');
    const found = search.json() as { registration: { displayName: string } }[];
    expect(found.length).toBe(20);
    expect(found.every((a) => a.registration.displayName.includes('Nordlicht'))).toBe(true);
    expect((await admin('/api/v1/admin/sharings?cursor=abc.def')).statusCode).toBe(400);
  });

  it('pages the owner’s 10,000 invitations per tab and finds one by its access code', async () => {
    const owner = (url: string) => get('owner@example.com', url);
    const claimed = await owner('/api/v1/invitations/claimed/ALL?limit=50');
    const unclaimed = await owner('/api/v1/invitations/unclaimed/ALL?limit=50');
    expect(total(claimed) + total(unclaimed)).toBe(
      await t.prisma.invitation.count({ where: { ownerId: 'user-owner' } }),
    );
    const entry = (unclaimed.json() as { code: string }[])[0] as { code: string };
    const byCode = await owner(`/api/v1/invitations/unclaimed/ALL?q=${entry.code.toLowerCase()}&limit=5`);
    expect((byCode.json() as { code: string }[]).map((e) => e.code)).toEqual([entry.code]);
  });

  it('counts the entries whose status changed after an instant (the unread badges) from a limit=1 call', async () => {
    const owner = (url: string) => get('owner@example.com', url);
    const invitations = await t.prisma.invitation.findMany({
      where: { ownerId: 'user-owner', agentId: { not: null } },
      select: { statusChangedAt: true },
      orderBy: { statusChangedAt: 'asc' },
    });
    const middle = (invitations[Math.floor(invitations.length / 2)] as { statusChangedAt: Date })
      .statusChangedAt;
    const later = invitations.filter((i) => i.statusChangedAt > middle).length;
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThan(invitations.length);
    const since = encodeURIComponent(middle.toISOString());
    const count = await owner(`/api/v1/invitations/claimed/ALL?limit=1&changedAfter=${since}`);
    expect(count.statusCode).toBe(200);
    expect(total(count)).toBe(later);
    expect(count.json()).toHaveLength(1);
    const newer = await walk<{ statusChangedAt: string }>(
      'owner@example.com',
      `/api/v1/invitations/claimed/ALL?limit=500&changedAfter=${since}`,
    );
    expect(newer).toHaveLength(later);
    expect(newer.every((e) => Date.parse(e.statusChangedAt) > middle.getTime())).toBe(true);
    const bad = await owner('/api/v1/invitations/unclaimed/ALL?limit=1&changedAfter=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('VALIDATION_FAILED');
  });
});

describe('development sign-in page with 55,000 accounts', () => {
  it('still offers every persona, within 200 accounts', async () => {
    const accounts = await listAccounts({ reads: t.reads });
    expect(accounts.length).toBe(200);
    const personas = ['owner', 'fleet', 'admin', 'newco'].map((name) => `${name}@example.com`);
    expect(accounts.map((a) => a.email)).toEqual(expect.arrayContaining(personas));
  });
});

describe('a search of wildcard characters only', () => {
  // Every list operation the contract lets search, as the persona whose list it is.
  const searched: Record<string, [email: string, path: string]> = {
    listDownloadJobs: ['owner@example.com', '/api/v1/products/download/jobs'],
    listClaimedInvitations: ['owner@example.com', '/api/v1/invitations/claimed/ALL'],
    listUnclaimedInvitations: ['owner@example.com', '/api/v1/invitations/unclaimed/ALL'],
    listConnectedInvitations: ['fleet@example.com', '/api/v1/agents/invitations/ALL'],
    listAgentApplications: ['admin@example.com', '/api/v1/admin/applications'],
    listSharings: ['admin@example.com', '/api/v1/admin/sharings'],
  };

  it('is known for every searchable list of the contract', () => {
    const contract = indexOperations(loadContract(t.config.openapiPath));
    const searchable = contract.operations
      .filter((operation) => operation.parameters.some((p) => p.in === 'query' && p.name === 'q'))
      .map((operation) => operation.operationId);
    expect(searchable.sort()).toEqual(Object.keys(searched).sort());
  });

  beforeAll(async () => {
    // The owner's export list starts empty in this scenario: one job, so the list has something to hide.
    expect((await t.call('POST', '/api/v1/products/download', 'owner@example.com')).statusCode).toBe(201);
  });

  for (const [operationId, [email, path]] of Object.entries(searched)) {
    it(`matches nothing on ${operationId}, paged and whole`, async () => {
      expect(total(await get(email, `${path}?limit=1`))).toBeGreaterThan(0);
      for (const q of ['%', '_', '%_%', ' % _ ']) {
        for (const paging of ['&limit=5', '']) {
          const answer = await get(email, `${path}?q=${encodeURIComponent(q)}${paging}`);
          expect(answer.statusCode, `${q}${paging}`).toBe(200);
          expect(answer.json(), `${q}${paging}`).toEqual([]);
          expect(total(answer), `${q}${paging}`).toBe(0);
          expect(answer.headers.link).toBeUndefined();
        }
      }
    });
  }
});
