/** @nordlys/feeds: documents made from jobs, for search engines, aggregators and partners. */
export { jobPostingJsonLd, serializeJsonLd } from './jobPosting';
export type { JobPostingOptions, JsonLd } from './jobPosting';
export { escapeXml, stripInvalidXmlChars, cdata, xmlElement, xmlLines } from './xml';
export { absoluteUrl, parseDate, jobItem } from './job-item';
export type { JobItem, JobCategory } from './job-item';
export { jobsRss, rfc822Date } from './rss';
export type { RssOptions } from './rss';
export { jobsAtom } from './atom';
export type { AtomOptions } from './atom';
export { jobsJsonFeed, JSON_FEED_VERSION } from './json-feed';
export type { JsonFeed, JsonFeedItem, JsonFeedJob, JsonFeedOptions } from './json-feed';
export { sitemap, jobSitemapEntries, SITEMAP_MAX_URLS, SITEMAP_MAX_BYTES, CHANGE_FREQUENCIES } from './sitemap';
export type { SitemapUrl, ChangeFrequency } from './sitemap';
