import { describe, expect, it } from 'vitest';
import { codeOf, type HttpResponse, useTestApp } from '../../test/app.ts';

// Paging of an invitation's history and of the caller's download jobs (limit, cursor, Link, total).
const t = useTestApp();
const OWNER = 'owner@example.com';
const INVITATION = 'inv-owner-claimed';

const total = (answer: HttpResponse) => Number(answer.headers['x-total-count']);
const nextOf = (answer: HttpResponse) => {
  const link = answer.headers.link as string | undefined;
  return link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
};

/** Follows `Link: rel="next"` from the first page to the end, optionally acting between pages. */
async function walk(first: string, between?: () => Promise<void>): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  let url: string | undefined = first;
  while (url) {
    const page = await t.call('GET', url, OWNER);
    expect(page.statusCode).toBe(200);
    items.push(...(page.json() as { id: string }[]));
    url = nextOf(page);
    if (between) await between();
  }
  return items;
}

describe('invitation events, page by page', () => {
  it('answers the whole history without parameters, and the same history oldest first in pages', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 10, minute));
    await t.prisma.sharingEvent.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        id: `evt-page-${String(i).padStart(2, '0')}`,
        invitationId: INVITATION,
        type: i % 2 ? 'PAUSED' : 'RESUMED',
        actorRole: 'admin',
        // Pairs share a time: the id decides between them.
        at: at(Math.floor(i / 2)),
      })),
    });
    const whole = await t.call('GET', `/api/v1/invitations/${INVITATION}/events`, OWNER);
    expect(whole.statusCode).toBe(200);
    const all = whole.json() as { id: string; at: string }[];
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(total(whole)).toBe(all.length);
    expect(all.every((event, i) => i === 0 || (all[i - 1] as { at: string }).at <= event.at)).toBe(true);

    const first = await t.call('GET', `/api/v1/invitations/${INVITATION}/events?limit=7`, OWNER);
    expect(first.json()).toHaveLength(7);
    expect(total(first)).toBe(all.length);
    expect(nextOf(first)).toMatch(/^\/api\/v1\/invitations\/inv-owner-claimed\/events\?limit=7&cursor=/);
    const paged = await walk(`/api/v1/invitations/${INVITATION}/events?limit=7`);
    expect(paged.map((event) => event.id)).toEqual(all.map((event) => event.id));
  });

  it('refuses a cursor from another invitation or a tampered one, and limits out of range', async () => {
    const first = await t.call('GET', `/api/v1/invitations/${INVITATION}/events?limit=2`, OWNER);
    const cursor = new URL(`http://x${nextOf(first)}`).searchParams.get('cursor') ?? '';
    const other = await t.call(
      'GET',
      `/api/v1/invitations/inv-owner-accepted/events?cursor=${cursor}`,
      OWNER,
    );
    expect([other.statusCode, codeOf(other)]).toEqual([400, 'VALIDATION_FAILED']);
    const tampered = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    const bad = await t.call('GET', `/api/v1/invitations/${INVITATION}/events?cursor=${tampered}`, OWNER);
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'VALIDATION_FAILED']);
    for (const limit of ['0', '501', 'x']) {
      const answer = await t.call('GET', `/api/v1/invitations/${INVITATION}/events?limit=${limit}`, OWNER);
      expect([answer.statusCode, codeOf(answer)]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("never pages through another user's invitation", async () => {
    const answer = await t.call(
      'GET',
      `/api/v1/invitations/${INVITATION}/events?limit=5`,
      'second@example.com',
    );
    expect([answer.statusCode, codeOf(answer)]).toEqual([403, 'INVITATION_FORBIDDEN']);
  });
});

describe('download jobs, page by page', () => {
  const owner = async () => (await t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } })).id;

  it('answers the newest 50 without parameters, announces the rest, and pages without gaps while jobs are added', async () => {
    const userId = await owner();
    const start = Date.UTC(2026, 0, 1);
    const job = (i: number) => ({
      id: `job-page-${String(i).padStart(3, '0')}`,
      userId,
      type: 'PRODUCT',
      relatedId: i % 3 ? 'prod-veh-1' : 'prod-wb-1',
      status: 'FAILED',
      exportRequest: JSON.stringify({ vehicles: [], wallboxes: [], until: new Date(start).toISOString() }),
      createdAt: new Date(start + i * 60_000),
      updatedAt: new Date(start + i * 60_000),
      runAt: new Date(start + i * 60_000),
      failureReason: 'The export could not be created.',
    });
    await t.prisma.downloadJob.createMany({ data: Array.from({ length: 120 }, (_, i) => job(i)) });
    const existing = await t.prisma.downloadJob.count({ where: { userId } });

    const latest = await t.call('GET', '/api/v1/products/download/jobs', OWNER);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toHaveLength(50);
    expect(total(latest)).toBe(existing);
    expect(nextOf(latest)).toMatch(/^\/api\/v1\/products\/download\/jobs\?limit=50&cursor=/);

    let added = 0;
    const paged = await walk('/api/v1/products/download/jobs?limit=40', async () => {
      // A newer job never shifts the pages after it.
      added += 1;
      await t.prisma.downloadJob.create({ data: { ...job(1_000 + added), id: `job-new-${added}` } });
    });
    const ids = paged.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(existing);
    expect(ids.filter((id) => id.startsWith('job-new-'))).toEqual([]);
  });

  it('searches the product a job exports, counting the matches, and refuses more than 50 a page', async () => {
    const search = await t.call('GET', '/api/v1/products/download/jobs?limit=50&q=prod-wb', OWNER);
    expect(search.statusCode).toBe(200);
    const found = search.json() as { relatedId: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => item.relatedId === 'prod-wb-1')).toBe(true);
    const userId = await owner();
    expect(total(search)).toBe(
      await t.prisma.downloadJob.count({ where: { userId, relatedId: { contains: 'prod-wb' } } }),
    );
    const tooMany = await t.call('GET', '/api/v1/products/download/jobs?limit=51', OWNER);
    expect([tooMany.statusCode, codeOf(tooMany)]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
