/**
 * A white-label feed's filters as a GET /v2/jobs query (spec 2.5): its countries (or, with
 * includeRemote, a remote job anywhere) and startups by the sdk's feed rule (feedScope, part of the
 * rule that decides which jobs a feed holds), and its categories as given. For the widget's `feed`
 * option, which replaces them with its own when it has any.
 */
import type { FeedFilters } from '@nordlys/sdk/schemas';
import { feedScope } from '@nordlys/sdk/visibility';

export interface FeedQuery {
  countryCodes?: string[];
  includeRemote?: true;
  companyKeys?: string[];
  categories: string[];
}

export const feedQuery = (f: FeedFilters): FeedQuery => ({ ...feedScope(f), categories: f.categories ?? [] });
