import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isFrozenAnswer } from './frozen-answers.ts';
import { answerList, type ListSource } from './paging.ts';

interface Row {
  id: string;
  at: string;
}

/** A reply that keeps its headers: all answerList touches. */
function fakeReply(url = '/api/v1/things?limit=2') {
  const headers: Record<string, string> = {};
  const reply = {
    request: { url, arrivedAt: 0 },
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

function source(read: () => Row[]): ListSource<Row, { id: string }> & { built: () => number } {
  let built = 0;
  return {
    fetch: async () => read(),
    count: async () => 3,
    position: (row) => ({ at: new Date(row.at), id: row.id }),
    toItem: (row) => {
      built += 1;
      return { id: row.id };
    },
    items: new WeakMap(),
    built: () => built,
  };
}

const rows = (...ids: string[]) => ids.map((id) => Object.freeze({ id, at: '2026-11-27T10:00:00.000Z' }));

describe('list answers', () => {
  it('are built once from rows a read remembers (the same frozen array), with the headers on every answer', async () => {
    const remembered = Object.freeze(rows('a', 'b', 'c')) as Row[];
    const list = source(() => remembered);
    const page = { take: 2, scope: 'things' };
    const first = fakeReply();
    const answer = await answerList(first.reply, page, list);
    const second = fakeReply();
    expect(await answerList(second.reply, page, list)).toBe(answer);
    expect(answer).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(isFrozenAnswer(answer)).toBe(true);
    expect(list.built()).toBe(2);
    for (const { headers } of [first, second]) {
      expect(headers['x-total-count']).toBe('3');
      expect(headers.link).toContain('rel="next"');
    }
  });

  it('are built anew for rows read afresh (not frozen), and for new remembered rows', async () => {
    const fresh = source(() => rows('a'));
    const page = { scope: 'things' };
    const answer = await answerList(fakeReply().reply, page, fresh);
    expect(await answerList(fakeReply().reply, page, fresh)).not.toBe(answer);
    expect(isFrozenAnswer(answer)).toBe(false);
    let current = Object.freeze(rows('a')) as Row[];
    const changing = source(() => current);
    const before = await answerList(fakeReply().reply, page, changing);
    current = Object.freeze(rows('a', 'b')) as Row[];
    expect(await answerList(fakeReply().reply, page, changing)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(before).toEqual([{ id: 'a' }]);
  });

  it('give each address its own Link, and a new cursor once the rows change', async () => {
    let current = Object.freeze(rows('a', 'b', 'c')) as Row[];
    const list = source(() => current);
    const page = { take: 2, scope: 'things' };
    const linkOf = async (url?: string) => {
      const reply = fakeReply(url);
      await answerList(reply.reply, page, list);
      return reply.headers.link as string;
    };
    const cursorOf = (link: string) =>
      new URL(/<([^>]+)>/.exec(link)?.[1] as string, 'http://x').searchParams;
    const first = await linkOf();
    expect(await linkOf()).toBe(first);
    expect(first).toMatch(/^<\/api\/v1\/things\?limit=2&cursor=[^>]+>; rel="next"$/);
    const searched = await linkOf('/api/v1/things?q=b&limit=2');
    expect(searched).toMatch(/^<\/api\/v1\/things\?q=b&limit=2&cursor=/);
    expect(cursorOf(searched).get('cursor')).toBe(cursorOf(first).get('cursor'));
    // New rows (a write): the page ends at another row, so the cursor names another position.
    current = Object.freeze(rows('z', 'a', 'b', 'c')) as Row[];
    const after = await linkOf();
    expect(cursorOf(after).get('cursor')).not.toBe(cursorOf(first).get('cursor'));
  });
});
