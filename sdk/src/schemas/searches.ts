/** Saved searches (spec 3 "search history item", spec 7 job-search calls, issue #14). */
import * as v from 'valibot';
import { LIMITS } from '../constants';
import { IsoDateSchema, textField } from './common';
import { JobSearchQuerySchema } from './job';

/** What a search key holds: the JSON of search, location and countryCode. */
export const SearchKeySchema = /* @__PURE__ */ v.object({
  search: v.optional(v.string()),
  location: v.optional(v.string()),
  countryCode: v.optional(v.string()),
});
export type SearchKey = v.InferOutput<typeof SearchKeySchema>;

/**
 * A key's parts read with the job search's own rules (search text, city as the location, a country
 * code or REMOTE): trimmed, empty parts dropped, the country upper-cased.
 */
const SearchKeyPartsSchema = /* @__PURE__ */ v.strictObject({
  search: JobSearchQuerySchema.entries.search,
  location: JobSearchQuerySchema.entries.city,
  countryCode: JobSearchQuerySchema.entries.countryCode,
});

/**
 * The parts of a search key (the JSON of {search, location, countryCode}), or null when it is not
 * one: not JSON, not an object, an unknown part, or a part the job search refuses.
 * @example parseSearchKey('{"search":" react ","countryCode":"dk"}') // { search: 'react', countryCode: 'DK' }
 */
export function parseSearchKey(key: string): SearchKey | null {
  let json: unknown;
  try {
    json = JSON.parse(key);
  } catch {
    return null;
  }
  if (Array.isArray(json)) return null;
  const parsed = v.safeParse(SearchKeyPartsSchema, json);
  if (!parsed.success) return null;
  const parts: SearchKey = {};
  if (parsed.output.search) parts.search = parsed.output.search;
  if (parsed.output.location) parts.location = parsed.output.location;
  if (parsed.output.countryCode) parts.countryCode = parsed.output.countryCode;
  return parts;
}

/** spec 5, as the answer's field message. */
export const SEARCH_NOT_SAVABLE_MESSAGE = 'A search is saved only if it has search text or a location';
const KEY_MESSAGE = 'Key must be the JSON of search, location and countryCode';

/** A search key: the JSON of {search, location, countryCode}, each part one the job search takes. */
export const SearchKeyFieldSchema = /* @__PURE__ */ v.pipe(
  textField('Key', 1000),
  v.check((key) => parseSearchKey(key) !== null, KEY_MESSAGE),
);

/**
 * The filters of a saved search beside its key: categories, position types and the sort, read with
 * the job search's rules (lists as arrays or comma-joined). Other fields are dropped.
 */
export const SavedSearchFiltersSchema = /* @__PURE__ */ v.object({
  categories: JobSearchQuerySchema.entries.categories,
  positionTypes: JobSearchQuerySchema.entries.positionTypes,
  sort: JobSearchQuerySchema.entries.sort,
});
export type SavedSearchFilters = v.InferOutput<typeof SavedSearchFiltersSchema>;

export const SearchHistoryItemSchema = /* @__PURE__ */ v.object({
  id: v.union([v.number(), v.string()]),
  /** JSON of {search, location, countryCode}; the identity of a search. */
  key: v.string(),
  filters: v.record(v.string(), v.unknown()),
  pinned: v.boolean(),
  /** When the user last looked: new jobs are counted from here. */
  since: IsoDateSchema,
  count: v.optional(v.number()),
});
export type SearchHistoryItem = v.InferOutput<typeof SearchHistoryItemSchema>;

/** GET job-search: the user's saved searches. */
export const SearchListSchema = /* @__PURE__ */ v.object({ searches: v.array(SearchHistoryItemSchema) });
export type SearchList = v.InferOutput<typeof SearchListSchema>;

/** A search with its key, filters and since: what POST job-search stores and what jobs/count/bulk counts. */
const SearchItemEntries = {
  /** spec 5: a search is saved (and counted) only if it has search text or a location. */
  key: /* @__PURE__ */ v.pipe(
    SearchKeyFieldSchema,
    v.check((key) => {
      const parts = parseSearchKey(key);
      // A key that is none has its own message already.
      return !parts || Boolean(parts.search || parts.location);
    }, SEARCH_NOT_SAVABLE_MESSAGE),
  ),
  filters: SavedSearchFiltersSchema,
  since: IsoDateSchema,
};

/** POST job-search. */
export const SaveSearchPayloadSchema = /* @__PURE__ */ v.object(SearchItemEntries);
export type SaveSearchPayload = v.InferInput<typeof SaveSearchPayloadSchema>;

/** PATCH job-search/{id}: a new since (the user opened the search), new filters, or pinned false (which deletes it, spec 4). */
export const UpdateSearchPayloadSchema = /* @__PURE__ */ v.partial(
  v.object({ pinned: v.boolean('Pinned must be true or false'), since: IsoDateSchema, filters: SavedSearchFiltersSchema }),
);
export type UpdateSearchPayload = v.InferInput<typeof UpdateSearchPayloadSchema>;

/** POST jobs/count/bulk: up to LIMITS.countBulkMax searches (issue #14: "20 searches in one call"). */
export const BulkCountPayloadSchema = /* @__PURE__ */ v.object({
  items: v.pipe(
    v.array(v.object(SearchItemEntries), 'Items must be a list of searches'),
    v.maxLength(LIMITS.countBulkMax, `Items must hold at most ${LIMITS.countBulkMax} searches`),
  ),
});
export type BulkCountPayload = v.InferInput<typeof BulkCountPayloadSchema>;

/**
 * The answer of jobs/count/bulk: one count per search, in the order asked, each the search's key as
 * sent. A count stops at LIMITS.searchCountCap ("2,000+ new").
 */
export const BulkCountAnswerSchema = /* @__PURE__ */ v.object({
  result: v.array(v.object({ key: v.string(), count: v.number() })),
});
export type BulkCountAnswer = v.InferOutput<typeof BulkCountAnswerSchema>;
