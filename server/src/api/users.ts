/** Authentication and user routes of spec 7: sign-in, me, sign-out, sign-up, password reset, e-mail verification, provider sign-in. */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  AuthorizeWithProviderAnswerSchema,
  AuthorizeWithProviderPayloadSchema,
  ForgotPasswordPayloadSchema,
  MESSAGES,
  ResetPasswordPayloadSchema,
  SignInPayloadSchema,
  SignUpPayloadSchema,
  UpdateMePayloadSchema,
  UserSchema,
  VerifyEmailPayloadSchema,
  type AuthorizeWithProviderAnswer,
  type User,
} from '@nordlys/sdk/schemas';
import { parseSavedChoice } from '@nordlys/sdk/profiles';
import { clientIp } from '../accounts/client-ip';
import { currentViewer, requireUser, sessionExpired } from '../accounts/guards';
import { resetPasswordLink, resetPasswordMail, signInFailuresMail, verifyEmailLink, verifyEmailMail } from '../accounts/mails';
import { siteOrigin } from '../accounts/origin';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { authorizeWithProvider } from '../accounts/provider-sign-in';
import { checkRateLimits, refundRateLimit, resetRateLimit, type AccountLimiters } from '../accounts/rate-limit';
import { deleteUserSessions, endSession, startSession } from '../accounts/sessions';
import { markOwnerWarned, resetSignInThrottle, SIGN_IN_THROTTLE, takeSignInTry, type SignInThrottleLimit } from '../accounts/sign-in-throttle';
import { consumeUserToken, issueUserToken } from '../accounts/tokens';
import { loadUser } from '../accounts/user-dto';
import {
  ACCOUNT_EXISTS_MESSAGE,
  createUser,
  findUserByEmail,
  findUserById,
  mergeUiFeatures,
  setPasswordHash,
  setSavedProfile,
  type UserRow,
} from '../accounts/users';
import { VERIFY_INVALID_MESSAGE, verifyEmailKey } from '../accounts/verify-email';
import { inTransaction, MailSendError, type MailOutbox } from '../queue/queue';
import type { AuthParts } from '../auth-parts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { operation } from './operation';

export const RESET_INVALID_MESSAGE = 'This reset link has expired or was already used. Please ask for a new one.';
export const PROFILE_NOT_HELD_MESSAGE = 'Choose one of your own profiles';
export const ACCOUNTS_UNAVAILABLE_MESSAGE = 'Accounts are not available';
export const PROVIDER_NOT_CONFIGURED_MESSAGE = 'Sign-in with a professional network is not configured';
export const SIGN_UP_MAIL_FAILED_MESSAGE =
  'We could not send the confirmation e-mail just now, so your account was not created. Please try again in a few minutes.';

export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'trustProxy'>>;
  /** Mail, captcha and provider; the routes that need them answer 503 without them. */
  auth?: AuthParts;
  /** The outbox of the account mails: reset and verification (present with `auth`; see RouterDeps.mail). */
  mail?: MailOutbox;
  limiters: AccountLimiters;
  /** Per-account sign-in throttling (accounts/sign-in-throttle.ts); SIGN_IN_THROTTLE when absent. */
  signInThrottle?: SignInThrottleLimit;
}

/** The answer of a user: the loaded record, or 403 when the user behind the session is gone. */
async function userAnswer(c: Context, db: Db, userId: number): Promise<User> {
  const user = await loadUser(db, userId);
  if (!user) throw sessionExpired(c);
  return user;
}

/** Whether a saved choice ('{type}:{key}') names a profile the user holds (spec 3, 4). */
function holdsProfile(user: User, choice: string): boolean {
  const selection = parseSavedChoice(choice);
  if (!selection) return false;
  switch (selection.type) {
    case 'company':
      return user.companies.some((c) => c.key === selection.key);
    case 'investor':
      return user.investors.some((i) => i.key === selection.key);
    case 'applicant':
      // spec 3: the applicant profile's key is the user's id.
      return user.applicant?.enabled === true && selection.key === String(user.id);
  }
}

