/**
 * Moves the process clock by TEST_CLOCK_SHIFT_DAYS for a test run (vitest `setupFiles`), so a test
 * that only passes near the day it was written (a date pinned in a fixture meeting `Date.now()`)
 * fails in CI on that same day. Time keeps flowing; only its origin moves.
 */
const days = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0);

// Files of one worker share the process (isolate: false in vitest.config.ts): the clock moves once.
const SHIFTED = Symbol.for('filo.test.shiftedClock');

if (days && !(SHIFTED in Date)) {
  const RealDate = Date;
  const offset = days * 86_400_000;
  const shiftedNow = () => RealDate.now() + offset;

  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    // Called without `new`, Date returns the current time as text.
    if (!new.target) return new RealDate(shiftedNow()).toString();
    if (args.length === 0) return new RealDate(shiftedNow());
    return new (RealDate as unknown as new (...values: unknown[]) => Date)(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = shiftedNow;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  Object.defineProperty(ShiftedDate, SHIFTED, { value: true });
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

export {};
