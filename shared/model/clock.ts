export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();
