import { describe, expect, it } from 'vitest';

import {
  CHANGEABLE_RETENTION_KINDS,
  describeDays,
  RETENTION_BOUNDS,
  RETENTION_DAYS,
  RETENTION_MARKER,
  retentionChangeSchema,
  retentionMarkdown,
} from './retention';

describe('retention periods', () => {
  it('are said as people say them', () => {
    expect([3653, 730, 365, 90, 30, 1].map((days) => describeDays(days))).toEqual([
      '10 years',
      '2 years',
      '1 year',
      '90 days',
      '30 days',
      '1 day',
    ]);
  });

  it('start within their own bounds, and the orders’ cannot be changed', () => {
    for (const kind of CHANGEABLE_RETENTION_KINDS) {
      expect(RETENTION_DAYS[kind]).toBeGreaterThanOrEqual(RETENTION_BOUNDS[kind].min);
      expect(RETENTION_DAYS[kind]).toBeLessThanOrEqual(RETENTION_BOUNDS[kind].max);
    }
    const { orders, ...changeable } = RETENTION_DAYS;
    expect(retentionChangeSchema.safeParse(changeable).success).toBe(true);
    expect(retentionChangeSchema.safeParse({ ...changeable, orders }).success).toBe(false);
  });

  it('make the privacy policy’s list, one line per period, the marker being an HTML comment', () => {
    const list = retentionMarkdown(RETENTION_DAYS).split('\n');
    expect(list).toHaveLength(Object.keys(RETENTION_DAYS).length);
    expect(list[0]).toBe('- Order and invoice records (Italian tax law, Art. 2220 of the Civil Code): 10 years.');
    expect(RETENTION_MARKER).toMatch(/^<!--.*-->$/);
  });
});
