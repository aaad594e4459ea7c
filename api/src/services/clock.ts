/** Time as the API sees it; tests pass a controllable one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export function fixedClock(start: Date | string): Clock & { advance(ms: number): void; set(to: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    set: (to) => {
      current = new Date(to);
    },
  };
}

/**
 * The system clock moved forward by what tests asked (DEV_CLOCK=1 only): end-to-end tests pass a
 * drop's launch instant without waiting for it. It never goes back.
 */
export function offsetClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
  };
}

/** A moment as the API's answers write it: ISO 8601 in UTC, whether the database gave a Date or a string. */
export const isoTime = (at: Date | string): string => new Date(at).toISOString();
