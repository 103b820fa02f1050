/** robots.txt (RFC 9309, the Robots Exclusion Protocol): which paths crawlers may fetch, and where the sitemaps are. */
import { absoluteUrl } from './job-item';

/** One group of rules: the crawlers it is for, and the path patterns they may and may not fetch. */
export interface RobotsGroup {
  /** Product tokens ('*' for every crawler). */
  userAgents: readonly string[];
  /** Path patterns, each starting with '/'; '*' matches any characters and a final '$' the end of the URL. */
  allow?: readonly string[];
  disallow?: readonly string[];
}

export interface RobotsOptions {
  groups: readonly RobotsGroup[];
  /** Absolute URLs of sitemaps (or sitemap indexes). */
  sitemaps?: readonly string[];
}

/** RFC 9309 caps what a crawler must read at 500 KiB; a longer file is a mistake worth failing on. */
const MAX_BYTES = 500 * 1024;
const USER_AGENT = /^(?:\*|[A-Za-z_-]+)$/;

function pattern(value: string, field: string): string {
  // A rule is one line: no line breaks or '#' (a comment), and a path pattern starts at the root.
  if (!value.startsWith('/') || /[\r\n#]/.test(value) || /\s/.test(value)) {
    throw new TypeError(`robots.txt: ${field} must be a path pattern starting with "/" without spaces or "#", got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Writes a robots.txt: a group per entry (its user-agent lines, then Allow and Disallow lines, in
 * the order given: crawlers apply the most specific match whatever the order), then the Sitemap
 * lines. A group with no rules allows everything (an empty Disallow, as RFC 9309 reads it).
 * Throws on a path pattern that is not one, a user-agent that is not a product token, a sitemap
 * that is not an absolute http(s) URL, or a file over RFC 9309's 500 KiB.
 * @example robotsTxt({ groups: [{ userAgents: ['*'], disallow: ['/client/'] }], sitemaps: ['https://nordlys.jobs/sitemap.xml'] })
 * // 'User-agent: *\nDisallow: /client/\n\nSitemap: https://nordlys.jobs/sitemap.xml\n'
 */
export function robotsTxt({ groups, sitemaps = [] }: RobotsOptions): string {
  const blocks = groups.map(({ userAgents, allow = [], disallow = [] }) => {
    if (!userAgents.length) throw new TypeError('robots.txt: a group needs at least one user-agent');
    const lines = userAgents.map((agent) => {
      if (!USER_AGENT.test(agent)) throw new TypeError(`robots.txt: user-agent must be "*" or a product token, got ${JSON.stringify(agent)}`);
      return `User-agent: ${agent}`;
    });
    for (const path of allow) lines.push(`Allow: ${pattern(path, 'allow')}`);
    for (const path of disallow) lines.push(`Disallow: ${pattern(path, 'disallow')}`);
    if (!allow.length && !disallow.length) lines.push('Disallow:');
    return lines.join('\n');
  });
  const sitemapLines = sitemaps.map((url) => `Sitemap: ${absoluteUrl(url, undefined, 'robots.txt: sitemap')}`);
  const text = `${[...blocks, ...(sitemapLines.length ? [sitemapLines.join('\n')] : [])].join('\n\n')}\n`;
  if (new TextEncoder().encode(text).length > MAX_BYTES) throw new RangeError('robots.txt: more than the 500 KiB crawlers must read');
  return text;
}
