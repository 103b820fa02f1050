/** Display formatting the site needs beyond the sdk's: counts, dates, salary and equity. */
import type { Equity, Salary } from '@nordlys/sdk/schemas';
import { POSITION_TYPES } from '@nordlys/sdk/constants';
import { withScheme } from '@nordlys/sdk/validation';

const integer = new Intl.NumberFormat('en');

/** "1,234 jobs", "1 job". */
export function countLabel(n: number, singular: string, plural = `${singular}s`, { exact = true } = {}): string {
  // Searches count up to a cap; past it the total is a lower bound ("2,000+ jobs").
  return `${integer.format(n)}${exact ? '' : '+'} ${n === 1 && exact ? singular : plural}`;
}

// UTC, so the server and the browser print the same text (no hydration mismatch).
const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The exact date shown in a `title` next to a relative time, e.g. "19 November 2026". */
export function exactDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : longDate.format(time);
}

export function positionTypeLabel(value: string): string {
  return POSITION_TYPES.find((p) => p.value === value)?.text ?? value;
}

function moneyFormat(currency: string | null): Intl.NumberFormat | null {
  if (!currency) return integer;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    return null; // not an ISO currency code
  }
}

function money(amount: number, currency: string | null): string {
  return moneyFormat(currency)?.format(amount) ?? `${integer.format(amount)} ${currency}`;
}

function moneyRange(min: number, max: number, currency: string | null): string {
  const format = moneyFormat(currency);
  return format ? format.formatRange(min, max) : `${money(min, currency)}–${money(max, currency)}`;
}

/** "€4,000 – €5,500", "DKK 40,000–55,000", "From DKK 40,000", "Competitive salary"; null when nothing useful is known. */
export function salaryLabel(salary: Salary | null): string | null {
  if (!salary) return null;
  if (salary.type === 'competitive') return 'Competitive salary';
  if (salary.type === 'unpaid') return 'Unpaid';
  const { min, max, currency } = salary;
  if (min !== null && max !== null) return min === max ? money(min, currency) : moneyRange(min, max, currency);
  if (min !== null) return `From ${money(min, currency)}`;
  if (max !== null) return `Up to ${money(max, currency)}`;
  return null;
}

const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** "0.5–1% equity", "Equity negotiable", "Equity (undisclosed)". */
export function equityLabel(equity: Equity | null): string | null {
  if (!equity) return null;
  if (equity.type === 'undisclosed') return 'Equity (undisclosed)';
  if (equity.type === 'negotiated') return 'Equity negotiable';
  const { min, max } = equity;
  if (min !== null && max !== null && min !== max) return `${percent.format(min)}–${percent.format(max)}% equity`;
  const one = min ?? max;
  return one === null ? 'Equity' : `${percent.format(one)}% equity`;
}

/** Up to two initials for a monogram avatar: "Aurora Labs" → "AL", "Spotify" → "SP". */
export function initials(name: string): string {
  const words = name.trim().split(/[\s\-_.]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** A city from a URL segment ("copenhagen", "new-york") as words ("Copenhagen", "New York"). */
export function unslug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** A city as a URL segment: "New York" → "new-york" (letters such as ø are kept). */
export function slug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** "example.com" from "https://www.example.com/about", for link texts. */
export function displayHost(url: string): string {
  try {
    return new URL(withScheme(url)).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
