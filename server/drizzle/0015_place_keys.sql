-- Issue #32: a city is found by its place key, however it is typed ('malmo', 'MALMÖ' and 'Malmö' are one
-- place). The SQL twin of sdk placeKey (sdk/src/places.ts), step by step: compatibility decomposition,
-- lower case, the combining diacritical marks dropped, the letters without a decomposition spelled out
-- (PLACE_LETTERS), every run of other characters one dash, no dash at either end.
-- server/src/queries/places.test.ts proves the two agree; change both or neither.
-- normalize(), lower(), translate(), replace() and regexp_replace() are immutable, so an index may use it.
CREATE OR REPLACE FUNCTION nordlys_place_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN trim(BOTH '-' FROM regexp_replace(
    replace(replace(replace(replace(
      translate(
        regexp_replace(lower(normalize($1, NFKD)), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        'øðđłı', 'oddli'),
      'æ', 'ae'), 'þ', 'th'), 'œ', 'oe'), 'ß', 'ss'),
    '[^[:alnum:]]+', '-', 'g'));--> statement-breakpoint
-- The job search's city filter and the location pages read this (country, key) index, as they read
-- (country, lower(locality)) before.
DROP INDEX "locations_country_locality_idx";--> statement-breakpoint
CREATE INDEX "locations_country_place_idx" ON "locations" USING btree ("country_code",nordlys_place_key("locality"));
