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
