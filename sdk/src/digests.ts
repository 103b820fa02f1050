/**
 * When a job digest goes out (issue #14, spec 9 "daily or weekly"): at a whole hour of the subscriber's
 * own day, in their IANA time zone; a weekly digest on Mondays. One home for the rule: the server's
 * scheduler asks it when a subscription is next due, and the settings page may show the same time.
 * Pure Intl, so it runs in the browser and in Node alike.
 */
import type { DigestFrequency } from './schemas/digest';

/** The hour a new subscription gets, in its time zone, until its owner picks another. */
export const DEFAULT_DIGEST_HOUR = 8;
/** The time zone a subscription gets when the client sends none (spec 9's fixed site country is DK). */
export const DEFAULT_DIGEST_TIME_ZONE = 'Europe/Copenhagen';
/** A weekly digest's day: Monday (0 is Sunday, as Date#getUTCDay counts). */
export const WEEKLY_DIGEST_DAY = 1;

/** When one subscription's digests go out. */
export interface DigestTiming {
  frequency: DigestFrequency;
  /** 0–23, in `timeZone`. */
  hourOfDay: number;
  /** An IANA time zone, e.g. 'Europe/Oslo'. */
  timeZone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building them is the slow part. Throws a RangeError for an unknown zone. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Whether `timeZone` is an IANA time zone this runtime knows ('Europe/Copenhagen', 'UTC').
 * @example isTimeZone('Europe/Oslo') // true
 */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at `instant`. */
function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far `timeZone` is ahead of UTC at `instantMs`, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
  const t = localTime(new Date(instantMs), timeZone);
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - wholeSecond;
}

/**
 * The instant when the wall clock in `timeZone` shows `hour`:00 on the calendar day `year-month-day`.
 * An hour that a daylight-saving change skips lands at the end of the gap (an hour later).
 */
function atLocalHour(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  // The zone's offset at the wall time read as UTC, then at the first guess: one of the two is right.
  const first = asUtc - offsetAt(asUtc, timeZone);
  const candidates = [first, asUtc - offsetAt(first, timeZone)];
  const exact = candidates.filter((instant) => {
    const t = localTime(new Date(instant), timeZone);
    return t.day === day && t.hour === hour;
  });
  return new Date(exact.length ? Math.min(...exact) : Math.max(...candidates));
}

/** The calendar day `days` after `year-month-day` (any length of month, any year). */
function addDays(year: number, month: number, day: number, days: number): { year: number; month: number; day: number; weekday: number } {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay() };
}

/**
 * The first time after `after` that a digest with this timing is due: the next `hourOfDay`:00 in its
 * time zone (on a Monday for a weekly digest).
 * @example nextDigestAt({ frequency: 'daily', hourOfDay: 8, timeZone: 'Europe/Copenhagen' }, new Date('2026-05-04T07:30:00Z'))
 * // 2026-05-05T06:00:00.000Z (08:00 in Copenhagen, summer time, the next day)
 */
export function nextDigestAt(timing: DigestTiming, after: Date): Date {
  const today = localTime(after, timing.timeZone);
  // Eight days cover a weekly digest whose Monday slot today has just passed.
  for (let i = 0; i <= 8; i++) {
    const day = addDays(today.year, today.month, today.day, i);
    if (timing.frequency === 'weekly' && day.weekday !== WEEKLY_DIGEST_DAY) continue;
    const slot = atLocalHour(day.year, day.month, day.day, timing.hourOfDay, timing.timeZone);
    if (slot.getTime() > after.getTime()) return slot;
  }
  throw new Error(`nextDigestAt: no slot within 8 days of ${after.toISOString()} in ${timing.timeZone}`);
}

/**
 * The period a digest slot belongs to: its calendar day in the subscriber's time zone, 'YYYY-MM-DD'
 * (a weekly slot's Monday). One digest per subscription per period, ever.
 * @example digestPeriod(new Date('2026-05-05T06:00:00Z'), 'Europe/Copenhagen') // '2026-05-05'
 */
export function digestPeriod(slot: Date, timeZone: string): string {
  const t = localTime(slot, timeZone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}
