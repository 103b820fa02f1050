/** Formatting rules of spec 9 and ui.md: compact counts, relative dates, share text. */
import { LIMITS } from './constants';

/** spec 9: view counts are formatted compactly. @example formatCompact(12345) // '12K' */
export function formatCompact(n: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 days ago" for a past ISO date (ui.md, job card). @example relativeTime('2026-11-19T10:00:00Z', new Date('2026-11-22T10:00:00Z')) // '3 days ago' */
export function relativeTime(iso: string, now: Date = new Date(), locale = 'en'): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'minute');
}

/** spec 9: share descriptions are cut at 200 characters, on a word where one is near. */
export function shareText(text: string, max: number = LIMITS.shareTextMax): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
