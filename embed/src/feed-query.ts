/**
 * A white-label feed's filters as a GET /v2/jobs query (spec 2.5): its countries (or, with
 * includeRemote, a remote job anywhere), its startups and its categories. One rule for the feed's
 * pages, their search-as-you-type and the widget's `feed` option.
 */
import type { FeedFilters } from '@nordlys/sdk/schemas';

export interface FeedQuery {
  countryCodes?: string[];
  includeRemote?: true;
  companyKeys?: string[];
  categories: string[];
}

/** Empty filters are left out; includeRemote only widens a feed that names countries. */
export const feedQuery = (f: FeedFilters): FeedQuery => ({
  countryCodes: f.countryCodes?.length ? f.countryCodes : undefined,
  includeRemote: (f.countryCodes?.length && f.includeRemote) || undefined,
  companyKeys: f.companyKeys?.length ? f.companyKeys : undefined,
  categories: f.categories ?? [],
});
