/**
 * The shop's own clock face: FILO is in Italy, so times a shopper reads without JavaScript (a drop's
 * launch, its emails) are said in Italian time, with the zone named. With JavaScript the storefront
 * says them again in the shopper's own zone.
 */
export const SHOP_TIME_ZONE = 'Europe/Rome';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Wednesday, 25 November 2026 at 18:00 CET' in the given zone (the shop's unless told), in English
 * or Italian ('mercoledì 25 novembre 2026 alle ore 18:00 CET').
 */
export function formatLaunchTime(at: Date | string, timeZone: string = SHOP_TIME_ZONE, locale: 'en' | 'it' = 'en'): string {
  const key = `${locale}:${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof at === 'string' ? new Date(at) : at);
}

/** 'Launches in 1 d 02:03:04' style parts of the time left; all zero once it has passed. */
export function timeLeft(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of a zone from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffsetMs(at: number, timeZone: string): number {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    // Made once per zone: a list or a CSV reads the offset for every row.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter
      .formatToParts(new Date(at))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time in the shop's zone names ('2026-12-01T18:00', as a datetime-local
 * field posts it); null when the text is not such a time. A time skipped by a clock change moves
 * forward with the clocks.
 */
export function shopWallTimeToDate(local: string, timeZone: string = SHOP_TIME_ZONE): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** The shop-zone wall time of an instant, as a datetime-local field shows it ('2026-12-01T18:00'). */
export function toShopWallTime(at: Date | string, timeZone: string = SHOP_TIME_ZONE): string {
  const ms = new Date(at).getTime();
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}

/**
 * An instant as the back office shows it, in the shop's time to the minute ('2026-11-25 05:57'), or
 * to the second for the audit log ('2026-11-25 05:57:03').
 */
export function shopClock(at: Date | string, options: { seconds?: boolean } = {}): string {
  const ms = new Date(at).getTime();
  return new Date(ms + zoneOffsetMs(ms, SHOP_TIME_ZONE))
    .toISOString()
    .slice(0, options.seconds ? 19 : 16)
    .replace('T', ' ');
}

/** The shop's calendar day of an instant, YYYY-MM-DD. */
export function shopDay(at: Date | string): string {
  return toShopWallTime(at).slice(0, 10);
}

/** A calendar day `days` later (or earlier), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a shop day (YYYY-MM-DD) begins: its midnight in Italy, 23 or 22 h UTC the day before. */
export function shopDayStart(day: string): Date {
  const start = shopWallTimeToDate(`${day}T00:00`);
  if (!start) throw new RangeError(`Not a day: ${day}`);
  return start;
}
