/** Payloads and answers of spec 7 "Authentication and user", with the form rules of spec 5. */
import * as v from 'valibot';
import { LIMITS, PLATFORMS, UI_FEATURES } from '../constants';
import { IsoDateSchema, noControlCharacters, textField } from './common';
import { UserSchema } from './user';
import { PASSWORD_DIGIT, PASSWORD_SPECIAL, PASSWORD_UPPER } from '../password-rules';

/** spec 5: the exact messages. */
export const MESSAGES = {
  firstName: 'Please enter first name',
  lastName: 'Please enter last name',
  email: 'Please enter your email address',
  password: 'Please enter a valid password',
  passwordRequired: 'Please enter your password',
  captcha: 'Please verify you are not a robot',
  signInFailed: 'Invalid email or password',
  forgotPasswordSent:
    "If there's a user connected to this email address, we've sent an email with instructions for resetting your password.",
  noAccount: 'You do not have an account yet, please signup first.',
} as const;

// spec 5's password patterns live in password-rules.ts (the checklist loads them without valibot); named here too.
export { PASSWORD_DIGIT, PASSWORD_SPECIAL, PASSWORD_UPPER } from '../password-rules';

const email = v.pipe(
  v.string(MESSAGES.email),
  v.trim(),
  v.nonEmpty(MESSAGES.email),
  v.email(MESSAGES.email),
  v.maxLength(LIMITS.emailMax, MESSAGES.email),
);

export const NewPasswordSchema = /* @__PURE__ */ v.pipe(
  v.string(MESSAGES.password),
  v.minLength(LIMITS.passwordMin, MESSAGES.password),
  v.maxLength(LIMITS.passwordMax, MESSAGES.password),
  v.regex(PASSWORD_UPPER, MESSAGES.password),
  v.regex(PASSWORD_DIGIT, MESSAGES.password),
  v.regex(PASSWORD_SPECIAL, MESSAGES.password),
);

const name = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(LIMITS.nameMax, message), noControlCharacters('Name'));

/** A one-time key from a mailed link: a random token (43 characters), never longer than this. */
const linkKey = (message: string) => v.pipe(textField('Key', 200, { message }), v.nonEmpty(message));

/** POST users/sign-up. */
export const SignUpPayloadSchema = /* @__PURE__ */ v.object({
  name: v.object({ first: name(MESSAGES.firstName), last: name(MESSAGES.lastName) }),
  email,
  password: NewPasswordSchema,
  reCaptchaResponse: v.pipe(textField('Captcha', 10_000, { message: MESSAGES.captcha }), v.nonEmpty(MESSAGES.captcha)),
});
export type SignUpPayload = v.InferInput<typeof SignUpPayloadSchema>;

/** POST users/sign-in; `exists` marks a sign-in from the "Email address found" modal. */
export const SignInPayloadSchema = /* @__PURE__ */ v.object({
  email,
  // Any password an account may hold, up to the cap: argon2 never hashes a 100 MB one.
  password: v.pipe(
    v.string(MESSAGES.passwordRequired),
    v.nonEmpty(MESSAGES.passwordRequired),
    v.maxLength(LIMITS.passwordInputMax, `Password must be at most ${LIMITS.passwordInputMax} characters`),
  ),
  exists: v.optional(v.boolean()),
});
export type SignInPayload = v.InferInput<typeof SignInPayloadSchema>;

/** POST users/forgot-password. */
export const ForgotPasswordPayloadSchema = /* @__PURE__ */ v.object({ email });
export type ForgotPasswordPayload = v.InferInput<typeof ForgotPasswordPayloadSchema>;

/** POST users/reset-password. */
export const ResetPasswordPayloadSchema = /* @__PURE__ */ v.object({
  password: NewPasswordSchema,
  resetKey: linkKey('The reset link is not valid'),
});
export type ResetPasswordPayload = v.InferInput<typeof ResetPasswordPayloadSchema>;

/** POST users/verify-email. */
export const VerifyEmailPayloadSchema = /* @__PURE__ */ v.object({
  emailVerificationKey: linkKey('The verification link is not valid'),
});
export type VerifyEmailPayload = v.InferInput<typeof VerifyEmailPayloadSchema>;

/** PUT users/me: either the saved profile choice or the reached UI features (spec 7). */
export const UpdateMePayloadSchema = /* @__PURE__ */ v.union([
  v.object({ profile: v.nullable(textField('Profile', 200)) }),
  // Names come from the site's list, so the stored list (merged by name) stays as short as that list.
  v.object({
    uiFeatures: v.pipe(
      v.array(
        v.object({
          name: v.pipe(
            v.string(),
            v.check((name) => (UI_FEATURES as readonly string[]).includes(name), `UI feature must be one of: ${UI_FEATURES.join(', ')}`),
          ),
          reachedAt: IsoDateSchema,
        }),
      ),
      v.maxLength(UI_FEATURES.length, `uiFeatures lists too many features (at most ${UI_FEATURES.length})`),
    ),
  }),
]);
export type UpdateMePayload = v.InferInput<typeof UpdateMePayloadSchema>;

/** POST users/authorize-with-linkedin. */
export const AuthorizeWithProviderPayloadSchema = /* @__PURE__ */ v.object({
  accessToken: v.pipe(textField('Access token', 8192), v.nonEmpty()),
  allowRegistration: v.boolean(),
});
export type AuthorizeWithProviderPayload = v.InferInput<typeof AuthorizeWithProviderPayloadSchema>;

export const AuthorizeWithProviderAnswerSchema = /* @__PURE__ */ v.object({ user: UserSchema, found: v.boolean(), created: v.boolean() });
export type AuthorizeWithProviderAnswer = v.InferOutput<typeof AuthorizeWithProviderAnswerSchema>;

/** POST {companies|investors}/{key}/platform. */
export const PlatformPayloadSchema = /* @__PURE__ */ v.object({
  platform: v.picklist(PLATFORMS, `platform must be one of: ${PLATFORMS.join(', ')}`),
});
export type PlatformPayload = v.InferInput<typeof PlatformPayloadSchema>;
