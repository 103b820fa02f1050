/**
 * The one home of the profile rules of issue #11: which fields a startup or an investor must fill
 * before it can be submitted for review (the edit form's checklist, and the server's refusal of
 * POST …/submit), where a profile stands in review, and the key a new profile gets from its name.
 */
import type { ProfileStatus } from './constants';
import { reservedKeys, type KeyKind } from './routes';

/** A required field of the checklist: the form's field name and the words the checklist shows. */
export interface MissingField {
  field: string;
  label: string;
}

/** What the startup checklist reads: the edit form's values or a stored company. */
export interface CompanyCompleteness {
  name: string | null | undefined;
  website: string | null | undefined;
  logoImage: unknown;
  whatWeDo: string | null | undefined;
  addresses: readonly unknown[] | undefined;
  industries: readonly unknown[] | undefined;
  numberOfEmployees: string | null | undefined;
}

/** The fields a startup must fill before review, in the form's order. Required fields are marked in the form from this list too. */
export const COMPANY_REQUIRED: readonly MissingField[] = [
  { field: 'name', label: 'Name' },
  { field: 'website', label: 'Website' },
  { field: 'logoImage', label: 'Logo' },
  { field: 'whatWeDo', label: 'What we do' },
  { field: 'addresses', label: 'At least one country' },
  { field: 'industries', label: 'At least one industry' },
  { field: 'numberOfEmployees', label: 'Number of employees' },
];

export interface InvestorCompleteness {
  name: string | null | undefined;
  website: string | null | undefined;
  logoImage: unknown;
  intro: string | null | undefined;
  category: string | null | undefined;
  industries: readonly unknown[] | undefined;
  contactPreference: string | null | undefined;
  contactEmail: string | null | undefined;
}

export const INVESTOR_REQUIRED: readonly MissingField[] = [
  { field: 'name', label: 'Name' },
  { field: 'website', label: 'Website' },
  { field: 'logoImage', label: 'Logo' },
  { field: 'intro', label: 'Intro' },
  { field: 'category', label: 'Category' },
  { field: 'industries', label: 'At least one industry' },
  { field: 'contactEmail', label: 'Contact e-mail (when founders contact you by e-mail)' },
];

const filled = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? stripTags(value).trim() !== '' : value !== null && value !== undefined;

/** Text of HTML without its tags, for "is the rich text empty" ('<p></p>' is). */
function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
}

/**
 * What a startup still lacks before it can be submitted; empty when it can.
 * @example companyMissing({ ...company, logoImage: null }) // [{ field: 'logoImage', label: 'Logo' }]
 */
export function companyMissing(company: CompanyCompleteness): MissingField[] {
  return COMPANY_REQUIRED.filter(({ field }) => !filled(company[field as keyof CompanyCompleteness]));
}

/** What an investor still lacks before it can be submitted; the contact e-mail only counts when founders contact it by e-mail. */
export function investorMissing(investor: InvestorCompleteness): MissingField[] {
  return INVESTOR_REQUIRED.filter(({ field }) => {
    if (field === 'contactEmail') return investor.contactPreference === 'EMAIL' && !filled(investor.contactEmail);
    return !filled(investor[field as keyof InvestorCompleteness]);
  });
}

/** Where a profile stands (issue #11): being written, waiting for an admin, sent back with a reason, or live. */
export type ReviewState = 'draft' | 'submitted' | 'returned' | 'active' | 'inactive';

export function reviewState(profile: { status: ProfileStatus; manage?: { submittedAt: string | null; reviewNote: string | null } }): ReviewState {
  if (profile.status === 'ACTIVE') return 'active';
  if (profile.status === 'INACTIVE') return 'inactive';
  if (profile.manage?.submittedAt) return 'submitted';
  if (profile.manage?.reviewNote) return 'returned';
  return 'draft';
}

/** Nordic letters spelled as their usual ASCII forms in addresses. */
const TRANSLITERATE: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ð: 'd', þ: 'th' };

/**
 * Text as a URL segment: lower-case words joined by dashes, Nordic letters spelled out, at most
 * `max` characters; '' when nothing is left. Profile keys and blog post slugs (issue #15) are made so.
 * @example slugify('Hiring in Tromsø, 2026!') // 'hiring-in-tromsoe-2026'
 */
export function slugify(text: string, max = 60): string {
  return text
    .toLowerCase()
    .replace(/[æøåäöüßðþ]/g, (c) => TRANSLITERATE[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/**
 * The key a new startup or investor gets from its name: lower-case words joined by dashes, Nordic
 * letters spelled out, at most 60 characters, and never a reserved word (a '-1' is added then).
 * The server adds '-2', '-3'… while the key is taken.
 * @example keyFromName('Fjørd Ænergi AS') // 'fjoerd-aenergi-as'
 */
export function keyFromName(name: string, kind: KeyKind): string {
  const key = slugify(name);
  const base = key || kind;
  return reservedKeys(kind).has(base) ? `${base}-1` : base;
}

/** The next candidate when `key` is taken: 'northwind' → 'northwind-2', 'northwind-2' → 'northwind-3'. */
export function nextKey(key: string, attempt: number): string {
  return `${key.slice(0, 60)}-${attempt + 1}`;
}
