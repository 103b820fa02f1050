/**
 * A form's field messages, keyed by the field's path ('website', 'team.0.name'): from checking the
 * values with the sdk schema before sending, and from the server's 400 (its `errors` name top-level
 * fields). One message per field, the first. The schema is run through its Standard Schema interface
 * (`~standard`), so this module imports no valibot: the pages that only show a call's failure load none.
 */
import { isApiError } from '@nordlys/sdk/api';
import type * as v from 'valibot';

export type FormErrors = Record<string, string>;

/** An issue's path as valibot's getDotPath gives it ('team.0.name'), or '_' when a part is not a key. */
function dotPath(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined): string {
  if (!path) return '_';
  const keys: (string | number)[] = [];
  for (const item of path) {
    const key = typeof item === 'object' ? item.key : item;
    if (typeof key !== 'string' && typeof key !== 'number') return '_';
    keys.push(key);
  }
  return keys.join('.');
}

/**
 * Checks `input` with `schema` (as v.safeParse does, through the schema's Standard Schema interface):
 * the parsed output, or the messages by path.
 */
export function fieldErrorsOf<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FormErrors } {
  const result = schema['~standard'].validate(input);
  // The sdk's form schemas are synchronous; an async one is a programming error here.
  if (result instanceof Promise) throw new Error('fieldErrorsOf: the schema is async; check it with v.safeParseAsync');
  if (!result.issues) return { ok: true, output: result.value as v.InferOutput<S> };
  const errors: FormErrors = {};
  for (const issue of result.issues) errors[dotPath(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

/** The field messages of a failed call (a 400's `errors`), or null when it has none. */
export function serverFieldErrors(error: unknown): FormErrors | null {
  if (!isApiError(error) || !error.errors) return null;
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) errors[field] = messages[0];
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The messages without those of the named fields and their parts ('location' clears 'location.locality');
 * the same object when nothing was cleared, so a React state setter keeps its value.
 */
export function withoutErrorsOf(errors: FormErrors, names: readonly string[]): FormErrors {
  const kept = Object.entries(errors).filter(([path]) => !names.some((n) => path === n || path.startsWith(`${n}.`)));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** The messages under a list field, re-keyed without its prefix: 'team.0.name' → '0.name', 'team' → ''. */
export function errorsUnder(errors: FormErrors, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === field) out[''] = message;
    else if (path.startsWith(`${field}.`)) out[path.slice(field.length + 1)] = message;
  }
  return out;
}

// In its own module, without valibot, for the layouts every page loads; named here too.
export { failureMessage } from './failure';

/** Whether a call failed with 409 (taken key or domain, already a member, the last admin). */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
