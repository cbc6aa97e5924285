/** The clock services read, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 UTC string, the stored form of every time. */
export function iso(d: Date): string {
  return d.toISOString();
}
