/** The widget's options: read from attributes or an object, checked, defaulted; bad ones are named in the log. */
import { log } from './log';
import { LANGUAGES } from './strings';

export type Theme = 'light' | 'dark' | 'auto';
export type Layout = 'list' | 'cards';

export interface Options {
  /** A company key: its active jobs. */
  company?: string;
  /** A feed instead of a company; v1 knows 'all' (every Nordlys job matching the filters). */
  feed?: string;
  limit: number;
  theme: Theme;
  layout: Layout;
  /** A CSS colour. */
  accent?: string;
  /** A CSS font-family list. */
  font?: string;
  categories: string[];
  /** An ISO 3166 alpha-2 code. */
  country?: string;
  /** true: remote jobs only; false: on-site only; undefined: both. */
  remote?: boolean;
  language: string;
  /** The Nordlys origin for the API and links; defaults to the script's own origin. */
  api?: string;
}

/** What a caller may pass to Nordlys.mount: the same names, values as text or typed. */
export type OptionsInput = Partial<Record<keyof Options | 'category', string | number | boolean | string[] | null>>;

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
export const FEEDS = ['all'];
const THEMES: Theme[] = ['light', 'dark', 'auto'];
const LAYOUTS: Layout[] = ['list', 'cards'];
const KEY = /^[a-z0-9][a-z0-9-]{0,99}$/i;
// Values go into a CSS rule, so only plain colours and font lists pass (no `;`, `{`, `}`, `url(`).
const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
const FONT = /^[\w\s,'"-]{1,120}$/;

type Read = (name: string) => string | null | undefined;

/** Options from a reader of text values (attributes or `data-*`). Returns null when unusable. */
export function readOptions(read: Read): Options | null {
  const text = (name: string) => {
    const value = read(name)?.trim();
    return value ? value : undefined;
  };
  const pick = <T extends string>(name: string, allowed: T[], fallback: T): T => {
    const value = text(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if ((allowed as string[]).includes(value)) return value as T;
    log.error(`option "${name}" must be one of ${allowed.join(', ')}; got "${value}", using "${fallback}"`);
    return fallback;
  };
  const checked = (name: string, pattern: RegExp) => {
    const value = text(name);
    if (value === undefined || pattern.test(value)) return value;
    log.error(`option "${name}" is not valid: "${value}"; ignored`);
    return undefined;
  };

  const company = checked('company', KEY);
  const feed = text('feed');
  if (feed !== undefined && !FEEDS.includes(feed)) {
    log.error(`option "feed" must be one of ${FEEDS.join(', ')}; got "${feed}"`);
    return null;
  }
  if (!company && !feed) {
    log.error('option "company" is required (a company key such as "northwind-labs"), or give "feed"');
    return null;
  }

  let limit = DEFAULT_LIMIT;
  const rawLimit = text('limit');
  if (rawLimit !== undefined) {
    const n = Number(rawLimit);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT) limit = n;
    else log.error(`option "limit" must be a whole number from 1 to ${MAX_LIMIT}; got "${rawLimit}", using ${DEFAULT_LIMIT}`);
  }

  let remote: boolean | undefined;
  const rawRemote = text('remote')?.toLowerCase();
  if (rawRemote === 'true' || rawRemote === 'only') remote = true;
  else if (rawRemote === 'false' || rawRemote === 'exclude') remote = false;
  else if (rawRemote !== undefined) log.error(`option "remote" must be true or false; got "${rawRemote}"; ignored`);

  const country = checked('country', /^[a-z]{2}$/i)?.toUpperCase();
  const categories = (text('category') ?? text('categories') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

  let api = text('api');
  if (api !== undefined) {
    try {
      api = new URL(api).origin;
    } catch {
      log.error(`option "api" must be an absolute URL; got "${api}"; ignored`);
      api = undefined;
    }
  }

  return {
    company,
    feed: company ? undefined : feed,
    limit,
    theme: pick('theme', THEMES, 'auto'),
    layout: pick('layout', LAYOUTS, 'list'),
    accent: checked('accent', COLOUR),
    font: checked('font', FONT),
    categories,
    country,
    remote,
    language: pick('language', LANGUAGES, 'en'),
    api,
  };
}

export const OPTION_NAMES = ['company', 'feed', 'limit', 'theme', 'layout', 'accent', 'font', 'category', 'country', 'remote', 'language', 'api'] as const;

/** An element's options as text, plain or `data-` prefixed (`company` or `data-company`). */
export function attributesInput(el: Element): OptionsInput {
  const input: Record<string, string> = {};
  for (const name of OPTION_NAMES) {
    const value = el.getAttribute(name) ?? el.getAttribute(`data-${name}`);
    if (value !== null) input[name] = value;
  }
  return input;
}

/** Reads an options object as Nordlys.mount receives it. */
export function objectReader(input: OptionsInput | null | undefined): Read {
  return (name) => {
    const value = input?.[name as keyof OptionsInput];
    if (value === null || value === undefined) return undefined;
    return Array.isArray(value) ? value.join(',') : String(value);
  };
}
