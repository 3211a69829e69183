import { describe, expect, it } from 'vitest';
import { createPromiseCache } from './promise-cache.ts';

describe('createPromiseCache', () => {
  it('starts the work once for concurrent callers, then answers its value without a promise', async () => {
    const cache = createPromiseCache<string>();
    let starts = 0;
    const start = async () => {
      starts += 1;
      return 'rendered';
    };
    const first = cache('a', start);
    const second = cache('a', start);
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    expect(await first).toBe('rendered');
    expect(cache('a', start)).toBe('rendered');
    expect(starts).toBe(1);
    expect(await cache('b', start)).toBe('rendered');
    expect(starts).toBe(2);
  });

  it('forgets a failure, so the next call starts again', async () => {
    const cache = createPromiseCache<string>();
    let attempt = 0;
    const start = async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('first render failed');
      return `attempt ${attempt}`;
    };
    await expect(cache('a', start)).rejects.toThrow('first render failed');
    expect(await cache('a', start)).toBe('attempt 2');
    expect(cache('a', start)).toBe('attempt 2');
  });
});
