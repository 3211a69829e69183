import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_LENGTH,
  CROCKFORD_ALPHABET,
  formatAccessCode,
  generateAccessCode,
  normaliseAccessCode,
} from './access-code.ts';

describe('generateAccessCode', () => {
  it('gives 16 characters of the Crockford alphabet (80 bits)', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(ACCESS_CODE_LENGTH * Math.log2(CROCKFORD_ALPHABET.length)).toBe(80);
    for (let i = 0; i < 200; i += 1) {
      expect(generateAccessCode()).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{16}$/);
    }
  });

  it('never repeats over 10,000 codes', () => {
    const codes = new Set(Array.from({ length: 10_000 }, generateAccessCode));
    expect(codes.size).toBe(10_000);
  });

  it('uses every symbol at every position about equally often', () => {
    const counts = new Map<string, number>();
    const n = 10_000;
    for (let i = 0; i < n; i += 1) {
      for (const char of generateAccessCode()) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    const expected = (n * 16) / 32;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(expected * 0.85);
      expect(count).toBeLessThan(expected * 1.15);
    }
  });

  it('fills the first and the last symbol from the full range (no wasted bits)', () => {
    const first = new Set<string>();
    const last = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = generateAccessCode();
      first.add(code[0] ?? '');
      last.add(code[15] ?? '');
    }
    expect(first.size).toBe(32);
    expect(last.size).toBe(32);
  });
});

describe('formatAccessCode', () => {
  it('groups the code in fours with dashes', () => {
    expect(formatAccessCode('ABCD0123EFGH4567')).toBe('ABCD-0123-EFGH-4567');
  });
});

describe('normaliseAccessCode', () => {
  it('round-trips generated codes through their shown form', () => {
    for (let i = 0; i < 100; i += 1) {
      const code = generateAccessCode();
      const shown = formatAccessCode(code);
      expect(shown).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
      expect(normaliseAccessCode(shown)).toBe(code);
      expect(normaliseAccessCode(shown.toLowerCase())).toBe(code);
    }
  });

  it('ignores case, spaces and dashes', () => {
    expect(normaliseAccessCode(' abcd 0123-efgh  4567 ')).toBe('ABCD0123EFGH4567');
    expect(normaliseAccessCode('abcd--0123\tefgh\n4567')).toBe('ABCD0123EFGH4567');
  });

  it('reads O as zero and I or L as one', () => {
    expect(normaliseAccessCode('OOOO-IIII-LLLL-oil0')).toBe('0000111111110110');
  });

  it.each([
    ['empty', ''],
    ['too short', 'ABCD-0123-EFGH-456'],
    ['too long', 'ABCD-0123-EFGH-45678'],
    ['U is not a Crockford symbol', 'ABCD-0123-EFGH-456U'],
    ['punctuation', 'ABCD.0123.EFGH.4567'],
    ['non-ASCII letters', 'ÄBCD-0123-EFGH-4567'],
    ['a link instead of a code', 'https://x/redeem/ABCD'],
    ['spaces only', '                '],
  ])('rejects %s', (_name, input) => {
    expect(normaliseAccessCode(input)).toBeNull();
  });
});