/** Runs work after the answer, on its own: a failure is logged, never thrown into the request. */
function runDetached(task: () => Promise<void>): void {
  void task().catch((error: unknown) => console.error('[accounts] background work failed:', error));
}

export function usersRouter({ db, config, auth, mail, limiters, signInThrottle = SIGN_IN_THROTTLE }: AccountDeps) {
  const ipOf = (c: Context) => clientIp(c, config.trustProxy ?? false);

  /** The parts a route needs; without them, 503 'Accounts are not available'. */
  const needParts: MiddlewareHandler = async (_c, next) => {
    if (!auth) throw new AppError('E_UNAVAILABLE', ACCOUNTS_UNAVAILABLE_MESSAGE);
    await next();
  };
  const parts = () => auth!;
  const runLater = auth?.runLater ?? runDetached;

  /** The work of a forgot-password request, after its answer: a key and its mail, for a known address only. */
  const sendResetMail = async (email: string) => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    // The key and its mail commit together (the outbox): a crash after the answer loses neither.
    await inTransaction(db, async (tx) => {
      const key = await issueUserToken(tx, user.id, 'reset');
      await mail!.enqueue(
        tx,
        resetPasswordMail({ to: user.email, firstName: user.firstName, productName: config.productName, link: resetPasswordLink(siteOrigin(config), key) }),
      );
    }).catch((error: unknown) => console.error(`[accounts] password reset mail to user ${user.id} failed:`, error));
  };

  /**
   * Tells the owner of `user` that its password failed `failures` times in a row, once per run (the
   * first failure at or past warnAfter marks the run; later ones find it marked): the mark and the
   * mail commit together (the outbox). Without mail parts it is only logged.
   */
  const warnOwner = async (user: UserRow, failures: number) => {
    await inTransaction(db, async (tx) => {
      if (!(await markOwnerWarned(tx, user.id, limiters.signInPerIp.clock()))) return;
      console.warn(`[accounts] ${failures} failed sign-ins in a row to user ${user.id}`);
      await mail?.enqueue(tx, signInFailuresMail({ to: user.email, firstName: user.firstName, productName: config.productName, failures }));
    }).catch((error: unknown) => console.error(`[accounts] the failed sign-ins mail to user ${user.id} failed:`, error));
  };

  /**
   * Issues the verification key of `user` and queues its mail, both in `tx` (the outbox): they commit
   * with the transaction or not at all. Without a queue the mail is sent here, and a failed send throws
   * MailSendError, which rolls the transaction back.
   */
  const queueVerification = async (tx: Db, user: UserRow) => {
    const key = await issueUserToken(tx, user.id, 'verify');
    const link = verifyEmailLink(siteOrigin(config), key);
    await mail!.enqueue(tx, verifyEmailMail({ to: user.email, firstName: user.firstName, productName: config.productName, link }));
  };

  return (
    new Hono<AppEnv>()
      // Every answer here is about one visitor: never stored by shared caches.
      .use('/users/*', privateNoStore)

      .post(
        '/users/sign-in',
        operation({ keepsPublicAnswers: true, summary: 'Sign in with e-mail and password', access: 'public', response: UserSchema, errors: ['E_RATE_LIMITED', 'E_UNAUTHORIZED'] }),
        validate('json', SignInPayloadSchema),
        async (c) => {
          const { email, password } = c.req.valid('json');
          const ip = ipOf(c);
          const perEmail = `${ip}|${email.toLowerCase()}`;
          await checkRateLimits(db, [
            [limiters.signInPerIp, ip],
            [limiters.signInPerEmail, perEmail],
          ]);
          const user = await findUserByEmail(db, email);
          // The account's own count, from every address: refused while it waits (then this address's
          // attempt is given back, as any refused attempt).
          const failures = user
            ? await takeSignInTry(db, signInThrottle, user.id, limiters.signInPerIp.clock()).catch(async (error: unknown) => {
                await refundRateLimit(db, limiters.signInPerIp, ip);
                await refundRateLimit(db, limiters.signInPerEmail, perEmail);
                throw error;
              })
            : 0;
          // Unknown e-mail, wrong password and provider-only accounts look the same, and take as long.
          const ok = await verifyPassword(user?.passwordHash, password);
          if (!user || !ok) {
            if (user && failures >= signInThrottle.warnAfter) await warnOwner(user, failures);
            throw new AppError('E_UNAUTHORIZED', MESSAGES.signInFailed);
          }
          // Only failures count: an office behind one address may sign in all day. The per-IP refund
          // takes back this attempt alone, so a valid account cannot wipe out someone's failed guesses.
          await resetSignInThrottle(db, user.id);
          await resetRateLimit(db, limiters.signInPerEmail, perEmail);
          await refundRateLimit(db, limiters.signInPerIp, ip);
          await startSession(c, db, user.id);
          return c.json(await userAnswer(c, db, user.id), 200);
        },
      )

      .get(
        '/users/me',
        operation({ summary: 'The signed-in user', access: 'user', response: UserSchema }),
        requireUser,
        async (c) => c.json(await userAnswer(c, db, currentViewer(c).userId), 200),
      )

      .put(
        '/users/me',
        operation({ keepsPublicAnswers: true, summary: 'Save the user\'s profile choice or the UI features they reached', access: 'user', response: UserSchema }),
        requireUser,
        validate('json', UpdateMePayloadSchema),
        async (c) => {
          const { userId } = currentViewer(c);
          const payload = c.req.valid('json');
          if ('profile' in payload) {
            if (payload.profile !== null) {
              const user = await userAnswer(c, db, userId);
              if (!holdsProfile(user, payload.profile)) {
                throw new AppError('E_VALIDATION', PROFILE_NOT_HELD_MESSAGE, { profile: [PROFILE_NOT_HELD_MESSAGE] });
              }
            }
            await setSavedProfile(db, userId, payload.profile);
          } else {
            await mergeUiFeatures(db, userId, payload.uiFeatures);
          }
          return c.json(await userAnswer(c, db, userId), 200);
        },
      )

      .post('/users/sign-out', operation({ keepsPublicAnswers: true, summary: 'Sign out', access: 'public', response: 'empty' }), async (c) => {
        await endSession(c, db);
        return c.body(null, 204);
      })

      .post(
        '/users/sign-up',
        operation({
          keepsPublicAnswers: true,
          summary: 'Create an account, sign in and mail the e-mail verification link',
          access: 'public',
          response: UserSchema,
          status: 201,
          errors: ['E_UNAVAILABLE', 'E_RATE_LIMITED', 'E_ACCOUNT_EXISTS', 'E_MAIL_FAILED'],
        }),
        needParts,
        validate('json', SignUpPayloadSchema),
        async (c) => {
          const payload = c.req.valid('json');
          const ip = ipOf(c);
          // Counted before the captcha, so a flood is refused before any work.
          await checkRateLimits(db, [[limiters.signUpPerIp, ip]]);
          if (!(await parts().captcha.verify(payload.reCaptchaResponse, ip === 'unknown' ? undefined : ip))) {
            throw new AppError('E_VALIDATION', MESSAGES.captcha, { reCaptchaResponse: [MESSAGES.captcha] });
          }
          // spec 8: E_ACCOUNT_EXISTS moves the client's flow to sign-in with the e-mail carried over.
          if (await findUserByEmail(db, payload.email)) throw new AppError('E_ACCOUNT_EXISTS', ACCOUNT_EXISTS_MESSAGE);
          // Hashed before the transaction, so it is not held open for the hash's time.
          const passwordHash = await hashPassword(payload.password);
          let user: UserRow;
          try {
            // The user row, its verification key and the mail job commit together (the outbox): the queue
            // sends the mail, retrying while the SMTP server is down, and a sign-up that fails after the
            // insert leaves neither an account nor a mail behind.
            user = await inTransaction(db, async (tx) => {
              const created = await createUser(tx, { firstName: payload.name.first, lastName: payload.name.last, email: payload.email, passwordHash, isEmailVerified: false });
              await queueVerification(tx, created);
              return created;
            });
          } catch (error) {
            // Only without a queue (a direct send): nothing was kept, so trying again works.
            if (!(error instanceof MailSendError)) throw error;
            console.error('[accounts] a sign-up mail failed; the account was not kept:', error.message);
            throw new AppError('E_MAIL_FAILED', SIGN_UP_MAIL_FAILED_MESSAGE);
          }
          await startSession(c, db, user.id);
          return c.json(await userAnswer(c, db, user.id), 201);
        },
      )

      .post(
        '/users/forgot-password',
        operation({
          keepsPublicAnswers: true,
          summary: 'Mail a password reset link; the same answer whether or not the account exists',
          access: 'public',
          response: 'empty',
          errors: ['E_UNAVAILABLE', 'E_RATE_LIMITED'],
        }),
        needParts,
        validate('json', ForgotPasswordPayloadSchema),
        async (c) => {
          const { email } = c.req.valid('json');
          const ip = ipOf(c);
          await checkRateLimits(db, [
            [limiters.forgotPerIp, ip],
            [limiters.forgotPerEmail, email.toLowerCase()],
          ]);
          // spec 8: the same answer whether or not the account exists, and as fast: the answer is the
          // same fixed path for both; looking the address up, issuing the key and mailing come after.
          runLater(() => sendResetMail(email));
          return c.body(null, 204);
        },
      )

      .post(
        '/users/reset-password',
        operation({ summary: 'Set a new password with a reset link\'s key, and sign in', access: 'token', response: UserSchema }),
        validate('json', ResetPasswordPayloadSchema),
        async (c) => {
          const { password, resetKey } = c.req.valid('json');
          const userId = await consumeUserToken(db, resetKey, 'reset');
          if (userId === null) throw new AppError('E_VALIDATION', RESET_INVALID_MESSAGE, { resetKey: [RESET_INVALID_MESSAGE] });
          await setPasswordHash(db, userId, await hashPassword(password));
          // A new password ends any wait of the old one's failed guesses.
          await resetSignInThrottle(db, userId);
          // Whoever knew the old password is signed out everywhere; this browser starts afresh.
          await deleteUserSessions(db, userId);
          c.set('session', { state: 'none' });
          await startSession(c, db, userId);
          return c.json(await userAnswer(c, db, userId), 200);
        },
      )

      .post(
        '/users/verify-email',
        operation({ summary: 'Confirm the e-mail address with a verification link\'s key', access: 'token', response: 'empty' }),
        validate('json', VerifyEmailPayloadSchema),
        async (c) => {
          const { emailVerificationKey } = c.req.valid('json');
          if (!(await verifyEmailKey(db, emailVerificationKey))) {
            throw new AppError('E_VALIDATION', VERIFY_INVALID_MESSAGE, { emailVerificationKey: [VERIFY_INVALID_MESSAGE] });
          }
          return c.body(null, 204);
        },
      )

      .post(
        '/users/authorize-with-linkedin',
        operation({
          keepsPublicAnswers: true,
          summary: 'Sign in, or sign up, with the professional network',
          access: 'public',
          response: AuthorizeWithProviderAnswerSchema,
          errors: ['E_UNAVAILABLE', 'E_NOT_FOUND', 'E_UNAUTHORIZED', 'E_ACCOUNT_EXISTS'],
        }),
        needParts,
        async (_c, next) => {
          if (!parts().provider) throw new AppError('E_NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
          await next();
        },
        validate('json', AuthorizeWithProviderPayloadSchema),
        async (c) => {
          const result = await authorizeWithProvider(db, parts().provider!, c.req.valid('json'));
          if (result.needsVerification) {
            const user = await findUserById(db, result.userId);
            // The key and its mail commit together. The account works without them: a failure (a direct
            // send without a queue) is logged, not fatal.
            if (user) {
              await inTransaction(db, (tx) => queueVerification(tx, user)).catch((error: unknown) =>
                console.error(`[accounts] verification mail to user ${user.id} failed:`, error),
              );
            }
          }
          await startSession(c, db, result.userId);
          const answer: AuthorizeWithProviderAnswer = {
            user: await userAnswer(c, db, result.userId),
            found: result.found,
            created: result.created,
          };
          return c.json(answer, 200);
        },
      )
  );
}
