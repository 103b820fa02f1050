/** Formatting rules of spec 9 and ui.md: compact counts, relative dates, share text. */
import { LIMITS, POSITION_TYPES } from './constants';
import type { Equity, Salary } from './schemas/job';

/** spec 9: view counts are formatted compactly. @example formatCompact(12345) // '12K' */
export function formatCompact(n: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

// Dates have their own home; re-exported so that one import serves a card's labels.
export { exactDate, relativeTime } from './dates';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of (sanitised) HTML: tags dropped, the common entities decoded, so "&amp;" is shared as "&". */
function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

/** spec 9: share descriptions are cut at 200 characters, on a word where one is near. */
export function shareText(text: string, max: number = LIMITS.shareTextMax): string {
  const plain = htmlToText(text).replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

// Labels shared by the site and the server-rendered pages.
const integer = new Intl.NumberFormat('en');

/** "1,234 jobs", "1 job". */
export function countLabel(n: number, singular: string, plural = `${singular}s`, { exact = true } = {}): string {
  // Searches count up to a cap; past it the total is a lower bound ("2,000+ jobs").
  return `${integer.format(n)}${exact ? '' : '+'} ${n === 1 && exact ? singular : plural}`;
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
