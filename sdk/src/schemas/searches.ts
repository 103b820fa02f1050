/** Saved searches (spec 3 "search history item", spec 7 job-search calls). */
import * as v from 'valibot';
import { IsoDateSchema, jsonObjectField, textField } from './common';

/** What a search key holds: the JSON of search, location and countryCode. */
export const SearchKeySchema = /* @__PURE__ */ v.object({
  search: v.optional(v.string()),
  location: v.optional(v.string()),
  countryCode: v.optional(v.string()),
});
export type SearchKey = v.InferOutput<typeof SearchKeySchema>;

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

/** POST job-search. */
export const SaveSearchPayloadSchema = /* @__PURE__ */ v.object({
  key: v.pipe(textField('Key', 1000), v.nonEmpty()),
  filters: jsonObjectField('Filters', 4000),
  since: IsoDateSchema,
});
export type SaveSearchPayload = v.InferInput<typeof SaveSearchPayloadSchema>;

/** PATCH job-search/{id}. */
export const UpdateSearchPayloadSchema = /* @__PURE__ */ v.partial(
  v.object({ pinned: v.boolean(), since: IsoDateSchema, filters: jsonObjectField('Filters', 4000) }),
);
export type UpdateSearchPayload = v.InferInput<typeof UpdateSearchPayloadSchema>;

/** POST jobs/count/bulk. */
export const BulkCountPayloadSchema = /* @__PURE__ */ v.object({
  items: v.pipe(v.array(SaveSearchPayloadSchema), v.maxLength(50)),
});
export type BulkCountPayload = v.InferInput<typeof BulkCountPayloadSchema>;

/** The answer of jobs/count/bulk: one count per search key. */
export const BulkCountAnswerSchema = /* @__PURE__ */ v.object({
  result: v.array(v.object({ key: v.string(), count: v.number() })),
});
export type BulkCountAnswer = v.InferOutput<typeof BulkCountAnswerSchema>;
