/** Locations (spec 3). `country` holds the ISO 3166 alpha-2 code; names come from `countryName`. */
import * as v from 'valibot';

export const LocationSchema = /* @__PURE__ */ v.object({
  locality: v.nullable(v.string()),
  country: v.nullable(v.string()),
  address: v.nullable(v.string()),
});
export type Location = v.InferOutput<typeof LocationSchema>;
