/**
 * Server-rendered pages: startups' careers domains and white-label feeds (spec 2.5, 2.7; hydrated by
 * careers.js / white-label.js), the job-list widget page of the main site, and the indexable snippet.
 */
export { renderCareersHome, renderCareersJob, type CareersHomeInput, type CareersJobInput } from './careers';
export { FEED_PAGE_SIZE, renderFeedHome, renderFeedJob, whiteLabelQuery, type FeedHomeInput, type FeedJobInput } from './white-label';
export {
  renderHostError,
  renderHostNotFound,
  renderJobGone,
  renderPageNotFound,
  type HostErrorInput,
  type HostNotFoundInput,
  type HostOwner,
  type JobGoneInput,
  type PageNotFoundInput,
} from './not-found';
export { renderJobListWidgetPage, widgetLook, type JobListWidgetInput, type JobListWidgetOptions } from './job-list-widget';
export { renderIndexableSnippet, type IndexableSnippetInput } from './snippet';
