// Time helpers for the seed: everything is placed relative to the `now` it is given.
export const DAY_MS = 24 * 60 * 60 * 1000;

/** `now` minus a (possibly fractional) number of days. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
