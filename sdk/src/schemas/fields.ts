/**
 * The field rules the profile, job and talent forms share: trimmed text (required or optional), web
 * addresses, e-mail, uploaded image paths, rich text and vocabulary choices. Their own module so a
 * schema that needs a few of them (the talent profile) does not carry the startup and investor forms.
 */
import * as v from 'valibot';
import { withScheme } from '../with-scheme';
import { noControlCharacters, textField } from './common';

/** Trimmed one-line text; empty becomes null (an optional field left blank). */
/* @__NO_SIDE_EFFECTS__ */
export function optionalText(label: string, max: number, { lines = false } = {}) {
  return v.pipe(
    v.nullish(v.pipe(textField(label, max, { lines }), v.trim()), null),
    v.transform((s) => (s ? s : null)),
  );
}

/** Trimmed one-line text that must not be empty. */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(label: string, max: number, message = `Please enter ${label.toLowerCase()}`) {
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `${label} must be at most ${max} characters`), noControlCharacters(label));
}

/**
 * spec 5: an external site URL gets 'http://' when it lacks http or https; then it must be a URL
 * with a host. Empty means none.
 */
/* @__NO_SIDE_EFFECTS__ */
export function websiteField(label = 'Website') {
  return v.pipe(
    optionalText(label, 300),
    v.transform((s) => (s ? withScheme(s) : null)),
    v.check((s) => s === null || isWebUrl(s), `${label} must be a web address, like northwind.dk`),
  );
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** An e-mail address, or null when left empty. */
/* @__NO_SIDE_EFFECTS__ */
export function optionalEmail(label: string) {
  return v.pipe(optionalText(label, 254), v.check((s) => s === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), `${label} must be an e-mail address`));
}

/**
 * A stored image, named by the `path` an upload answered (POST /upload/{type}); null for none. The
 * server checks that the path exists and belongs to the profile.
 */
export const ImagePathSchema = /* @__PURE__ */ v.pipe(
  v.string('Image must be an uploaded image'),
  v.regex(/^[a-z0-9][a-z0-9/_.-]{0,199}$/, 'Image must be an uploaded image'),
  v.check((s) => !s.includes('..'), 'Image must be an uploaded image'),
);

/** Rich text (HTML) from the editor; the server sanitizes it with the one policy (sdk/sanitize) before storing. */
/* @__NO_SIDE_EFFECTS__ */
export function richText(label: string, max: number) {
  return v.pipe(v.nullish(textField(label, max, { lines: true }), null), v.transform((s) => (s && s.trim() ? s : null)));
}

/** A list of values of one vocabulary, each once. */
/* @__NO_SIDE_EFFECTS__ */
export function choices<const T extends readonly [string, ...string[]]>(label: string, allowed: T) {
  return v.pipe(
    v.optional(v.array(v.picklist(allowed, `${label} must be one of: ${allowed.join(', ')}`), `${label} must be a list`), []),
    v.transform((list) => [...new Set(list)]),
  );
}
