/** RSS 2.0 feed of a job list, for feed readers and aggregators that read RSS. */
import type { JobSummary } from '@nordlys/sdk/schemas';
import { absoluteUrl, jobItem } from './job-item';
import { xmlElement, xmlLines } from './xml';

export interface RssOptions {
  title: string;
  /** The absolute URL of the page that lists these jobs on the site. */
  link: string;
  description: string;
  /** The absolute URL this feed is served from (atom:link rel="self"). */
  selfUrl: string;
  /** The site's scheme and host, e.g. 'https://nordlys.jobs'; job links are `${origin}/jobs/{id}`. */
  origin: string;
  /** The feed's language tag; 'en' unless given. */
  language?: string;
  /** When the list last changed (lastBuildDate); left out unless given. */
  updated?: Date;
}

/**
 * A date in RFC 822 form as RSS 2.0 requires (with a four-digit year, per RFC 1123), always in GMT.
 * @example rfc822Date(new Date('2026-11-22T10:00:00Z')) // 'Sun, 22 Nov 2026 10:00:00 GMT'
 */
export function rfc822Date(date: Date): string {
  // ECMAScript fixes toUTCString's format as "Www, DD Mmm YYYY HH:mm:ss GMT", which is this form.
  return date.toUTCString();
}

/**
 * Writes an RSS 2.0 document: one <item> per job with its title ("{title} at {company}"), absolute
 * link and permalink guid, pubDate (the posted date, sdk postedAt), a plain-text description (location and position
 * type) and a <category> per job category. Every text is escaped; markup in job fields stays text.
 * @example
 * jobsRss(jobs, {
 *   title: 'Nordlys jobs', link: 'https://nordlys.jobs/jobs', description: 'New startup jobs',
 *   selfUrl: 'https://nordlys.jobs/feeds/jobs.rss', origin: 'https://nordlys.jobs',
 * }) // '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" …'
 */
export function jobsRss(jobs: readonly JobSummary[], options: RssOptions): string {
  const { title, description, origin, language = 'en', updated } = options;
  const link = absoluteUrl(options.link, undefined, 'link');
  // Checked up front so a misconfigured origin fails with an empty list too, not at the first job.
  absoluteUrl(origin, undefined, 'origin');
  const selfUrl = absoluteUrl(options.selfUrl, undefined, 'selfUrl');

  const items = jobs.map((job) => {
    const item = jobItem(job, origin);
    const lines = [
      xmlElement('title', {}, item.title),
      xmlElement('link', {}, item.url),
      xmlElement('guid', { isPermaLink: 'true' }, item.url),
      item.posted ? xmlElement('pubDate', {}, rfc822Date(item.posted)) : '',
      xmlElement('description', {}, item.summary),
      ...item.categories.map((c) => xmlElement('category', {}, c.label)),
    ];
    return `    <item>\n${xmlLines(lines, 6)}\n    </item>`;
  });

  const channel = [
    xmlElement('title', {}, title),
    xmlElement('link', {}, link),
    xmlElement('description', {}, description),
    xmlElement('language', {}, language),
    updated ? xmlElement('lastBuildDate', {}, rfc822Date(updated)) : '',
    xmlElement('atom:link', { href: selfUrl, rel: 'self', type: 'application/rss+xml' }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    xmlLines(channel, 4),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

