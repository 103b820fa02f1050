/** @nordlys/sdk: the typed core shared by the site, the embeds and the server. */
export { createApi, ApiError, isApiError, createClient, toSearchParams } from './api/index';
export type { Api, ClientOptions } from './api/index';
export { isApproved, isBoosted, locationDisplay, jobUrls, normalizeJobSearch } from './jobs';
export { formatCompact, relativeTime, shareText } from './format';
export * from './constants';
export * from './schemas/index';
