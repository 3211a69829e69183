import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-ids.ts';

describe('request ids', () => {
  it('never repeat within a server, nor between two servers', () => {
    const first = createRequestIds();
    const second = createRequestIds();
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) {
      ids.add(first());
      ids.add(second());
    }
    expect(ids.size).toBe(20_000);
    expect(first()).toMatch(/^r[0-9a-f]{8}-[0-9a-z]+$/);
  });
});
