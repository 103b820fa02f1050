/**
 * A white-label feed's filters as a GET /v2/jobs query (spec 2.5): its countries (or, with
 * includeRemote, a remote job anywhere), its startups and its categories. One rule for the feed's
 * pages, their search-as-you-type and the widget's `feed` option.
 */
import type { FeedFilters } from '@nordlys/sdk/schemas';

export interface FeedQuery {
  countryCodes?: string;
  includeRemote?: boolean;
  companyKeys?: string;
  categories: string[];
}

/** Lists are comma-joined, as the query string carries them; empty filters are left out. */
export const feedQuery = (f: FeedFilters): FeedQuery => ({
  countryCodes: f.countryCodes?.join() || undefined,
  includeRemote: (f.countryCodes?.length && f.includeRemote) || undefined,
  companyKeys: f.companyKeys?.join() || undefined,
  categories: f.categories ?? [],
});
