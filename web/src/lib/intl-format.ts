import i18next from 'i18next';

/**
 * The one place that turns dates, times, counts and sizes into text (country names: country-names.ts), in the conventions
 * of the interface language: English is en-GB (the specification's dates), Greek el-GR. Components call
 * these while rendering; `useTranslation` re-renders them when the language changes.
 */
const LOCALES: Record<string, string> = { en: 'en-GB', el: 'el-GR' };

export function localeOf(language: string = i18next.resolvedLanguage ?? i18next.language ?? 'en'): string {
  return LOCALES[language] ?? LOCALES[language.split('-')[0] ?? ''] ?? 'en-GB';
}

// Building an Intl formatter is far slower than using one, and lists format thousands of rows.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The first Intl formatter a page builds costs 80–120 ms of main thread in Chromium (its locale data
 * loads), and 4× that on Lighthouse's mobile preset: one long task when a list of dates or a count first
 * renders (issue 26). The two formats of every list, a day and a whole count, are the same digits in
 * both languages with a separator of their own, so they are written here (a test holds them equal to
 * Intl's); Intl is asked only for the rest.
 */
const GROUPING: Record<string, string> = { 'en-GB': ',', 'el-GR': '.' };
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Day, month and year ("09/03/2025"); empty for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined, language?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = localeOf(language);
  const year = date.getFullYear();
  if (GROUPING[locale] && year >= 1000 && year <= 9999)
    return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${year}`;
  return cached(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }),
  ).format(date);
}

/** Date and time of day to the second, in UTC and marked so ("23 Nov 2026, 17:40:02 UTC"). */
export function formatDateTime(value: string | number | Date | null | undefined, language?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = localeOf(language);
  const formatter = cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }),
  );
  return `${formatter.format(date)} UTC`;
}

/** Time of day to the second in the browser's zone ("17:40:02"). */
export function formatTime(value: string | number | Date | null | undefined, language?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = localeOf(language);
  return cached(`time:${locale}`, () => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })).format(
    date,
  );
}

/** A count with the language's grouping ("50,000" / "50.000"). */
export function formatNumber(value: number, language?: string): string {
  const locale = localeOf(language);
  const separator = GROUPING[locale];
  if (separator && Number.isSafeInteger(value) && value >= 0)
    return String(value).replace(/\B(?=(\d{3})+$)/g, separator);
  return cached(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** A file size in kB (at least 1) below 1 MB, else MB with one decimal ("1.5 MB" / "1,5 MB"). */
export function formatFileSize(bytes: number, language?: string): string {
  const locale = localeOf(language);
  if (bytes < 1024 * 1024) {
    return cached(
      `kb:${locale}`,
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }),
    ).format(Math.max(1, Math.round(bytes / 1024)));
  }
  return cached(
    `mb:${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'megabyte',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
  ).format(bytes / (1024 * 1024));
}
