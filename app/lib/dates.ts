const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '22 November 2026'; in UTC, so the server and the browser write the same. Empty for a date that cannot be read. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : long.format(date);
}

/** 2026-11-22 (UTC): a date spreadsheets read as one. */
export function isoDay(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
