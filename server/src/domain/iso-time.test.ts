import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './iso-time.ts';

describe('isoTimestamp', () => {
  it('answers exactly what toISOString answers, in order and out of order', () => {
    const times = [
      0,
      -1,
      Date.UTC(2025, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1969, 11, 31, 12, 30, 15, 7),
      Date.UTC(10_000, 0, 1, 1, 2, 3, 4),
      Date.UTC(-1, 5, 6, 7, 8, 9, 10),
      8.64e15,
      -8.64e15,
    ];
    let t = Date.UTC(2025, 2, 30, 22);
    for (let i = 0; i < 5000; i += 1) {
      times.push(t);
      t += 60_000 + (i % 7) * 1_001;
    }
    for (let i = 0; i < 2000; i += 1) times.push(Math.floor((Math.sin(i) * 1e13) / 1.7));
    for (const time of times) expect(isoTimestamp(time)).toBe(new Date(time).toISOString());
  });

  it('rejects an invalid time as toISOString does', () => {
    isoTimestamp(8.64e15); // the last valid day is the cached one now
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError);
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
  });
});
