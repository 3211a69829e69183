import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n.ts';
import { countries, sortedByName } from './countries.ts';

describe('the countries of the registration form', () => {
  it.each([
    ['en', 'en-GB'],
    ['el', 'el-GR'],
  ] as const)('in %s: every code once, in Intl.Collator’s order of the names', async (language, locale) => {
    await changeLanguage(language);
    const list = countries();
    expect(list).toEqual(sortedByName(locale));
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(240);
  });
});
