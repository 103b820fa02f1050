/** Time arithmetic for seed timestamps, which are all relative to a given "now". */

const DAY_MS = 86_400_000;

/** `days` (may be fractional) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** `days` (may be fractional) after `date`. */
export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
