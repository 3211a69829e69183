import { describe, expect, it } from 'vitest';
import { checkedText, isFrozenAnswer, memoAnswer, rememberChecked } from './frozen-answers.ts';

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

  it('give their checked text only for the operation and status they passed, and only when frozen', () => {
    const answer = memoAnswer(new WeakMap(), {}, () => ({ vehicles: [], wallboxes: [] }));
    expect(checkedText(answer, 'listProducts 200')).toBeUndefined();
    rememberChecked(answer, 'listProducts 200', '{"vehicles":[],"wallboxes":[]}');
    expect(checkedText(answer, 'listProducts 200')).toBe('{"vehicles":[],"wallboxes":[]}');
    expect(checkedText(answer, 'listProducts 500')).toBeUndefined();
    const fresh = { vehicles: [], wallboxes: [] };
    rememberChecked(fresh, 'listProducts 200', '{}');
    expect(isFrozenAnswer(fresh)).toBe(false);
    expect(checkedText(fresh, 'listProducts 200')).toBeUndefined();
  });
});
