/**
 * spec 5's sign-up, sign-in and forgot-password checks over the account schemas: the first message of
 * each failing field. The only part of the form rules (validation.ts) that needs valibot, so the rest
 * loads without it.
 */
import * as v from 'valibot';
import {
  ForgotPasswordPayloadSchema,
  SignInPayloadSchema,
  SignUpPayloadSchema,
  type ForgotPasswordPayload,
  type SignInPayload,
  type SignUpPayload,
} from './schemas/account';

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
