/** Locations (spec 3). `country` holds the ISO 3166 alpha-2 code; names come from `countryName`. */
import * as v from 'valibot';
import { textParam } from './common';

export const LocationSchema = /* @__PURE__ */ v.object({
  locality: v.nullable(v.string()),
  country: v.nullable(v.string()),
  address: v.nullable(v.string()),
});
export type Location = v.InferOutput<typeof LocationSchema>;

/** The path of GET /v2/places/{countryCode}/{city} (issue #32): a country code in either case, and a city however it is spelled. */
export const CityPlaceParamSchema = /* @__PURE__ */ v.object({
  countryCode: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code'), v.toUpperCase()),
  city: textParam('City', 100),
});

/**
 * A city that jobs were published in (issue #32), found by its place key (sdk places.ts): its name as
 * most of its jobs spell it, and its public jobs now. A location page shows it; any other city is a 404.
 */
export const CityPlaceSchema = /* @__PURE__ */ v.object({
  countryCode: v.string(),
  city: v.string(),
  jobs: v.number(),
});
export type CityPlace = v.InferOutput<typeof CityPlaceSchema>;
