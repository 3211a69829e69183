import { describe, expect, it } from 'vitest';
import { toPlainText } from './plain-text.ts';

describe('toPlainText', () => {
  it.each([
    ['  <b>Acme</b> Mobility ', 'Acme Mobility'],
    ['Acme<script>alert(1)</script>', 'Acmealert(1)'],
    ['Size > 5', 'Size  5'],
    ['a <b and more', 'a'],
    ['Acme\u0000\u0007 Ltd<img src=x onerror=alert(1)', 'Acme Ltd'],
    ['Ελληνική Εταιρεία Α.Ε. & Co', 'Ελληνική Εταιρεία Α.Ε. & Co'],
  ])('drops tags, stray angle brackets and control characters, and trims: %j', (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });
});
