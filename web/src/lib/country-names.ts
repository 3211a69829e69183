import el from 'i18n-iso-countries/langs/el.json';
import en from 'i18n-iso-countries/langs/en.json';
import { localeOf } from './intl-format.ts';

/**
 * Country names from i18n-iso-countries' data, not the platform's Intl: the server (Node's ICU) draws
 * the first page and the browser (its own ICU) hydrates it, and two ICU versions name some countries
 * differently ('Hong Kong SAR China' / 'Hong Kong'): a different text is a hydration mismatch, and
 * React then draws the whole page again. One table gives both the same words.
 */
type Names = Readonly<Record<string, string | readonly string[]>>;
const NAMES: Readonly<Record<string, Names>> = { 'en-GB': en.countries, 'el-GR': el.countries };

/** A country's name from its ISO 3166-1 alpha-2 code, in the interface language; the code when unknown. */
export function formatCountry(code: string, language?: string): string {
  const name = NAMES[localeOf(language)]?.[code];
  // Where the data gives several names, the first is the usual one.
  return (typeof name === 'string' ? name : name?.[0]) ?? code;
}
