/** XML sitemaps (sitemaps.org protocol 0.9): the pages search engines should crawl, with job pages as entries. */
import type { JobSummary } from '@nordlys/sdk/schemas';
import { absoluteUrl, jobItem } from './job-item';
import { xmlElement, xmlLines } from './xml';

/** sitemaps.org: one sitemap lists at most 50,000 URLs and is at most 50 MiB uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;
/** sitemaps.org: a loc must be shorter than 2,048 characters. */
const MAX_LOC_LENGTH = 2_047;

export const CHANGE_FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;
export type ChangeFrequency = (typeof CHANGE_FREQUENCIES)[number];

export interface SitemapUrl {
  /** The page's absolute URL. */
  loc: string;
  /** When the page last changed: a Date, or a W3C Datetime string ('2026-11-22', '2026-11-22T10:00:00Z'). */
  lastmod?: Date | string;
  changefreq?: ChangeFrequency;
  /** 0.0 to 1.0, relative to the site's other pages. */
  priority?: number;
}

/** W3C Datetime, the profile of ISO 8601 sitemaps accept: YYYY, YYYY-MM, YYYY-MM-DD or a full time with a zone. */
const W3C_DATETIME = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

function lastmodText(lastmod: Date | string, loc: string): string {
  if (typeof lastmod === 'string') {
    if (!W3C_DATETIME.test(lastmod) || Number.isNaN(Date.parse(lastmod))) {
      throw new RangeError(`sitemap: lastmod of ${loc} must be a W3C Datetime such as 2026-11-22 or 2026-11-22T10:00:00Z, got ${JSON.stringify(lastmod)}`);
    }
    return lastmod;
  }
  if (Number.isNaN(lastmod.getTime())) throw new RangeError(`sitemap: lastmod of ${loc} is an invalid Date`);
  return lastmod.toISOString();
}

/**
 * Writes a sitemaps.org 0.9 <urlset>. Each loc is checked to be absolute, normalised (percent-encoded)
 * and escaped; a priority is written with at most two decimals. Throws when the list breaks the protocol's limits: more than 50,000 URLs or 50 MiB
 * (split the list and reference the parts from a sitemap index), a loc that is not an absolute
 * http(s) URL or is 2,048 characters or longer, a priority outside 0–1, an unknown changefreq or a
 * lastmod that is not a W3C Datetime.
 * @example sitemap([{ loc: 'https://nordlys.jobs/jobs/1', lastmod: '2026-11-22' }]) // '<?xml version="1.0" encoding="UTF-8"?>\n<urlset …'
 */
