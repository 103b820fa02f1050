/**
 * Job digests (spec 7 "Digest", issue #14): subscribe, read, change, preview, confirm and end a
 * subscription.
 *
 *   GET    /digest/mail/{email}       the signed-in user's own digest profile (404 for another address, 401 for a visitor)
 *   POST   /digest                    a signed-in user's subscription (active at once with a verified address), or a
 *                                     visitor's: pending until the confirmation mail's link (double opt-in)
 *   POST   /digest/confirm {token}    the confirmation link activates the subscription
 *   GET    /digest/unsubscribe?id&token   what the link would end (JSON), or a browser's redirect to the site's page
 *   POST   /digest/unsubscribe?id&token   RFC 8058 one-click (body List-Unsubscribe=One-Click): ends it, no session needed
 *   GET    /digest/{settingsKey}      the profile behind a manage link (the key is the secret)
 *   GET    /digest/{settingsKey}/preview  the jobs the next digest would hold now
 *   PUT    /digest/{settingsKey}      countries, remote, categories, frequency, hour, time zone, pause
 *   DELETE /digest/{settingsKey}      ends it from the manage page
 *
 * A visitor's POST answers the same 'pending' whatever the address's state, so it tells nobody who
 * subscribes: a new address gets the confirmation mail, a pending one a new confirmation mail, a
 * running one a mail with its manage link. Mail goes through the outbox in the write's transaction.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { DIGEST_CONFIRM_DAYS } from '@nordlys/sdk/constants';
import { DEFAULT_DIGEST_HOUR, DEFAULT_DIGEST_TIME_ZONE, nextDigestAt } from '@nordlys/sdk/digests';
import { paths } from '@nordlys/sdk/routes';
import {
  DigestConfirmSchema,
  DigestPreviewSchema,
  DigestProfileSchema,
  DigestSubscribeAnswerSchema,
  DigestSubscriptionSchema,
  DigestUnsubscribeInfoSchema,
  DigestUnsubscribeQuerySchema,
  type DigestProfile,
  type DigestSubscribeAnswer,
  type DigestSubscriptionValues,
  type DigestUnsubscribeInfo,
} from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { LOG_IN_MESSAGE, requireUser, currentViewer } from '../accounts/guards';
import { checkRateLimits, rateLimiter, takeAttempt } from '../accounts/rate-limit';
import { hashToken, randomToken } from '../accounts/tokens';
import { findUserById } from '../accounts/users';
import { now as clockNow } from '../clock';
import { AppError } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { digestConfirmLink, digestLinkKey, digestLinks, isUnsubscribeToken } from '../mail/digest-links';
import { digestAlreadySubscribedMail, digestConfirmMail } from '../mail/digest-mail';
import {
  deleteDigest,
  digestContent,
  findDigestByConfirmToken,
  findDigestByEmail,
  findDigestById,
  findDigestByKey,
  findDigestForUser,
  insertDigest,
  toDigestProfile,
  updateDigest,
  type DigestRow,
  type DigestSettings,
} from '../queries/digests';
import { inTransaction, type MailOutbox } from '../queue/queue';
import type { RouterDeps } from './deps';
import { operation } from './operation';

/** A visitor may ask for this many subscriptions an hour from one address, and each e-mail address gets this many mails an hour. */
export const DIGEST_SUBSCRIBE_LIMITS = {
  perIp: { max: 20, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
};

const SettingsKeyParam = v.object({
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,100}$/, 'This job alert link is not valid')),
});
const EmailParam = v.object({ email: v.pipe(v.string(), v.maxLength(254)) });

const NOT_FOUND = 'This job alert does not exist (any more)';
const CONFIRM_INVALID = 'This confirmation link is not valid any more. Subscribe again to get a new one.';
const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid';
const ONE_CLICK_MISSING = 'A one-click unsubscribe sends the body List-Unsubscribe=One-Click (RFC 8058)';
const EMAIL_FIXED = 'The address of a job alert cannot be changed: subscribe the new address instead';

/** 'talent@nordlys.test' → 't***@nordlys.test': enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** The settings a new subscription starts with: the payload's, else the defaults. */
function newSettings(input: DigestSubscriptionValues): DigestSettings {
  return {
    locations: input.locations,
    includeRemoteJobs: input.includeRemoteJobs,
    categories: input.categories ?? [],
    frequency: input.frequency ?? 'weekly',
    hourOfDay: input.hourOfDay ?? DEFAULT_DIGEST_HOUR,
    timeZone: input.timeZone ?? DEFAULT_DIGEST_TIME_ZONE,
    paused: input.paused ?? false,
  };
}

/**
 * A subscription's settings after a change: what the payload leaves out stays; with mergeData the
 * countries and categories join the old ones, and remote jobs stay included once they were.
 */
