/** @nordlys/feeds: documents made from jobs, for search engines, aggregators and partners. */
export { jobPostingJsonLd, serializeJsonLd } from './jobPosting';
export type { JobPostingOptions, JsonLd } from './jobPosting';
