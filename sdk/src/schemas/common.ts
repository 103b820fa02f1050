/** Building blocks shared by the entity and query schemas. */
import * as v from 'valibot';

/** An ISO 8601 timestamp as it travels in JSON. */
export const IsoDateSchema = /* @__PURE__ */ v.pipe(v.string(), v.isoTimestamp());

/** A whole number read from a query string or a JSON body. */
/* @__NO_SIDE_EFFECTS__ */
export function intParam(label: string, min: number, max: number) {
  return v.pipe(
    v.union([v.string(), v.number()], `${label} must be a whole number`),
    v.transform((x) => (typeof x === 'string' && x.trim() === '' ? Number.NaN : Number(x))),
    v.number(`${label} must be a whole number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be ${min} or more`),
    v.maxValue(max, `${label} must be ${max} or less`),
  );
}

/** A true/false flag read from a query string ('true', 'false', '1', '0') or a JSON body. */
/* @__NO_SIDE_EFFECTS__ */
export function boolParam(label: string) {
  return v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])], `${label} must be true or false`),
    v.transform((x) => x === true || x === 'true' || x === '1'),
  );
}

/**
 * A list read from a query string: repeated keys (`?a=x&a=y`), comma-separated values (`?a=x,y`)
 * or a JSON array, each item checked against `item`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function listParam<const T extends readonly [string, ...string[]]>(label: string, allowed: T) {
  return v.pipe(
    v.union([v.string(), v.array(v.string())], `${label} must be a list`),
    v.transform((x) =>
      (Array.isArray(x) ? x : [x])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    v.array(v.picklist(allowed, `${label} must be one of: ${allowed.join(', ')}`)),
    v.maxLength(allowed.length, `${label} lists too many values`),
  );
}

/** A list of values of one shape (comma-separated or repeated), e.g. country codes or startup keys. */
/* @__NO_SIDE_EFFECTS__ */
export function patternListParam(label: string, pattern: RegExp, what: string, max: number) {
  return v.pipe(
    v.union([v.string(), v.array(v.string())], `${label} must be a list`),
    v.transform((x) =>
      (Array.isArray(x) ? x : [x])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    v.array(v.pipe(v.string(), v.regex(pattern, `${label} must be ${what}`))),
    v.maxLength(max, `${label} lists too many values (at most ${max})`),
  );
}

/** One of a fixed list of values, with a message that lists them. */
/* @__NO_SIDE_EFFECTS__ */
export function choiceParam<const T extends readonly [string, ...string[]]>(label: string, allowed: T) {
  return v.picklist(allowed, `${label} must be one of: ${allowed.join(', ')}`);
}

/** Free text from a query string, trimmed; empty means absent. */
/* @__NO_SIDE_EFFECTS__ */
export function textParam(label: string, max: number) {
  return v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    v.transform((s) => (s === '' ? undefined : s)),
  );
}

/** The paging block every list answer carries. */
export const PageInfoSchema = /* @__PURE__ */ v.object({
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  pages: v.number(),
});
export type PageInfo = v.InferOutput<typeof PageInfoSchema>;

/** The body of every error answer (spec 8): a message for people, a code for programs. */
export const ErrorBodySchema = /* @__PURE__ */ v.object({
  message: v.string(),
  code: v.optional(v.string()),
  /** Field name to its messages, on validation failures (400). */
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
