import { describe, expect, it } from 'vitest';

import { currentMinute } from './test-api';

const days = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0);

describe('the test clock', () => {
  it('starts the test API at the process clock, to the minute', () => {
    const start = currentMinute().getTime();
    expect(start % 60_000).toBe(0);
    expect(Date.now() - start).toBeGreaterThanOrEqual(0);
    expect(Date.now() - start).toBeLessThan(60_000);
  });

  it.runIf(days)('runs this project with the process clock moved by TEST_CLOCK_SHIFT_DAYS', () => {
    // performance.timeOrigin is the real wall clock when the worker started; Date is moved.
    const real = performance.timeOrigin + performance.now();
    expect(Math.round((Date.now() - real) / 86_400_000)).toBe(days);
    expect(new Date().getTime() - Date.now()).toBeLessThan(1000);
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date() instanceof Date).toBe(true);
    expect(typeof (Date as unknown as () => string)()).toBe('string');
  });
});
