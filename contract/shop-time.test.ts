import { describe, expect, it } from 'vitest';

import { addDays, formatLaunchTime, shopClock, shopDay, shopDayStart, shopWallTimeToDate, timeLeft, toShopWallTime } from './shop-time';

describe('the shop clock (Europe/Rome)', () => {
  it('reads a wall time in winter and in summer time', () => {
    expect(shopWallTimeToDate('2026-12-01T18:00')?.toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(shopWallTimeToDate('2026-07-01T18:00')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(shopWallTimeToDate('2026-07-01T18:00:30')?.toISOString()).toBe('2026-07-01T16:00:30.000Z');
  });

  it('refuses what is not a time', () => {
    expect(shopWallTimeToDate('2026-02-30T18:00')).toBeNull();
    expect(shopWallTimeToDate('2026-12-01 18:00')).toBeNull();
    expect(shopWallTimeToDate('2026-12-01T24:00')).toBeNull();
    expect(shopWallTimeToDate('')).toBeNull();
  });

  it('moves a time the clocks skip forward with them', () => {
    expect(shopWallTimeToDate('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('shows an instant as the shop wall time, the other way round', () => {
    expect(toShopWallTime('2026-12-01T17:00:00Z')).toBe('2026-12-01T18:00');
    expect(toShopWallTime('2026-07-01T16:00:00Z')).toBe('2026-07-01T18:00');
    for (const local of ['2026-01-15T09:05', '2026-10-25T12:00', '2027-06-30T23:59'])
      expect(toShopWallTime(shopWallTimeToDate(local)!)).toBe(local);
  });

  it('names the zone when it says a launch time', () => {
    expect(formatLaunchTime('2026-12-01T17:00:00Z')).toBe('Tuesday, 1 December 2026 at 18:00 CET');
    expect(formatLaunchTime('2026-12-01T17:00:00Z', 'America/New_York')).toContain('12:00');
    expect(formatLaunchTime('2026-12-01T17:00:00Z', undefined, 'it')).toBe('martedì 1 dicembre 2026 alle ore 18:00 CET');
  });

  it('splits the time left', () => {
    expect(timeLeft(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(timeLeft(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows the back office an instant in Italian time, to the minute or the second', () => {
    expect(shopClock('2026-11-25T04:57:03.120Z')).toBe('2026-11-25 05:57');
    expect(shopClock('2026-11-25T04:57:03.120Z', { seconds: true })).toBe('2026-11-25 05:57:03');
    expect(shopClock('2026-07-01T22:30:00Z')).toBe('2026-07-02 00:30');
  });

  it('counts days as Italy does: an order at 23:30 UTC belongs to the next day', () => {
    expect(shopDay('2026-11-24T23:30:00Z')).toBe('2026-11-25');
    expect(shopDay('2026-11-24T22:59:59Z')).toBe('2026-11-24');
    expect(shopDayStart('2026-11-25').toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(shopDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The days of the clock changes last 23 and 25 hours.
    expect(shopDayStart('2026-03-30').getTime() - shopDayStart('2026-03-29').getTime()).toBe(23 * 3_600_000);
    expect(shopDayStart('2026-10-26').getTime() - shopDayStart('2026-10-25').getTime()).toBe(25 * 3_600_000);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -29)).toBe('2026-01-31');
    expect(() => shopDayStart('2026-02-30')).toThrow(RangeError);
  });
});
