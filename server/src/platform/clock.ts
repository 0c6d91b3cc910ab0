/** The time source; tests pass a controllable one to move past block and expiry times. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved. */
export function fixedClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date) {
      current = at.getTime();
    },
  };
}
