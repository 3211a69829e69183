import { describe, expect, it } from 'vitest';
import {
  answerText,
  checkedBytes,
  checkedListBytes,
  frozenAnswer,
  isCheckedBytes,
  isFrozenAnswer,
  memoAnswer,
  memoListOf,
  rememberChecked,
} from './frozen-answers.ts';

describe('remembered answers', () => {
  it('are built once per row list and frozen all the way down, also inside already frozen parts', () => {
    const memo = new WeakMap<object, { items: { inner: { name: string } }[] }>();
    const rows = Object.freeze([{ name: 'a' }]);
    let builds = 0;
    const build = () => {
      builds += 1;
      return { items: [Object.freeze({ inner: { name: 'a' } })] };
    };
    const answer = memoAnswer(memo, rows, build);
    expect(memoAnswer(memo, rows, build)).toBe(answer);
    expect(builds).toBe(1);
    expect(Object.isFrozen(answer.items[0]?.inner)).toBe(true);
    expect(memoAnswer(memo, Object.freeze([{ name: 'a' }]), build)).not.toBe(answer);
    expect(builds).toBe(2);
  });

  it('give their checked bytes only for the operation and status they passed, and only when frozen', () => {
    const answer = memoAnswer(new WeakMap(), {}, () => ({ vehicles: [], wallboxes: [] }));
    expect(checkedBytes(answer, 'listProducts 200')).toBeUndefined();
    const text = '{"vehicles":[],"wallboxes":["Ωμέγα"]}';
    const sent = rememberChecked(answer, 'listProducts 200', text);
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(checkedBytes(answer, 'listProducts 200')).toBe(sent);
    expect(checkedBytes(answer, 'listProducts 500')).toBeUndefined();
    // The layers after the route (the call list, idempotency) read the bytes back as the same text.
    expect(isCheckedBytes(sent)).toBe(true);
    expect(answerText(sent)).toBe(text);
    const fresh = { vehicles: [], wallboxes: [] };
    expect(rememberChecked(fresh, 'listProducts 200', '{}')).toBe('{}');
    expect(isFrozenAnswer(fresh)).toBe(false);
    expect(checkedBytes(fresh, 'listProducts 200')).toBeUndefined();
  });

  it('tell other bytes apart from a checked answer', () => {
    const pdf = Buffer.from('%PDF-1.7');
    expect(isCheckedBytes(pdf)).toBe(false);
    expect(answerText(pdf)).toBeUndefined();
    expect(answerText('{"a":1}')).toBe('{"a":1}');
  });

  it('make a list of remembered answers the same frozen list while its items are the same', () => {
    const memo = new WeakMap<object, object[]>();
    const slot = {};
    const a = memoAnswer(new WeakMap(), {}, () => ({ name: 'a' }));
    const b = memoAnswer(new WeakMap(), {}, () => ({ name: 'b' }));
    const list = memoListOf(memo, slot, [a, b]);
    expect(isFrozenAnswer(list)).toBe(true);
    expect(memoListOf(memo, slot, [a, b])).toBe(list);
    // Another item, another order, another length: a new list.
    const c = memoAnswer(new WeakMap(), {}, () => ({ name: 'c' }));
    expect(memoListOf(memo, slot, [a, c])).not.toBe(list);
    expect(memoListOf(memo, slot, [b, a])).toEqual([b, a]);
    expect(memoListOf(memo, slot, [b])).toEqual([b]);
    // An item built for this request only: answered as it is, never remembered.
    const own = [a, { name: 'own' }];
    expect(memoListOf(memo, slot, own)).toBe(own);
    expect(isFrozenAnswer(own)).toBe(false);
  });
});

// Decision 0173: a list made of remembered items checks and serialises only the items it has not before.
describe('lists of remembered items', () => {
  const checker = () => {
    const checked: unknown[] = [];
    return {
      checked,
      checks: {
        minItems: 0,
        maxItems: 3,
        check: (item: object) => {
          checked.push(item);
          return (item as { ok?: boolean }).ok !== false;
        },
        serialize: (item: object) => JSON.stringify(item),
      },
    };
  };

  it('check and serialise each item once per operation and status, and give the whole list as bytes', () => {
    const { checked, checks } = checker();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => frozenAnswer({ name }));
    const first = checkedListBytes(frozenAnswer([a, b]), 'listX 200', checks);
    expect(first?.toString()).toBe('[{"name":"a"},{"name":"b"}]');
    expect(checked).toEqual([a, b]);
    // The list read again after a change: only its new item is checked.
    const list = frozenAnswer([c, a, b]);
    const second = checkedListBytes(list, 'listX 200', checks);
    expect(second?.toString()).toBe('[{"name":"c"},{"name":"a"},{"name":"b"}]');
    expect(checked).toEqual([a, b, c]);
    // Remembered as the list's checked bytes, as a whole answer is.
    expect(checkedBytes(list, 'listX 200')).toBe(second);
    expect(isCheckedBytes(second)).toBe(true);
    // Another operation checks them again.
    checkedListBytes(frozenAnswer([a]), 'listY 200', checks);
    expect(checked).toEqual([a, b, c, a]);
  });

  it('leave to the whole check a list out of bounds, an item that fails, or items not remembered', () => {
    const { checked, checks } = checker();
    const a = frozenAnswer({ name: 'a' });
    const bad = frozenAnswer({ name: 'bad', ok: false });
    expect(checkedListBytes(frozenAnswer([a, a, a, a]), 'listX 200', checks)).toBeUndefined();
    expect(checked).toEqual([]);
    expect(checkedListBytes(frozenAnswer([a, bad]), 'listX 200', checks)).toBeUndefined();
    // An item that failed is not remembered as checked: it fails again.
    expect(checkedListBytes(frozenAnswer([bad]), 'listX 200', checks)).toBeUndefined();
    expect(checked).toEqual([a, bad, bad]);
    expect(checkedListBytes(frozenAnswer([a, { name: 'fresh' }]), 'listX 200', checks)).toBeUndefined();
    expect(checkedListBytes([a], 'listX 200', checks)).toBeUndefined();
  });
});
