import { describe, expect, it } from 'vitest';
import {
  answerText,
  checkedBytes,
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
