/** The form rules of spec 5 as plain functions over the account schemas: field messages, checklist, prefill and submit guard. */
import * as v from 'valibot';
import { LIMITS, REMOTE } from './constants';
import {
  ForgotPasswordPayloadSchema,
  PASSWORD_DIGIT,
  PASSWORD_SPECIAL,
  PASSWORD_UPPER,
  SignInPayloadSchema,
  SignUpPayloadSchema,
  type ForgotPasswordPayload,
  type SignInPayload,
  type SignUpPayload,
} from './schemas/account';
import type { SearchKey } from './schemas/searches';

/** Field path to its first message; an empty object means the form is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type SignUpField = 'name.first' | 'name.last' | 'email' | 'password' | 'reCaptchaResponse';
export type SignInField = 'email' | 'password';
export type ForgotPasswordField = 'email';

/** The first message of each failing field, keyed by the payload's dot path (e.g. 'name.first'). */
function fieldErrors<F extends string>(schema: v.GenericSchema, input: unknown): FieldErrors<F> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue);
    if (path !== null) errors[path] ??= issue.message;
  }
  return errors as FieldErrors<F>;
}

/**
 * spec 5 "Sign-up form": names, e-mail, password and captcha, with the spec's messages.
 * @example validateSignUp({ name: { first: '', last: 'Berg' }, email: 'a@b.dk', password: 'Secret#1x', reCaptchaResponse: 'ok' })
 * // { 'name.first': 'Please enter first name' }
 */
export function validateSignUp(input: SignUpPayload): FieldErrors<SignUpField> {
  return fieldErrors<SignUpField>(SignUpPayloadSchema, input);
}

/** spec 5 "Sign-in and exists modals": e-mail required and valid, password required. */
export function validateSignIn(input: SignInPayload): FieldErrors<SignInField> {
  return fieldErrors<SignInField>(SignInPayloadSchema, input);
}

/** spec 5 "Forgot password": e-mail required and valid. */
export function validateForgotPassword(input: ForgotPasswordPayload): FieldErrors<ForgotPasswordField> {
  return fieldErrors<ForgotPasswordField>(ForgotPasswordPayloadSchema, input);
}

/** Whether a field-error map holds any message. */
export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

export type PasswordRule = 'upper-case' | 'min-length' | 'number' | 'special';

export interface PasswordChecklistItem {
  rule: PasswordRule;
  label: string;
  met: boolean;
}


/** spec 5: the checklist labels, in the spec's order. */
export const PASSWORD_CHECKLIST_LABELS = {
  'upper-case': 'Upper-case letter',
  'min-length': `Minimum ${LIMITS.passwordMin} characters`,
  number: 'Number',
  special: 'Special character (for example ~!@#$%&)',
} as const satisfies Record<PasswordRule, string>;

/**
 * spec 5: the live checklist under the sign-up password: upper-case letter, minimum 8 characters,
 * number and special character. The 50-character maximum is not an item; the field message covers it.
 */
export function passwordChecklist(password: string): PasswordChecklistItem[] {
  const met: Record<PasswordRule, boolean> = {
    // The same patterns and limit as NewPasswordSchema, so the checklist and the form agree.
    'upper-case': PASSWORD_UPPER.test(password),
    'min-length': password.length >= LIMITS.passwordMin,
    number: PASSWORD_DIGIT.test(password),
    special: PASSWORD_SPECIAL.test(password),
  };
  return (Object.keys(PASSWORD_CHECKLIST_LABELS) as PasswordRule[]).map((rule) => ({
    rule,
    label: PASSWORD_CHECKLIST_LABELS[rule],
    met: met[rule],
  }));
}

/**
 * spec 5: a prefilled name is split on the first space: first name before it, last name after.
 * @example prefillName('Anna Maria Berg') // { first: 'Anna', last: 'Maria Berg' }
 */
export function prefillName(fullName: string | null | undefined): { first: string; last: string } {
  const name = (fullName ?? '').trim();
  const space = name.indexOf(' ');
  if (space === -1) return { first: name, last: '' };
  return { first: name.slice(0, space), last: name.slice(space + 1).trim() };
}

/** spec 5: the country code to store as the preferred country, or null: 'REMOTE' is never stored. */
export function preferredCountryToStore(code: string | null | undefined): string | null {
  const value = (code ?? '').trim();
  if (value === '' || value.toUpperCase() === REMOTE) return null;
  return value;
}

/** spec 5: a search is saved only if it has search text or a location (a country code alone is not enough). */
export function isSearchSavable(query: Pick<SearchKey, 'search' | 'location'>): boolean {
  return Boolean(query.search?.trim() || query.location?.trim());
}

// The scheme rule has its own module (pages that only link a website import it alone); named here too.
export { withScheme } from './with-scheme';

/**
 * spec 5 "Submission": every field marked touched, so all messages show on submit.
 * @example touchAll(['email', 'password']) // { email: true, password: true }
 */
export function touchAll<F extends string>(fields: readonly F[]): Record<F, true> {
  return Object.fromEntries(fields.map((field) => [field, true])) as Record<F, true>;
}

/** The outcome of a guarded call: ignored, or run with its value. */
export type Guarded<T> = { ignored: true } | { ignored: false; value: T };

export interface SubmitGuard {
  /** A form request is in flight. */
  readonly submitting: boolean;
  /** The provider sign-in is authorizing. */
  readonly authorizing: boolean;
  /** Runs the request unless a request or an authorization is running; errors pass through. */
  submit<T>(request: () => Promise<T>): Promise<Guarded<T>>;
  /** Runs the provider authorization under the same rule, blocking submits meanwhile. */
  authorize<T>(authorization: () => Promise<T>): Promise<Guarded<T>>;
}

/**
 * spec 5 "Submission": submit is ignored while a request runs or while the provider sign-in is
 * authorizing. Mark the fields touched first, then validate, then submit.
 * @example
 * const guard = createSubmitGuard();
 * async function onSubmit() {
 *   touched = touchAll(SIGN_IN_FIELDS);
 *   if (hasErrors(validateSignIn(values))) return;
 *   await guard.submit(() => api.users.signIn(values));
 * }
 */
export function createSubmitGuard(): SubmitGuard {
  let running: 'submitting' | 'authorizing' | null = null;
  const run = async <T>(kind: 'submitting' | 'authorizing', work: () => Promise<T>): Promise<Guarded<T>> => {
    if (running !== null) return { ignored: true };
    running = kind;
    try {
      return { ignored: false, value: await work() };
    } finally {
      running = null;
    }
  };
  return {
    get submitting() {
      return running === 'submitting';
    },
    get authorizing() {
      return running === 'authorizing';
    },
    submit: (request) => run('submitting', request),
    authorize: (authorization) => run('authorizing', authorization),
  };
}
