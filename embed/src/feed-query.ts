/**
 * A white-label feed's filters as a GET /v2/jobs query (spec 2.5). One rule for the feed's pages,
 * their search-as-you-type and the widget's `feed` option. /v2/jobs takes one country, so a feed
 * naming several searches its first (as server/src/hosts.ts feedSearch does) until the API takes a list.
 */
import type { FeedFilters } from '@nordlys/sdk/schemas';

export interface FeedQuery {
  countryCode?: string;
  categories: string[];
}

export const feedQuery = (filters: FeedFilters): FeedQuery => ({ countryCode: filters.countryCodes?.[0], categories: filters.categories ?? [] });
