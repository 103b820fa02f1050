/** Building blocks shared by the entity and query schemas. */
import * as v from 'valibot';

/** An ISO 8601 timestamp as it travels in JSON. */
export const IsoDateSchema = /* @__PURE__ */ v.pipe(v.string(), v.isoTimestamp());

/**
 * C0 and C1 control characters and DEL. No one-line text needs them, and PostgreSQL refuses NUL
 * in text outright (a NUL that reached a query used to fail the request, and once, the process).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return pass: multi-line text keeps its lines. */
export const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Refuses text with control characters (line breaks too unless `lines`), with a message naming the field. */
/* @__NO_SIDE_EFFECTS__ */
export function noControlCharacters(label: string, { lines = false } = {}) {
  const pattern = lines ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS;
  return v.check((s: string) => !pattern.test(s), `${label} must not contain control characters`);
}

/**
 * A whole number as it is written in a URL: decimal digits, no sign but '-', no leading zero, so one
 * number has one spelling ('0x10', '1e1', '010', '+10' and ' 10' are refused, not read as 16 or 10).
 */
const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

/** A whole number read from a query string (canonical decimal only) or a JSON body. */
/* @__NO_SIDE_EFFECTS__ */
export function intParam(label: string, min: number, max: number) {
  return v.pipe(
    v.union([v.string(), v.number()], `${label} must be a whole number`),
    v.transform((x) => (typeof x === 'number' ? x : CANONICAL_INTEGER.test(x) ? Number(x) : Number.NaN)),
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

/** Free text from a query string, trimmed; empty means absent. One line: control characters are refused. */
/* @__NO_SIDE_EFFECTS__ */
export function textParam(label: string, max: number) {
  return v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    noControlCharacters(label),
    v.transform((s) => (s === '' ? undefined : s)),
  );
}

/**
 * A string field of a JSON body: at most `max` characters, no control characters (multi-line text
 * keeps its line breaks with `lines`). Not trimmed: a password or a key is taken as it is.
 */
/* @__NO_SIDE_EFFECTS__ */
export function textField(label: string, max: number, { lines = false, message }: { lines?: boolean; message?: string } = {}) {
  return v.pipe(
    v.string(message ?? `${label} must be text`),
    v.maxLength(max, message ?? `${label} must be at most ${max} characters`),
    noControlCharacters(label, { lines }),
  );
}

/** The deepest a free-form JSON object may nest. */
const JSON_DEPTH_MAX = 8;

/** Whether a JSON value nests at most JSON_DEPTH_MAX deep and holds no control character in any key or string. */
function isPlainJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !CONTROL_CHARACTERS_BUT_LINES.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= JSON_DEPTH_MAX) return false;
  return Object.entries(value).every(([key, item]) => !CONTROL_CHARACTERS_BUT_LINES.test(key) && isPlainJson(item, depth + 1));
}

/**
 * A free-form JSON object of a body (saved search filters, event payloads): shallow, bounded by the
 * size of its JSON, and free of control characters (PostgreSQL's jsonb refuses NUL).
 */
/* @__NO_SIDE_EFFECTS__ */
export function jsonObjectField(label: string, maxChars: number) {
  return v.pipe(
    // valibot's record would take a list too (as an object of its indexes): a list is not the object asked for.
    v.custom<Record<string, unknown>>((o) => typeof o === 'object' && o !== null && !Array.isArray(o), `${label} must be an object`),
    v.record(v.string(), v.unknown(), `${label} must be an object`),
    // The walk comes first: it stops at the depth limit, before JSON.stringify would recurse.
    v.check(
      (o) => isPlainJson(o) && JSON.stringify(o).length <= maxChars,
      `${label} must be at most ${maxChars} characters of JSON, ${JSON_DEPTH_MAX} levels deep, without control characters`,
    ),
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
  /** A site path to offer with the message, e.g. the first application of a second one (409 E_ALREADY_APPLIED). */
  link: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
