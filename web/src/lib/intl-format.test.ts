import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import {
  formatCountry,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatTime,
  localeOf,
} from './intl-format.ts';

const at = '2025-03-09T17:40:02Z';

describe('formatting in the interface language', () => {
  it('English is en-GB: day/month/year, comma grouping, point decimals', () => {
    expect(localeOf('en')).toBe('en-GB');
    expect(formatDate(at, 'en')).toBe('09/03/2025');
    expect(formatDateTime(at, 'en')).toBe('9 Mar 2025, 17:40:02 UTC');
    expect(formatNumber(50_000, 'en')).toBe('50,000');
    expect(formatFileSize(204_800, 'en')).toBe('200 kB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatCountry('DE', 'en')).toBe('Germany');
  });

  it('Greek is el-GR: Greek month names and day periods, point grouping, comma decimals', () => {
    expect(localeOf('el')).toBe('el-GR');
    expect(formatDate(at, 'el')).toBe('09/03/2025');
    expect(formatDateTime(at, 'el')).toBe('9 Μαρ 2025, 5:40:02 μ.μ. UTC');
    expect(formatNumber(50_000, 'el')).toBe('50.000');
    expect(formatFileSize(204_800, 'el')).toBe('200 kB');
    expect(formatFileSize(1_572_864, 'el')).toBe('1,5 MB');
    expect(formatCountry('DE', 'el')).toBe('Γερμανία');
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
