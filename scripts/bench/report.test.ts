import { describe, expect, it } from 'vitest';

import { kilobytes, loadSummary, median, ratio, spread, table, verdict } from './report.mjs';

describe('benchmark report helpers', () => {
  it('takes the mean rate, the p50/p99 latencies and every kind of failure from an autocannon result', () => {
    const result = {
      requests: { average: 1234.56, total: 12346 },
      latency: { p50: 7, p99: 21 },
      errors: 1,
      timeouts: 2,
      non2xx: 3,
    };
    expect(loadSummary(result)).toEqual({ rps: 1235, p50: 7, p99: 21, requests: 12346, failures: 6 });
  });

  it('gives ratios to two decimals (two significant digits when small), and none without a baseline', () => {
    expect(ratio(1500, 2000)).toBe(0.75);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(84, 15164)).toBe(0.0055);
    expect(ratio(0, 100)).toBe(0);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(Number.NaN, 10)).toBeNull();
  });

  it('takes the median of rounds and shows how far they spread, leaving out rounds with no value', () => {
    expect(median([0.52, 0.31, 0.47])).toBe(0.47);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.4, null, Number.NaN])).toBe(0.4);
    expect(median([])).toBeNull();
    expect(spread([0.52, 0.31, 0.47])).toBe('0.31–0.52');
    expect(spread([0.5, 0.5])).toBe('0.5');
    expect(spread([null])).toBeNull();
  });

  it('formats sizes and verdicts', () => {
    expect(kilobytes(102_400)).toBe(100);
    expect(kilobytes(1536)).toBe(1.5);
    expect(verdict(true)).toBe('ok');
    expect(verdict(false)).toBe('MISSED');
    expect(verdict(null)).toBe('–');
  });

  it('draws a Markdown table with numbers aligned right and gaps as dashes', () => {
    const text = table(
      [
        ['page', 'page'],
        ['rps', 'req/s'],
        ['ratio', 'ratio'],
      ],
      [
        { page: '/', rps: 1200, ratio: 0.61 },
        { page: '/cart', rps: 950, ratio: null },
      ],
    );
    expect(text.split('\n')).toEqual([
      '| page  | req/s | ratio |',
      '| ----- | ----: | ----: |',
      '| /     |  1200 |  0.61 |',
      '| /cart |   950 |     – |',
    ]);
  });
});
