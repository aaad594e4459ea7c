import { describe, expect, it } from 'vitest';

import { formatLongDate, isoDay } from './dates';

describe('dates shown to shoppers', () => {
  it('are the day in Italy, as the shop counts its days: an order at 00:30 in Milan is that day', () => {
    expect(formatLongDate('2026-11-24T23:30:00Z')).toBe('25 November 2026');
    expect(formatLongDate('2026-11-24T22:59:00Z')).toBe('24 November 2026');
    expect(formatLongDate('2026-06-30T22:15:00Z')).toBe('1 July 2026');
    expect(isoDay('2026-11-24T23:30:00Z')).toBe('2026-11-25');
    expect(isoDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
  });

  it('are empty for what is not a date', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('not a date')).toBe('');
    expect(isoDay(undefined)).toBe('');
    expect(isoDay('31/12/2026')).toBe('');
  });
});
