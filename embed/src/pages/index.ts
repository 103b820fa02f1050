/** Server-rendered pages of the host-routed sites: startups' careers domains and white-label feeds (spec 2.5, 2.7). */
export { renderCareersHome, renderCareersJob, type CareersHomeInput, type CareersJobInput } from './careers';
export { renderFeedHome, renderFeedJob, type FeedHomeInput, type FeedJobInput } from './white-label';
export { renderHostNotFound, renderPageNotFound, type HostNotFoundInput, type PageNotFoundInput } from './not-found';
