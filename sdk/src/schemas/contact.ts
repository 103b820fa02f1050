/**
 * Issue #15: the contact form and the request forms of the service pages (/contact, /scout,
 * /headhunter, /community-program). One payload for all four, told apart by `kind`; each goes to the
 * team address by mail, with the sender as Reply-To (POST /contact).
 */
import * as v from 'valibot';
import { MESSAGES } from './account';
import { noControlCharacters } from './common';

/** What a message is about: the contact page, or the request form of one of the service pages. */
export const CONTACT_KINDS = ['contact', 'scout', 'headhunter', 'community'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The forms' words, under each field and in the server's 400. */
export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  email: MESSAGES.email,
  /** A service request names who is asking: the startup (Scout, Headhunter) or the community (the programme). */
  startup: "Please enter your startup's name",
  community: 'Please enter the name of your community or organisation',
  message: 'Please write your message',
  captcha: MESSAGES.captcha,
} as const;

export const CONTACT_LIMITS = {
  nameMax: 100,
  /** RFC 5321's longest address. */
  emailMax: 254,
  companyMax: 120,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** Whether a kind's form asks for the startup or community behind the request. */
export const needsOrganisation = (kind: ContactKind): boolean => kind !== 'contact';

const trimmed = (message: string, max: number, label: string, { lines = false } = {}) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    noControlCharacters(label, { lines }),
  );

/**
 * POST /contact. The captcha answer keeps the sign-up's field name (`reCaptchaResponse`, spec 5).
 * `company` is the startup (Scout, Headhunter) or the community (the community programme), required
 * for those kinds; the contact form may leave it out.
 */
export const ContactRequestSchema = /* @__PURE__ */ v.pipe(
  v.object({
    kind: v.picklist(CONTACT_KINDS, `Kind must be one of: ${CONTACT_KINDS.join(', ')}`),
    name: trimmed(CONTACT_MESSAGES.name, CONTACT_LIMITS.nameMax, 'Name'),
    email: v.pipe(
      v.string(CONTACT_MESSAGES.email),
      v.trim(),
      v.nonEmpty(CONTACT_MESSAGES.email),
      v.email(CONTACT_MESSAGES.email),
      v.maxLength(CONTACT_LIMITS.emailMax, `Email must be at most ${CONTACT_LIMITS.emailMax} characters`),
    ),
    company: v.optional(
      v.pipe(
        v.string('Company must be text'),
        v.trim(),
        v.maxLength(CONTACT_LIMITS.companyMax, `Company must be at most ${CONTACT_LIMITS.companyMax} characters`),
        noControlCharacters('Company'),
      ),
    ),
    message: v.pipe(
      trimmed(CONTACT_MESSAGES.message, CONTACT_LIMITS.messageMax, 'Message', { lines: true }),
      // An empty message has its own words above; one message per field.
      v.check((text) => text === '' || text.length >= CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters`),
    ),
    reCaptchaResponse: v.pipe(
      v.string(CONTACT_MESSAGES.captcha),
      v.nonEmpty(CONTACT_MESSAGES.captcha),
      v.maxLength(10_000, CONTACT_MESSAGES.captcha),
      noControlCharacters('Captcha'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['kind'], ['company']],
      (input) => input.kind !== 'community' || Boolean(input.company),
      CONTACT_MESSAGES.community,
    ),
    ['company'],
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['company']],
      (input) => input.kind === 'contact' || input.kind === 'community' || Boolean(input.company),
      CONTACT_MESSAGES.startup,
    ),
    ['company'],
  ),
);
export type ContactRequest = v.InferInput<typeof ContactRequestSchema>;

/** The answer of POST /contact (202): the message is queued for the team. */
export const ContactAnswerSchema = /* @__PURE__ */ v.object({ kind: v.picklist(CONTACT_KINDS) });
export type ContactAnswer = v.InferOutput<typeof ContactAnswerSchema>;


/**
 * GET /api/captcha/challenge: a signed altcha challenge (PoW v2, altcha-lib's Challenge as this server
 * makes it), which the widget on the contact and sign-up forms solves into `reCaptchaResponse`.
 */
export const CaptchaChallengeSchema = /* @__PURE__ */ v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    keySignature: v.optional(v.string()),
    /** Unix seconds: the server's challenges always expire. */
    expiresAt: v.number(),
  }),
  signature: v.string(),
});
export type CaptchaChallenge = v.InferOutput<typeof CaptchaChallengeSchema>;