function changedSettings(row: DigestRow, input: DigestSubscriptionValues): DigestSettings {
  const merge = input.mergeData === true;
  const locations = merge ? [...new Map([...row.locations, ...input.locations].map((l) => [l.countryCode, l])).values()] : input.locations;
  const categories = input.categories === undefined ? row.categories : merge ? [...new Set([...row.categories, ...input.categories])] : input.categories;
  return {
    locations,
    includeRemoteJobs: merge ? row.includeRemoteJobs || input.includeRemoteJobs : input.includeRemoteJobs,
    categories,
    frequency: input.frequency ?? row.frequency,
    hourOfDay: input.hourOfDay ?? row.hourOfDay,
    timeZone: input.timeZone ?? row.timeZone,
    paused: input.paused ?? row.paused,
  };
}

/** When an active subscription with these settings is next due; null while it waits for confirmation or is paused. */
function nextDue(settings: DigestSettings, confirmed: boolean, now: Date): Date | null {
  return confirmed && !settings.paused ? nextDigestAt(settings, now) : null;
}

export function digestRouter({ db, config, mail }: RouterDeps) {
  const perIp = rateLimiter('digestSubscribePerIp', DIGEST_SUBSCRIBE_LIMITS.perIp);
  const perEmail = rateLimiter('digestMailPerEmail', DIGEST_SUBSCRIBE_LIMITS.perEmail);
  const linkKey = digestLinkKey(config);
  const outbox = (): MailOutbox => {
    if (!mail) throw new AppError('E_UNAVAILABLE', 'Mail is not set up on this server, so job alerts cannot be confirmed');
    return mail;
  };

  async function byKey(c: Context<AppEnv>, key: string): Promise<DigestRow> {
    const row = await findDigestByKey(db, key);
    if (!row) throw new AppError('E_NOT_FOUND', NOT_FOUND);
    return row;
  }

  /**
   * Whether one more mail may go to `email` this hour. The address's own limit is kept silently: the
   * answer must not differ by address, and a refused mail only means the last one is still the one to use.
   */
  async function mayMail(email: string): Promise<boolean> {
    const key = email.toLowerCase();
    return (await takeAttempt(db, perEmail, key)) === 0;
  }

  /**
   * A subscription that waits for its confirmation (a visitor's, or a user's whose address is not
   * verified): a new one, or the address's pending one with the new settings and a new token; an
   * address that subscribes already only gets its manage link by mail. Answers nothing the caller
   * could tell addresses apart by.
   */
  async function subscribePending(email: string, input: DigestSubscriptionValues, userId: number | null, now: Date): Promise<void> {
    const send = outbox();
    const token = randomToken();
    const mailAllowed = await mayMail(email);
    await inTransaction(db, async (tx) => {
      const existing = await findDigestByEmail(tx, email);
      if (existing?.confirmedAt) {
        if (mailAllowed) {
          const manageLink = digestLinks(config, existing, linkKey).manage;
          await send.enqueue(tx, digestAlreadySubscribedMail({ to: existing.email, productName: config.productName, manageLink }));
        }
        return;
      }
      const settings = newSettings(input);
      if (existing) {
        // A new confirmation window starts: the old link stops working, the new one works DIGEST_CONFIRM_DAYS.
        await updateDigest(tx, existing.id, { ...settings, confirmTokenHash: hashToken(token), ...(userId !== null ? { userId } : {}), createdAt: now });
      } else {
        const row = await insertDigest(tx, {
          ...settings,
          settingsKey: randomToken(),
          email,
          userId,
          confirmedAt: null,
          confirmTokenHash: hashToken(token),
          nextDueAt: null,
          createdAt: now,
        });
        // Another request made it a moment ago: that one's mail is on its way.
        if (!row) return;
      }
      if (mailAllowed) await send.enqueue(tx, digestConfirmMail({ to: email, productName: config.productName, link: digestConfirmLink(config, token), days: DIGEST_CONFIRM_DAYS }));
    });
  }

  /** A signed-in user's own subscription, active at once: their address is verified. */
  async function subscribeVerified(user: { id: number; email: string; isEmailVerified: boolean }, input: DigestSubscriptionValues, now: Date): Promise<DigestRow> {
    const existing = await findDigestForUser(db, user);
    if (existing) {
      const settings = existing.userId === null && !input.mergeData ? newSettings(input) : changedSettings(existing, input);
      const confirmedAt = existing.confirmedAt ?? now;
      const row = await updateDigest(db, existing.id, { ...settings, userId: user.id, confirmedAt, nextDueAt: nextDue(settings, true, now) });
      return row!;
    }
    const settings = newSettings(input);
    const created = await insertDigest(db, {
      ...settings,
      settingsKey: randomToken(),
      email: user.email,
      userId: user.id,
      confirmedAt: now,
      confirmTokenHash: null,
      nextDueAt: nextDue(settings, true, now),
      createdAt: now,
    });
    if (created) return created;
    // The address's subscription was made a moment ago (another tab): change that one.
    const again = await findDigestForUser(db, user);
    if (!again) throw new AppError('E_CONFLICT', 'Your job alert is being saved in another window; try again in a moment');
    return subscribeVerified(user, input, now);
  }

  return (
    new Hono<AppEnv>()
      .use('/digest', privateNoStore)
      .use('/digest/*', privateNoStore)

      .get(
        '/digest/mail/:email',
        operation({ summary: "The signed-in user's own job alert, by their address", access: 'owner', response: DigestProfileSchema, errors: ['E_NOT_FOUND'] }),
        requireUser,
        validate('param', EmailParam),
        async (c) => {
          const viewer = currentViewer(c);
          const user = await findUserById(db, viewer.userId);
          if (!user) throw new AppError('E_UNAUTHORIZED', LOG_IN_MESSAGE);
          // Another address's subscription is not the viewer's to read: the same 404 as none.
          if (c.req.valid('param').email.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError('E_NOT_FOUND', NOT_FOUND);
          const row = await findDigestForUser(db, user);
          if (!row) throw new AppError('E_NOT_FOUND', NOT_FOUND);
          return c.json(toDigestProfile(row) satisfies DigestProfile);
        },
      )

      .post(
        '/digest',
        operation({
          summary: 'Subscribe an address to a job alert',
          description: "A signed-in user subscribing their own verified address gets 200 (active, with its settingsKey); anyone else 202 (pending) and a mail, whatever the address's state.",
          access: 'public',
          response: DigestSubscribeAnswerSchema,
          status: 202,
          otherAnswers: [{ status: 200, when: 'The signed-in user subscribed their own verified address: the alert is active' }],
          errors: ['E_RATE_LIMITED', 'E_UNAVAILABLE', 'E_CONFLICT'],
        }),
        validate('json', DigestSubscriptionSchema),
        async (c) => {
          const input = c.req.valid('json');
          const now = clockNow();
          const viewer = c.get('viewer');
          const user = viewer ? await findUserById(db, viewer.userId) : null;
          const email = input.email ?? user?.email;
          if (!email) throw new AppError('E_VALIDATION', 'Please enter your email address', { email: ['Please enter your email address'] });
          const own = user !== null && email.toLowerCase() === user.email.toLowerCase();
          if (own && user.isEmailVerified) {
            const row = await subscribeVerified(user, input, now);
            return c.json({ status: 'active', settingsKey: row.settingsKey } satisfies DigestSubscribeAnswer, 200);
          }
          if (!own) await checkRateLimits(db, [[perIp, clientIp(c, config.trustProxy ?? false)]]);
          await subscribePending(own ? user.email : email, input, own ? user.id : null, now);
          return c.json({ status: 'pending' } satisfies DigestSubscribeAnswer, 202);
        },
      )

      .post(
        '/digest/confirm',
        operation({ summary: "Confirm a job alert with its confirmation mail's token", access: 'token', response: DigestProfileSchema, errors: ['E_NOT_FOUND', 'E_GONE'] }),
        validate('json', DigestConfirmSchema),
        async (c) => {
          const now = clockNow();
          const row = await findDigestByConfirmToken(db, hashToken(c.req.valid('json').token));
          if (!row) throw new AppError('E_NOT_FOUND', CONFIRM_INVALID);
          if (row.confirmedAt) return c.json(toDigestProfile(row) satisfies DigestProfile);
          if (now.getTime() - row.createdAt.getTime() > DIGEST_CONFIRM_DAYS * 86_400_000) throw new AppError('E_GONE', CONFIRM_INVALID);
          const confirmed = await updateDigest(db, row.id, { confirmedAt: now, nextDueAt: nextDue(row, true, now) });
          return c.json(toDigestProfile(confirmed!) satisfies DigestProfile);
        },
      )

      .get(
        '/digest/unsubscribe',
        operation({
          summary: 'What an unsubscribe link would end',
          description: "A browser (Accept: text/html first) is redirected (303) to the site's unsubscribe page instead: a GET never unsubscribes.",
          access: 'token',
          response: DigestUnsubscribeInfoSchema,
          otherAnswers: [{ status: 303, response: 'redirect', when: "A browser is redirected to the site's unsubscribe page" }],
        }),
        validate('query', DigestUnsubscribeQuerySchema),
        async (c) => {
          const { id, token } = c.req.valid('query');
          if (!isUnsubscribeToken(linkKey, id, token)) throw new AppError('E_VALIDATION', UNSUBSCRIBE_INVALID, { token: [UNSUBSCRIBE_INVALID] });
          // A browser following the List-Unsubscribe link gets the site's page, whose button POSTs: a GET
          // never unsubscribes, because mail scanners follow links.
          if (prefersHtml(c)) return c.redirect(paths.digestUnsubscribe({ id: String(id), token }), 303);
          const row = await findDigestById(db, id);
          return c.json({ subscribed: row !== null, email: row ? maskEmail(row.email) : null } satisfies DigestUnsubscribeInfo);
        },
      )

      .post(
        '/digest/unsubscribe',
        operation({
          summary: 'End a job alert with its unsubscribe link (RFC 8058 one-click)',
          description: 'The body is the form List-Unsubscribe=One-Click (urlencoded or multipart), read without a schema; no session is needed.',
          access: 'token',
          response: DigestUnsubscribeInfoSchema,
          otherAnswers: [{ status: 303, response: 'redirect', when: "A browser is redirected to the site's unsubscribe page" }],
        }),
        validate('query', DigestUnsubscribeQuerySchema),
        async (c) => {
          const { id, token } = c.req.valid('query');
          if (!isUnsubscribeToken(linkKey, id, token)) throw new AppError('E_VALIDATION', UNSUBSCRIBE_INVALID, { token: [UNSUBSCRIBE_INVALID] });
          if (!(await isOneClick(c))) throw new AppError('E_VALIDATION', ONE_CLICK_MISSING, { 'List-Unsubscribe': [ONE_CLICK_MISSING] });
          const row = await findDigestById(db, id);
          if (row) await deleteDigest(db, id);
          // Twice is fine: the second click finds it gone and says the same.
          return c.json({ subscribed: false, email: row ? maskEmail(row.email) : null } satisfies DigestUnsubscribeInfo);
        },
      )

      .get(
        '/digest/:key',
        operation({ summary: 'The job alert behind a manage link', access: 'token', response: DigestProfileSchema, errors: ['E_NOT_FOUND'] }),
        validate('param', SettingsKeyParam),
        async (c) => c.json(toDigestProfile(await byKey(c, c.req.valid('param').key)) satisfies DigestProfile),
      )

      .get(
        '/digest/:key/preview',
        operation({ summary: "The jobs the job alert's next mail would hold now", access: 'token', response: DigestPreviewSchema, errors: ['E_NOT_FOUND'] }),
        validate('param', SettingsKeyParam),
        async (c) => {
          const row = await byKey(c, c.req.valid('param').key);
          const content = await digestContent(db, row, clockNow());
          return c.json({ jobs: content.jobs, total: content.total, since: content.since.toISOString() });
        },
      )

      .put(
        '/digest/:key',
        operation({ summary: "Change a job alert's settings", access: 'token', response: DigestProfileSchema, errors: ['E_NOT_FOUND'] }),
        validate('param', SettingsKeyParam),
        validate('json', DigestSubscriptionSchema),
        async (c) => {
          const row = await byKey(c, c.req.valid('param').key);
          const input = c.req.valid('json');
          if (input.email !== undefined && input.email.toLowerCase() !== row.email.toLowerCase()) throw new AppError('E_VALIDATION', EMAIL_FIXED, { email: [EMAIL_FIXED] });
          const settings = changedSettings(row, input);
          const saved = await updateDigest(db, row.id, { ...settings, nextDueAt: nextDue(settings, row.confirmedAt !== null, clockNow()) });
          if (!saved) throw new AppError('E_NOT_FOUND', NOT_FOUND);
          return c.json(toDigestProfile(saved) satisfies DigestProfile);
        },
      )

      .delete(
        '/digest/:key',
        operation({ summary: 'End a job alert from its manage page', access: 'token', response: DigestUnsubscribeInfoSchema, errors: ['E_NOT_FOUND'] }),
        validate('param', SettingsKeyParam),
        async (c) => {
          const row = await byKey(c, c.req.valid('param').key);
          await deleteDigest(db, row.id);
          return c.json({ subscribed: false, email: maskEmail(row.email) } satisfies DigestUnsubscribeInfo);
        },
      )
  );
}

/** Whether the request is a browser's page navigation rather than a call (Accept: text/html first). */
function prefersHtml(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

/** RFC 8058: the POST's body (urlencoded or multipart) holds List-Unsubscribe=One-Click. */
async function isOneClick(c: Context): Promise<boolean> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return false;
  try {
    const body = await c.req.parseBody();
    return body['List-Unsubscribe'] === 'One-Click';
  } catch {
    return false;
  }
}