export function sitemap(urls: readonly SitemapUrl[]): string {
  if (urls.length > SITEMAP_MAX_URLS) {
    throw new RangeError(
      `sitemap: ${urls.length} URLs is more than the ${SITEMAP_MAX_URLS.toLocaleString('en')} one sitemap may list; split them over several sitemaps and a sitemap index`,
    );
  }
  const entries = urls.map(({ loc: given, lastmod, changefreq, priority }) => {
    const loc = absoluteUrl(given, undefined, 'sitemap: loc');
    if (loc.length > MAX_LOC_LENGTH) throw new RangeError(`sitemap: loc must be shorter than 2,048 characters, got ${loc.length}: ${loc.slice(0, 80)}…`);
    if (changefreq !== undefined && !CHANGE_FREQUENCIES.includes(changefreq)) {
      throw new RangeError(`sitemap: changefreq of ${loc} must be one of ${CHANGE_FREQUENCIES.join(', ')}, got ${JSON.stringify(changefreq)}`);
    }
    if (priority !== undefined && !(priority >= 0 && priority <= 1)) {
      throw new RangeError(`sitemap: priority of ${loc} must be between 0.0 and 1.0, got ${priority}`);
    }
    const lines = [
      xmlElement('loc', {}, loc),
      lastmod !== undefined ? xmlElement('lastmod', {}, lastmodText(lastmod, loc)) : '',
      changefreq !== undefined ? xmlElement('changefreq', {}, changefreq) : '',
      priority !== undefined ? xmlElement('priority', {}, String(Math.round(priority * 100) / 100)) : '',
    ];
    return `  <url>\n${xmlLines(lines, 4)}\n  </url>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so only count bytes when the text could be too big.
  if (xml.length * 3 > SITEMAP_MAX_BYTES) {
    const bytes = new TextEncoder().encode(xml).length;
    if (bytes > SITEMAP_MAX_BYTES) {
      throw new RangeError(`sitemap: ${bytes} bytes is more than the 50 MiB one sitemap may be; split the URLs over several sitemaps and a sitemap index`);
    }
  }
  return xml;
}

/** A sitemap a sitemap index lists. */
export interface SitemapRef {
  /** The sitemap's absolute URL. */
  loc: string;
  /** When the sitemap's content last changed: a Date, or a W3C Datetime string. */
  lastmod?: Date | string;
}

/**
 * Writes a sitemaps.org 0.9 <sitemapindex>: the sitemaps of a site too big for one, each by its
 * absolute URL with an optional lastmod. The same checks as {@link sitemap}: absolute http(s)
 * locations shorter than 2,048 characters, W3C Datetime lastmods, at most 50,000 sitemaps and 50 MiB.
 * @example sitemapIndex([{ loc: 'https://nordlys.jobs/sitemaps/jobs-1.xml', lastmod: '2026-11-22' }]) // '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex …'
 */
export function sitemapIndex(sitemaps: readonly SitemapRef[]): string {
  if (sitemaps.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`sitemap index: ${sitemaps.length} sitemaps is more than the ${SITEMAP_MAX_URLS.toLocaleString('en')} one index may list`);
  }
  const entries = sitemaps.map(({ loc: given, lastmod }) => {
    const loc = absoluteUrl(given, undefined, 'sitemap index: loc');
    if (loc.length > MAX_LOC_LENGTH) throw new RangeError(`sitemap index: loc must be shorter than 2,048 characters, got ${loc.length}: ${loc.slice(0, 80)}…`);
    const lines = [xmlElement('loc', {}, loc), lastmod !== undefined ? xmlElement('lastmod', {}, lastmodText(lastmod, loc)) : ''];
    return `  <sitemap>\n${xmlLines(lines, 4)}\n  </sitemap>`;
  });
  // 50,000 entries of at most ~2,150 characters each stay far below 50 MiB: no byte count is needed.
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>', ''].join('\n');
}

/**
 * The ids the `part`-th (from 1) sitemap of a long list holds when the list is split by id range:
 * part n lists ids (n - 1) × perSitemap + 1 to n × perSitemap, so it never holds more than
 * `perSitemap` URLs, and a page stays in the same sitemap for life: when others come and go, only
 * their own sitemaps change (and their lastmod with them). Null for a part number that is not a whole number from 1.
 * @example sitemapIdRange(2, 50_000) // { first: 50001, last: 100000 }
 */
export function sitemapIdRange(part: number, perSitemap: number = SITEMAP_MAX_URLS): { first: number; last: number } | null {
  if (!Number.isInteger(perSitemap) || perSitemap < 1 || perSitemap > SITEMAP_MAX_URLS) {
    throw new RangeError(`sitemapIdRange: perSitemap must be a whole number from 1 to ${SITEMAP_MAX_URLS}, got ${perSitemap}`);
  }
  if (!Number.isSafeInteger(part) || part < 1 || part * perSitemap > Number.MAX_SAFE_INTEGER) return null;
  return { first: (part - 1) * perSitemap + 1, last: part * perSitemap };
}

/**
 * The sitemap part (from 1) that holds an id, the inverse of {@link sitemapIdRange}.
 * @example sitemapPartOf(50_001, 50_000) // 2
 */
export function sitemapPartOf(id: number, perSitemap: number = SITEMAP_MAX_URLS): number {
  return Math.floor((id - 1) / perSitemap) + 1;
}

/**
 * The sitemap entries of job pages: each job's absolute URL with lastmod = the posted date (sdk postedAt).
 * Pass only the jobs that should be crawled (public, active ones); nothing is filtered here.
 * @example jobSitemapEntries([frontendJob], 'https://nordlys.jobs')[0].loc // 'https://nordlys.jobs/jobs/1'
 */
export function jobSitemapEntries(jobs: readonly JobSummary[], origin: string): SitemapUrl[] {
  absoluteUrl(origin, undefined, 'origin');
  return jobs.map((job) => {
    const item = jobItem(job, origin);
    return item.posted ? { loc: item.url, lastmod: item.posted } : { loc: item.url };
  });
}
