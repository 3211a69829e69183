import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCountry } from './country-names.ts';
import { changeLanguage } from './i18n/i18n.ts';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatTime,
  localeOf,
} from './intl-format.ts';

const at = '2025-03-09T17:40:02Z';

describe('formatting in the interface language', () => {
  it.each([
    {
      language: 'en',
      conventions: 'English is en-GB: day/month/year, comma grouping, point decimals',
      expected: ['en-GB', '09/03/2025', '9 Mar 2025, 17:40:02 UTC', '50,000', '200 kB', '1.5 MB', 'Germany'],
    },
    {
      language: 'el',
      conventions: 'Greek is el-GR: Greek month names and day periods, point grouping, comma decimals',
      expected: [
        'el-GR',
        '09/03/2025',
        '9 Μαρ 2025, 5:40:02 μ.μ. UTC',
        '50.000',
        '200 kB',
        '1,5 MB',
        'Γερμανία',
      ],
    },
  ])('$conventions', ({ language, expected }) => {
    expect([
      localeOf(language),
      formatDate(at, language),
      formatDateTime(at, language),
      formatNumber(50_000, language),
      formatFileSize(204_800, language),
      formatFileSize(1_572_864, language),
      formatCountry('DE', language),
    ]).toEqual(expected);
  });

  it('uses the current language when none is given, and tolerates missing values', async () => {
    expect(formatNumber(1234)).toBe('1,234');
    await changeLanguage('el');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatTime(new Date(2025, 2, 9, 9, 5, 7))).toBe('9:05:07 π.μ.');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatCountry('1')).toBe('1');
  });

  it("counts inside texts use the language's grouping", async () => {
    expect(i18next.t('lists.count', { count: 50_000 })).toBe('50,000 items in the list');
    expect(i18next.t('lists.count', { count: 1 })).toBe('1 item in the list');
    await changeLanguage('el');
    expect(i18next.t('lists.count', { count: 50_000 })).toBe('50.000 στοιχεία στη λίστα');
    expect(i18next.t('lists.end', { count: 1 })).toBe('Τέλος της λίστας: 1 στοιχείο');
  });
});

describe('country names', () => {
  it('are the same words wherever the page is drawn (no platform ICU), in the interface language', () => {
    // Node's ICU says 'Hong Kong SAR China', Chromium's 'Hong Kong': the table says one thing to both.
    expect(formatCountry('HK', 'en')).toBe('Hong Kong');
    expect(formatCountry('PS', 'en')).toBe('State of Palestine');
    expect(formatCountry('GR', 'el')).toBe('Ελλάδα');
    expect(formatCountry('XX', 'en')).toBe('XX');
  });
});

describe('the formats written without Intl (a day, a whole count)', () => {
  it("equal Intl's in both languages", () => {
    const days = Array.from(
      { length: 400 },
      (_, index) => new Date(1999 + (index % 40), index % 12, (index * 7) % 31 || 1, index % 24),
    );
    const counts = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      9999,
      12_345,
      999_999,
      1_000_000,
      50_000,
      123_456_789,
      2 ** 53 - 1,
    ];
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['el', 'el-GR'],
    ] as const) {
      const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
      const number = new Intl.NumberFormat(locale);
      expect(days.map((day) => formatDate(day, language))).toEqual(days.map((day) => date.format(day)));
      expect(counts.map((count) => formatNumber(count, language))).toEqual(
        counts.map((count) => number.format(count)),
      );
    }
    // What the fast paths leave to Intl still comes out in the language's conventions.
    expect(formatNumber(-1234.5, 'el')).toBe('-1.234,5');
    expect(formatNumber(0.5, 'en')).toBe('0.5');
  });
});
