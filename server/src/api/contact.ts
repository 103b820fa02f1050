/**
 * The contact form and the service pages' request forms (issue #15):
 *
 *   POST /contact {kind, name, email, message, company?, reCaptchaResponse}
 *     202 {kind}: the message is queued (the outbox) for the team address, with the sender as Reply-To
 *     400 field messages; a captcha answer that is wrong or used already names `reCaptchaResponse`
 *     429 with Retry-After: too many messages from one network or to one sender's address
 *     503 without mail or captcha (a server without auth parts)
 *
 * Counted before the captcha is checked, so a flood is refused before any work (as sign-up does).
 */
import { Hono } from 'hono';
import { paths } from '@nordlys/sdk/routes';
import { ContactAnswerSchema, ContactRequestSchema, MESSAGES, type ContactAnswer, type ContactKind } from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { siteOrigin } from '../accounts/origin';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { defaultTeamEmail } from '../config';
import { AppError } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { contactMail } from '../mail/contact-mail';
import { inTransaction, MailSendError } from '../queue/queue';
import type { RouterDeps } from './deps';
import { operation } from './operation';

/**
 * A network may send this many messages an hour (offices and schools share an address), and one
 * sender's address this many: enough to follow up, too few to flood the team's inbox.
 */
export const CONTACT_LIMITS_PER_HOUR = {
  perIp: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export const CONTACT_UNAVAILABLE_MESSAGE = 'The contact form is not available on this server right now. Please try again later.';
export const CONTACT_MAIL_FAILED_MESSAGE = 'We could not send your message just now. Please try again in a few minutes.';

/** The page each kind of message is sent from, named in the team's mail. */
const PAGE_OF: Record<ContactKind, () => string> = {
  contact: paths.contact,
  scout: paths.scout,
  headhunter: paths.headhunter,
  community: paths.communityProgram,
};

export interface ContactRouterOptions {
  /** Overrides of the limits (tests). */
  limits?: Partial<typeof CONTACT_LIMITS_PER_HOUR>;
  /** The limiters' clock (tests). */
  clock?: () => number;
}

export function contactRouter({ db, config, auth, mail }: RouterDeps, { limits = {}, clock }: ContactRouterOptions = {}) {
  const perIp = rateLimiter('contactPerIp', limits.perIp ?? CONTACT_LIMITS_PER_HOUR.perIp, clock);
  const perEmail = rateLimiter('contactPerEmail', limits.perEmail ?? CONTACT_LIMITS_PER_HOUR.perEmail, clock);
  const teamEmail = config.teamEmail ?? defaultTeamEmail(config.publicUrl);

  return new Hono<AppEnv>().post(
    '/contact',
    operation({
      keepsPublicAnswers: true,
      summary: "Send a message from the contact form or a service page's request form to the team",
      access: 'public',
      response: ContactAnswerSchema,
      status: 202,
      errors: ['E_RATE_LIMITED', 'E_UNAVAILABLE', 'E_MAIL_FAILED'],
    }),
    privateNoStore,
    validate('json', ContactRequestSchema),
    async (c) => {
      if (!auth || !mail) throw new AppError('E_UNAVAILABLE', CONTACT_UNAVAILABLE_MESSAGE);
      const input = c.req.valid('json');
      const ip = clientIp(c, config.trustProxy ?? false);
      await checkRateLimits(db, [
        [perIp, ip],
        [perEmail, input.email.toLowerCase()],
      ]);
      if (!(await auth.captcha.verify(input.reCaptchaResponse, ip === 'unknown' ? undefined : ip))) {
        throw new AppError('E_VALIDATION', MESSAGES.captcha, { reCaptchaResponse: [MESSAGES.captcha] });
      }
      const message = contactMail({
        to: teamEmail,
        productName: config.productName,
        kind: input.kind,
        name: input.name,
        email: input.email,
        company: input.company || undefined,
        message: input.message,
        page: `${siteOrigin(config)}${PAGE_OF[input.kind]()}`,
      });
      try {
        // The outbox: the mail job commits in this transaction, and the queue sends it, retrying while SMTP is down.
        await inTransaction(db, (tx) => mail.enqueue(tx, message));
      } catch (error) {
        // Only without a queue (a direct send that failed): nothing was kept, so sending again is safe.
        if (!(error instanceof MailSendError)) throw error;
        console.error('[contact] a message to the team could not be sent:', error.message);
        throw new AppError('E_MAIL_FAILED', CONTACT_MAIL_FAILED_MESSAGE);
      }
      return c.json({ kind: input.kind } satisfies ContactAnswer, 202);
    },
  );
}
