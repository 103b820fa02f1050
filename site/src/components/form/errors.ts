/**
 * A form's field messages, keyed by the field's path ('website', 'team.0.name'): from checking the
 * values with the sdk schema before sending, and from the server's 400 (its `errors` name top-level
 * fields). One message per field, the first.
 */
import { isApiError } from '@nordlys/sdk/api';
import * as v from 'valibot';

export type FormErrors = Record<string, string>;

/** Checks `input` with `schema`: the parsed output, or the messages by path. */
export function fieldErrorsOf<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FormErrors } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const errors: FormErrors = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '_';
    errors[path] ??= issue.message;
  }
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
