// Simulated and call times need the time of day, not only the date the rest of the app shows.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** "23 Nov 2026, 17:40:02 UTC"; empty for a missing date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${dateTime.format(date)} UTC`;
}
