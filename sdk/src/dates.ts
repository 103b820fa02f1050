/** The dates a job shows: which date "posted" means, how long ago it reads, and its exact form. */

/**
 * The date a job shows as posted, and sorts by under "newest first": when it went public
 * (approvedAt), else when it was created.
 * Server twin: `POSTED_AT` in server/src/queries/jobs.ts, `coalesce(approved_at, created_at)`;
 * server/src/queries/jobs-posted.test.ts proves the SQL order agrees with this.
 * @example postedAt({ approvedAt: null, createdAt: '2026-11-19T10:00:00Z' }) // '2026-11-19T10:00:00Z'
 */
export function postedAt(job: { approvedAt: string | null; createdAt: string }): string {
  return job.approvedAt ?? job.createdAt;
}

/**
 * Newest posted first, then the higher id (the order of "newest first" on every surface).
 * @example jobs.toSorted(byPostedDesc)
 */
export function byPostedDesc(a: { id: number; approvedAt: string | null; createdAt: string }, b: typeof a): number {
  return Date.parse(postedAt(b)) - Date.parse(postedAt(a)) || b.id - a.id;
}

const DAY = 86_400;

/**
 * The units a distance in seconds is told in, largest first, as [unit, from, size]: a unit applies
 * from `from` seconds on, in whole units of `size` rounded toward zero (so "6 days ago" lasts until
 * the 7th day has passed).
 * - under a minute: "now"
 * - 1–59 minutes: "5 minutes ago"; 1–23 hours: "3 hours ago"
 * - 1–13 days: "yesterday", "8 days ago" (a fortnight in days: job posts are read by the day)
 * - 14–59 days: "2 weeks ago" … "8 weeks ago"
 * - 60–364 days: "2 months ago" … "12 months ago" (a 30-day month)
 * - from 365 days: "last year", "2 years ago"
 * Tuples, not objects: the widget ships this table, and its bundle has a budget.
 */
export const RELATIVE_TIME_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number, number])[] = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 60 * DAY, 30 * DAY],
  ['week', 14 * DAY, 7 * DAY],
  ['day', DAY, DAY],
  ['hour', 3600, 3600],
  ['minute', 60, 60],
];

/**
 * Formatters by locale and kind: making one costs a hundred times more than using it, and a job list
 * prints dozens of dates (issue #16: making them was the largest cost of rendering /jobs).
 */
const formats = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cachedFormat<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make()));
  return format as T;
}

/**
 * "3 days ago" for an ISO date, in `locale`, with the units of RELATIVE_TIME_UNITS; '' when the date
 * does not parse (the caller then shows nothing).
 * @example relativeTime('2026-11-14T10:00:00Z', new Date('2026-11-22T10:00:00Z')) // '8 days ago'
 * @example relativeTime('2026-11-14T10:00:00Z', new Date('2026-11-22T10:00:00Z'), 'da') // 'for 8 dage siden'
 */
export function relativeTime(iso: string, now: Date = new Date(), locale = 'en'): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  // numeric 'auto' gives the words a language has ("yesterday", "i går", "last year").
  const format = cachedFormat(`r ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, from, size] of RELATIVE_TIME_UNITS) {
    // `|| 0` turns -0 into 0, which would print as "0 … ago".
    if (Math.abs(seconds) >= from) return format.format(Math.trunc(seconds / size) || 0, unit);
  }
  return format.format(0, 'second');
}

/**
 * The exact date shown in a `title` next to a relative time, e.g. "19 November 2026"; the text as
 * given when it does not parse. In UTC, so the server and the browser print the same text (no
 * hydration mismatch).
 */
export function exactDate(iso: string, locale = 'en-GB'): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : cachedFormat(`d ${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })).format(time);
}

/**
 * A time of day on the viewer's clock, as a form's "Saved 12:03" says it: hours and minutes in the
 * locale's style (24 or 12 hours). Only for text shown after an action in the browser: the server
 * has no viewer's time zone.
 * @example clockTime(new Date('2026-11-19T12:03:00'), 'en-GB') // '12:03'
 */
export function clockTime(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}
