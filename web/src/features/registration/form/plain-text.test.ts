import { describe, expect, it } from 'vitest';
import { toPlainText } from './plain-text.ts';

describe('toPlainText', () => {
  it('drops tags, stray angle brackets and control characters, and trims', () => {
    expect(toPlainText('  <b>Acme</b> Mobility ')).toBe('Acme Mobility');
    expect(toPlainText('Acme<script>alert(1)</script>')).toBe('Acmealert(1)');
    expect(toPlainText('Size > 5')).toBe('Size  5');
    expect(toPlainText('a <b and more')).toBe('a');
    expect(toPlainText('Acme\u0000\u0007 Ltd<img src=x onerror=alert(1)')).toBe('Acme Ltd');
    expect(toPlainText('Ελληνική Εταιρεία Α.Ε. & Co')).toBe('Ελληνική Εταιρεία Α.Ε. & Co');
  });
});
