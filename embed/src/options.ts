/** The widget's options: read from attributes or an object, checked, defaulted; bad ones are named in the log. */
import { WIDGET_DEFAULT_JOBS, WIDGET_MAX_JOBS } from '@nordlys/sdk/constants';
import { log } from './log';
import { LANGUAGES } from './strings';

export type Theme = 'light' | 'dark' | 'auto';
export type Layout = 'list' | 'cards';
const THEMES: Theme[] = ['light', 'dark', 'auto'];
const LAYOUTS: Layout[] = ['list', 'cards'];

export interface Options {
  /** A company key: its active jobs. */
  company?: string;
  /** A feed instead of a company: 'all' (every Nordlys job matching the filters) or a white-label feed's domain. */
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

/** `all`, or a white-label feed named by its domain (spec 2.5), e.g. `jobs.northstar.example`. */
const FEED = /^(all|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i;
const KEY = /^[a-z0-9][a-z0-9-]{0,99}$/i;
// Values go into a CSS rule, so only plain colours and font lists pass (no `;`, `{`, `}`, `url(`).
export const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
const FONT = /^[\w\s,'"-]{1,120}$/;

type Read = (name: string) => string | null | undefined;

/** Options from a reader of text values (attributes or `data-*`). Returns null when unusable. */
export function readOptions(read: Read): Options | null {
  const text = (name: string) => read(name)?.trim() || undefined;
  // One message for every bad value: it names the option (style.md 6) and what it accepts.
  const bad = (name: string, value: string, must: string, then = 'ignored') => log.error(`option "${name}" must be ${must}; got "${value}", ${then}`);
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = text(name)?.toLowerCase() as T | undefined;
    if (value === undefined || allowed.includes(value)) return value ?? fallback;
    bad(name, value, `one of ${allowed.join(', ')}`, `using "${fallback}"`);
    return fallback;
  };
  const checked = (name: string, pattern: RegExp, must = 'a valid value') => {
    const value = text(name);
    if (value === undefined || pattern.test(value)) return value;
    bad(name, value, must);
    return undefined;
  };

  const company = checked('company', KEY, 'a company key');
  const feed = text('feed');
  if (feed && !FEED.test(feed)) {
    bad('feed', feed, '"all" or a white-label feed domain', 'mounting nothing');
    return null;
  }
  if (!company && !feed) {
    log.error('option "company" is required (a company key such as "northwind-labs"), or give "feed"');
    return null;
  }

  const rawLimit = text('limit');
  const n = Number(rawLimit ?? WIDGET_DEFAULT_JOBS);
  const limit = Number.isInteger(n) && n >= 1 && n <= WIDGET_MAX_JOBS ? n : WIDGET_DEFAULT_JOBS;
  if (limit !== n) bad('limit', rawLimit!, `a whole number from 1 to ${WIDGET_MAX_JOBS}`, `using ${WIDGET_DEFAULT_JOBS}`);

  const rawRemote = text('remote')?.toLowerCase();
  const remote = !rawRemote ? undefined : /^(true|only)$/.test(rawRemote) ? true : /^(false|exclude)$/.test(rawRemote) ? false : undefined;
  if (remote === undefined && rawRemote) bad('remote', rawRemote, 'true or false');

  let api = text('api');
  try {
    if (api) api = new URL(api).origin;
  } catch {
    bad('api', api!, 'an absolute URL');
    api = undefined;
  }

  return {
    company,
    feed: company ? undefined : feed?.toLowerCase(),
    limit,
    theme: pick('theme', THEMES, 'auto'),
    layout: pick('layout', LAYOUTS, 'list'),
    accent: checked('accent', COLOUR),
    font: checked('font', FONT),
    categories: (text('category') ?? text('categories') ?? '').split(',').map((c) => c.trim()).filter(Boolean),
    country: checked('country', /^[a-z]{2}$/i, 'a two-letter country code')?.toUpperCase(),
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
