import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorizeWithProviderAnswerSchema, MESSAGES, UserSchema, type User } from '@nordlys/sdk/schemas';
import { ACCOUNT_LIMITS } from '../accounts/rate-limit';
import { SESSION_COOKIE } from '../accounts/sessions';
import { SIGN_IN_THROTTLE } from '../accounts/sign-in-throttle';
import { hashToken } from '../accounts/tokens';
import { sessions, users, userTokens } from '../db/schema';
import { QUEUES } from '../queue/queue';
import { DEMO_PASSWORD } from '../seed/accounts';
import { createTestAuthParts, TEST_CAPTCHA_OK } from '../testing/auth-parts';
import { asViewer, cookieHeader, freshIp, setCookieFor, useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const NEW_PASSWORD = 'Fresh-Start-42!';
const LOOSE_SIGN_IN_THROTTLE = { ...SIGN_IN_THROTTLE, freeFailures: 1_000, warnAfter: 1_000 };

/** Links in mails come from here, never from the request (issue 9). */
const PUBLIC_URL = 'https://nordlys.example';

describe.each(backends)('account routes on %s', (backend) => {
  // The per-account throttle (sign-in-throttle.test.ts) would stop these tests' runs of failures at 5.
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL }, signInThrottle: LOOSE_SIGN_IN_THROTTLE });
  const mailer = () => t.auth.mailer;
  let counter = 0;
  const uniqueEmail = (label: string) => `${label}-${++counter}-${backend}@example.test`;

  afterEach(() => {
    t.auth.mailer.failing = false;
    vi.restoreAllMocks();
  });

  /** POST with JSON from its own client address (so rate limits stay per test). */
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.send(path, body, { headers: { 'X-Forwarded-For': freshIp(), ...headers } });
  const signIn = (email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
    post('/api/users/sign-in', { email, password }, headers);
  const me = (cookie: string) => t.get<User>('/api/users/me', { cookie });

  function signUpPayload(email: string, overrides: Record<string, unknown> = {}) {
    return { name: { first: 'Nora', last: 'Nilsen' }, email, password: NEW_PASSWORD, reCaptchaResponse: TEST_CAPTCHA_OK, ...overrides };
  }

  /** The key in the last link of the last mail to an address. */
  function keyFromMail(to: string, param: string): string {
    const mail = mailer().lastTo(to);
    expect(mail, `a mail to ${to}`).toBeDefined();
    const link = mail!.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const key = new URL(link!).searchParams.get(param);
    expect(key).toBeTruthy();
    return key!;
  }

  /** Asks for a reset link and waits for its mail, which is sent after the answer. */
  async function forgotPassword(email: string) {
    const before = mailer().sent.length;
    const res = await post('/api/users/forgot-password', { email });
    expect(res.status).toBe(204);
    await vi.waitFor(() => expect(mailer().sent.slice(before).some((m) => m.to.toLowerCase() === email.toLowerCase())).toBe(true));
  }

  async function signUp(email: string) {
    const res = await post('/api/users/sign-up', signUpPayload(email));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { user: v.parse(UserSchema, res.body), cookie: cookieHeader(res.res) };
  }

  describe('sign-in, me and sign-out', () => {
    it('signs in: 200 user and an httpOnly, SameSite=Lax session cookie for 30 days that me accepts', async () => {
      const res = await signIn('founder@nordlys.test', DEMO_PASSWORD, { 'User-Agent': 'vitest-browser/1.0' });
      expect(res.status).toBe(200);
      const user = v.parse(UserSchema, res.body);
      expect(user).toMatchObject({ email: 'founder@nordlys.test', fullName: 'Mads Holm', isAdmin: false, isEmailVerified: true });
      expect(user.companies).toEqual([
        expect.objectContaining({
          key: 'northwind-labs',
          name: 'Northwind Labs',
          status: 'ACTIVE',
          adminUrl: '/client/startups/northwind-labs',
          platform: { nordlys: true, sister: true },
          countries: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
        }),
      ]);
      expect(res.headers.get('cache-control')).toBe('private, no-store');

      const cookie = setCookieFor(res.res, SESSION_COOKIE)!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).not.toMatch(/Secure/i);

      // Only the token's hash is stored, with the browser it came from.
      const token = cookie.split(';')[0]!.split('=')[1]!;
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
      expect(row).toMatchObject({ userId: user.id, userAgent: 'vitest-browser/1.0' });
      expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

      const again = await me(cookieHeader(res.res));
      expect(again.status).toBe(200);
      expect(v.parse(UserSchema, again.body).id).toBe(user.id);
    });

    it('marks the cookie Secure on HTTPS, by URL or by X-Forwarded-Proto', async () => {
      const https = await t.request('https://nordlys.example/api/users/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
        body: JSON.stringify({ email: 'talent@nordlys.test', password: DEMO_PASSWORD }),
      });
      expect(https.status).toBe(200);
      expect(setCookieFor(https, SESSION_COOKIE)).toMatch(/; Secure/i);
      const proxied = await signIn('talent@nordlys.test', DEMO_PASSWORD, { 'X-Forwarded-Proto': 'https' });
      expect(setCookieFor(proxied.res, SESSION_COOKIE)).toMatch(/; Secure/i);
    });

    it('signs in whatever the case of the e-mail', async () => {
      const res = await signIn('FOUNDER@Nordlys.Test');
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('founder@nordlys.test');
    });

    it("answers 401 'Invalid email or password' alike for a wrong password, an unknown e-mail and a provider-only account", async () => {
      await t.db.insert(users).values({ firstName: 'Only', lastName: 'Provider', email: 'provider-only@example.test', linkedinId: 'sub-provider-only' });
      for (const [email, password] of [
        ['founder@nordlys.test', 'Wrong-password-1!'],
        ['nobody@nordlys.test', DEMO_PASSWORD],
        ['provider-only@example.test', DEMO_PASSWORD],
      ] as const) {
        const res = await signIn(email, password);
        expect(res.status, email).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid email or password', code: 'E_UNAUTHORIZED' });
        expect(setCookieFor(res.res, SESSION_COOKIE), email).toBeUndefined();
      }
    });

    it('validates the sign-in payload with the spec 5 messages', async () => {
      const res = await post('/api/users/sign-in', { email: 'not-an-email', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E_VALIDATION');
      expect(res.body.errors.email).toContain(MESSAGES.email);
      expect(res.body.errors.password).toEqual([MESSAGES.passwordRequired]);
    });

    it("answers me 401 without a cookie and 403 'Your session has expired' for a dead one, clearing it", async () => {
      const none = await t.get('/api/users/me');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: 'Please log in to continue', code: 'E_UNAUTHORIZED' });

      const dead = await t.request('/api/users/me', { headers: { cookie: `${SESSION_COOKIE}=not-a-live-session` } });
      expect(dead.status).toBe(403);
      expect(await dead.json()).toEqual({ message: 'Your session has expired', code: 'E_FORBIDDEN' });
      expect(setCookieFor(dead, SESSION_COOKIE)).toMatch(/^nordlys_session=;.*Max-Age=0/);
    });

    it('treats an expired session as dead and deletes its row', async () => {
      const cookie = await t.signIn('investor@nordlys.test');
      const id = hashToken(cookie.split('=')[1]!);
      await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
      expect((await me(cookie)).status).toBe(403);
      expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
    });

    it('slides the expiry at most once a day, and never on publicly cached answers', async () => {
      const cookie = await t.signIn('investor@nordlys.test');
      const id = hashToken(cookie.split('=')[1]!);
      const fresh = await t.request('/api/users/me', { headers: { cookie } });
      expect(fresh.status).toBe(200);
      expect(setCookieFor(fresh, SESSION_COOKIE)).toBeUndefined();

      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      const oldExpiry = new Date(Date.now() + 28 * 86_400_000);
      await t.db.update(sessions).set({ lastSeenAt: twoDaysAgo, expiresAt: oldExpiry }).where(eq(sessions.id, id));
      // A public, cacheable answer must not carry the session cookie (the partners page: the same for
      // everyone; job and startup answers are private for a signed-in viewer, as they carry their marks).
      const pub = await t.request('/api/pages/partners', { headers: { cookie } });
      expect(pub.headers.get('cache-control')).toMatch(/public/);
      expect(pub.headers.getSetCookie()).toEqual([]);

      const due = await t.request('/api/users/me', { headers: { cookie } });
      expect(setCookieFor(due, SESSION_COOKIE)).toMatch(/Max-Age=2592000/);
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
      expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
      expect(row!.lastSeenAt.getTime()).toBeGreaterThan(twoDaysAgo.getTime());
    });

    it('signs out: 204, the session row gone, both cookies cleared, and the old cookie is then refused', async () => {
      const cookie = await t.signIn('multi@nordlys.test');
      const id = hashToken(cookie.split('=')[1]!);
      const res = await t.send('/api/users/sign-out', undefined, { headers: { cookie: `${cookie}; user.profile=abc` } });
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
      expect(setCookieFor(res.res, SESSION_COOKIE)).toMatch(/Max-Age=0/);
      expect(setCookieFor(res.res, 'user.profile')).toMatch(/^user\.profile=;.*Max-Age=0.*Path=\//);
      expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
      expect((await me(cookie)).status).toBe(403);
      // Signing out twice, or while logged out, is harmless.
      expect((await t.send('/api/users/sign-out')).status).toBe(204);
    });

    it('replaces the session it signs in over, so an old cookie stops working', async () => {
      const first = await t.signIn('talent@nordlys.test');
      const second = await signIn('talent@nordlys.test', DEMO_PASSWORD, { cookie: first });
      expect(second.status).toBe(200);
      expect((await me(first)).status).toBe(403);
      expect((await me(cookieHeader(second.res))).status).toBe(200);
    });

    it("answers the admin's and the draft founder's user records", async () => {
      const admin = v.parse(UserSchema, (await me(await t.signIn('admin@nordlys.test'))).body);
      expect(admin).toMatchObject({ isAdmin: true, companies: [], investors: [], applicant: null, applicantProfile: null });

      const draft = v.parse(UserSchema, (await me(await t.signIn('draft@nordlys.test'))).body);
      expect(draft.isAdmin).toBe(false);
      expect(draft.companies).toEqual([
        expect.objectContaining({ key: 'draft-startup', status: 'DRAFT', adminUrl: '/client/startups/draft-startup', platform: { nordlys: true } }),
      ]);

      const multi = v.parse(UserSchema, (await me(await t.signIn('multi@nordlys.test'))).body);
      expect(multi.companies).toHaveLength(1);
      expect(multi.investors).toHaveLength(1);
      expect(multi.investors[0]!.adminUrl).toBe(`/client/investors/${multi.investors[0]!.key}`);
      expect(multi.applicant).toEqual({ enabled: true });
      expect(multi.applicantProfile).toMatchObject({ enabled: true, preferredCountryCode: 'FI' });
    });
  });

  describe('PUT users/me', () => {
    it('saves a profile choice the user holds, clears it with null, and refuses one they do not hold', async () => {
      const cookie = await t.signIn('multi@nordlys.test');
      const user = v.parse(UserSchema, (await me(cookie)).body);
      const put = (body: unknown) => t.send('/api/users/me', body, { method: 'PUT', headers: { cookie } });

      for (const choice of [`company:${user.companies[0]!.key}`, `investor:${user.investors[0]!.key}`, `applicant:${user.id}`]) {
        const res = await put({ profile: choice });
        expect(res.status, choice).toBe(200);
        expect(res.body.profile).toBe(choice);
      }
      expect((await me(cookie)).body.profile).toBe(`applicant:${user.id}`);
      const cleared = await put({ profile: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.profile).toBeNull();

      for (const choice of ['company:northwind-labs', 'applicant:1', 'nonsense', 'planet:mars']) {
        const res = await put({ profile: choice });
        expect(res.status, choice).toBe(400);
        expect(res.body).toMatchObject({ code: 'E_VALIDATION', errors: { profile: ['Choose one of your own profiles'] } });
      }
      expect((await me(cookie)).body.profile).toBeNull();
    });

    it('merges reached UI features by name', async () => {
      const cookie = await t.signIn('newbie@nordlys.test');
      const put = (uiFeatures: unknown) => t.send('/api/users/me', { uiFeatures }, { method: 'PUT', headers: { cookie } });
      expect((await put([{ name: 'job-search-tour', reachedAt: '2026-01-01T10:00:00.000Z' }])).status).toBe(200);
      const res = await put([
        { name: 'job-search-tour', reachedAt: '2026-02-01T10:00:00.000Z' },
        { name: 'pipeline-tour', reachedAt: '2026-02-02T10:00:00.000Z' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.uiFeatures).toEqual([
        { name: 'job-search-tour', reachedAt: '2026-02-01T10:00:00.000Z' },
        { name: 'pipeline-tour', reachedAt: '2026-02-02T10:00:00.000Z' },
      ]);
      const bad = await put([{ name: 'x', reachedAt: 'yesterday' }]);
      expect(bad.status).toBe(400);
    });

    it('needs a session', async () => {
      const res = await t.send('/api/users/me', { profile: null }, { method: 'PUT' });
      expect(res.status).toBe(401);
    });
  });

  describe('sign-up', () => {
    it('creates an unverified user, mails the verification link, starts a session and answers 201', async () => {
      const email = uniqueEmail('signup');
      const ip = freshIp();
      const usesBefore = t.auth.captcha.uses;
      const res = await t.send('/api/users/sign-up', signUpPayload(email, { name: { first: '  Nora ', last: 'Nilsen' } }), {
        headers: { 'X-Forwarded-For': ip },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const user = v.parse(UserSchema, res.body);
      expect(user).toMatchObject({ email, name: { first: 'Nora', last: 'Nilsen' }, fullName: 'Nora Nilsen', isEmailVerified: false, companies: [], applicant: null });
      expect(t.auth.captcha.uses).toBe(usesBefore + 1);
      expect(t.auth.captcha.ips.at(-1)).toBe(ip);

      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.isEmailVerified).toBe(false);

      const mail = mailer().lastTo(email)!;
      expect(mail.subject).toBe('Confirm your e-mail address for Nordlys');
      expect(mail.text).toMatch(/^Hi Nora,/);
      expect(mail.text).toContain('7 days');
      expect(mail.text).toMatch(/^https:\/\/nordlys\.example\/client\/verify-email\?email-verification-key=[\w-]{43}$/m);
      expect(mail.html).toContain('/client/verify-email?email-verification-key=');

      expect((await me(cookieHeader(res.res))).body.email).toBe(email);
    });

    it('answers 409 E_ACCOUNT_EXISTS for an e-mail that has an account, whatever its case', async () => {
      const sent = mailer().sent.length;
      const res = await post('/api/users/sign-up', signUpPayload('TALENT@nordlys.test'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'An account with this e-mail address already exists', code: 'E_ACCOUNT_EXISTS' });
      expect(mailer().sent.length).toBe(sent);
      expect(setCookieFor(res.res, SESSION_COOKIE)).toBeUndefined();
    });

    it('refuses a captcha answer the captcha does not accept, creating nothing', async () => {
      const email = uniqueEmail('robot');
      const res = await post('/api/users/sign-up', signUpPayload(email, { reCaptchaResponse: 'wrong-answer' }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Please verify you are not a robot',
        code: 'E_VALIDATION',
        errors: { reCaptchaResponse: ['Please verify you are not a robot'] },
      });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('returns each spec 5 message as a field error', async () => {
      const res = await post('/api/users/sign-up', {
        name: { first: ' ', last: '' },
        email: 'nope',
        password: 'short',
        reCaptchaResponse: '',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E_VALIDATION');
      expect(res.body.errors.name).toEqual(expect.arrayContaining([MESSAGES.firstName, MESSAGES.lastName]));
      expect(res.body.errors.email).toContain(MESSAGES.email);
      expect(res.body.errors.password).toContain(MESSAGES.password);
      expect(res.body.errors.reCaptchaResponse).toEqual([MESSAGES.captcha]);

      const long = await post('/api/users/sign-up', signUpPayload(`${'a'.repeat(45)}@example.test`, { name: { first: 'x'.repeat(51), last: 'Ok' } }));
      expect(long.body.errors.name).toEqual([MESSAGES.firstName]);
      expect(long.body.errors.email).toEqual([MESSAGES.email]);
      for (const weak of ['alllowercase1!', 'NoDigits!!', 'NoSpecial123', 'Sh0rt!']) {
        const res = await post('/api/users/sign-up', signUpPayload(uniqueEmail('weak'), { password: weak }));
        expect(res.body.errors?.password, weak).toContain(MESSAGES.password);
      }
    });

    it('without a queue (a direct send): keeps nothing and answers 503 E_MAIL_FAILED when the verification mail cannot be sent; a retry works', async () => {
      const email = uniqueEmail('mailfail');
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      mailer().failing = true;
      const res = await post('/api/users/sign-up', signUpPayload(email));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('E_MAIL_FAILED');
      expect(res.body.message).toMatch(/could not send/);
      expect(setCookieFor(res.res, SESSION_COOKIE)).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(logged).toHaveBeenCalled();

      mailer().failing = false;
      expect((await post('/api/users/sign-up', signUpPayload(email))).status).toBe(201);
    });
  });

  describe('forgot and reset password', () => {
    it('answers 204 for known and unknown e-mails alike, mailing the known one', async () => {
      const unknown = await post('/api/users/forgot-password', { email: 'nobody-here@nordlys.test' });
      expect(unknown.status).toBe(204);
      expect(unknown.body).toBeNull();

      const known = await post('/api/users/forgot-password', { email: 'Newbie@nordlys.test' });
      expect(known.status).toBe(204);
      expect(known.body).toBeNull();
      await vi.waitFor(() => expect(mailer().lastTo('newbie@nordlys.test')).toBeDefined());
      const mail = mailer().lastTo('newbie@nordlys.test')!;
      expect(mail.to).toBe('newbie@nordlys.test');
      expect(mail.subject).toBe('Reset your Nordlys password');
      expect(mail.text).toContain('1 hour');
      expect(mail.text).toMatch(/^https:\/\/nordlys\.example\/client\/reset-password\?resetKey=[\w-]{43}$/m);

      const invalid = await post('/api/users/forgot-password', { email: 'nope' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors.email).toContain(MESSAGES.email);
    });

    it('resets with the mailed link once: new password, e-mail verified, other sessions ended, a new session', async () => {
      const email = uniqueEmail('reset');
      const { cookie: oldSession } = await signUp(email);
      await forgotPassword(email);
      const resetKey = keyFromMail(email, 'resetKey');

      // A weak password is refused before the key is used.
      const weak = await post('/api/users/reset-password', { password: 'weak', resetKey });
      expect(weak.status).toBe(400);
      expect(weak.body.errors.password).toContain(MESSAGES.password);

      const res = await post('/api/users/reset-password', { password: 'Brand-New-Pass-9?', resetKey });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const user = v.parse(UserSchema, res.body);
      expect(user).toMatchObject({ email, isEmailVerified: true });
      const newSession = cookieHeader(res.res);
      expect((await me(newSession)).status).toBe(200);
      expect((await me(oldSession)).status).toBe(403);

      expect((await signIn(email, NEW_PASSWORD)).status).toBe(401);
      expect((await signIn(email, 'Brand-New-Pass-9?')).status).toBe(200);

      const again = await post('/api/users/reset-password', { password: 'Another-Pass-1!', resetKey });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        message: 'This reset link has expired or was already used. Please ask for a new one.',
        code: 'E_VALIDATION',
        errors: { resetKey: ['This reset link has expired or was already used. Please ask for a new one.'] },
      });
    });

    it('refuses an expired key, an unknown key and a key superseded by a newer request', async () => {
      const email = uniqueEmail('expired');
      await signUp(email);
      await forgotPassword(email);
      const first = keyFromMail(email, 'resetKey');
      await forgotPassword(email);
      const second = keyFromMail(email, 'resetKey');
      expect(second).not.toBe(first);

      const reset = (resetKey: string) => post('/api/users/reset-password', { password: NEW_PASSWORD, resetKey });
      expect((await reset(first)).body.errors.resetKey).toBeDefined();
      expect((await reset('no-such-key')).status).toBe(400);

      await t.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, hashToken(second)));
      const expired = await reset(second);
      expect(expired.status).toBe(400);
      expect(expired.body.errors.resetKey).toEqual(['This reset link has expired or was already used. Please ask for a new one.']);
    });

    it('stores only the hash of a key, expiring in an hour', async () => {
      const email = uniqueEmail('hash');
      const { user } = await signUp(email);
      await forgotPassword(email);
      const key = keyFromMail(email, 'resetKey');
      const [row] = await t.db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset'), sql`${userTokens.usedAt} is null`));
      expect(row!.tokenHash).toBe(hashToken(key));
      expect(row!.tokenHash).not.toContain(key);
      const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
      expect(minutes).toBe(60);
    });

    it('still answers 204 when the reset mail fails, and logs the failure', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      mailer().failing = true;
      const res = await post('/api/users/forgot-password', { email: 'talent@nordlys.test' });
      expect(res.status).toBe(204);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('password reset mail'), expect.any(Error)));
    });
  });

  describe('verify e-mail', () => {
    it('verifies by API: 204 and isEmailVerified; a bad key is a 400 field error', async () => {
      const email = uniqueEmail('verify');
      const { cookie } = await signUp(email);
      const key = keyFromMail(email, 'email-verification-key');
      const res = await post('/api/users/verify-email', { emailVerificationKey: key });
      expect(res.status).toBe(204);
      expect((await me(cookie)).body.isEmailVerified).toBe(true);

      const bad = await post('/api/users/verify-email', { emailVerificationKey: 'wrong' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.emailVerificationKey).toEqual(['This verification link is not valid or has expired. Please ask for a new one.']);
      expect((await post('/api/users/verify-email', {})).status).toBe(400);
    });

    it('accepts a used key again while unexpired (mail scanners open links first), but not once expired', async () => {
      const email = uniqueEmail('twice');
      await signUp(email);
      const key = keyFromMail(email, 'email-verification-key');
      expect((await post('/api/users/verify-email', { emailVerificationKey: key })).status).toBe(204);
      expect((await post('/api/users/verify-email', { emailVerificationKey: key })).status).toBe(204);
      await t.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, hashToken(key)));
      expect((await post('/api/users/verify-email', { emailVerificationKey: key })).status).toBe(400);
    });

    it('verifies on a page request with ?email-verification-key and answers 303 to the outcome page', async () => {
      const email = uniqueEmail('page');
      const { cookie } = await signUp(email);
      const link = mailer().lastTo(email)!.text.match(/https?:\/\/\S+/)![0];
      const res = await t.request(link);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/client/verify-email?result=verified');
      expect((await me(cookie)).body.isEmailVerified).toBe(true);

      const bad = await t.request('/?email-verification-key=bogus');
      expect(bad.status).toBe(303);
      expect(bad.headers.get('location')).toBe('/client/verify-email?result=invalid');
      // Not on /api, /assets or /embed.
      expect((await t.request('/api/v2/jobs/latest/3?email-verification-key=bogus')).status).toBe(200);
      expect((await t.request('/assets/app.js?email-verification-key=bogus')).status).toBe(404);
    });
  });

  describe('rate limits', () => {
    it('allows 10 sign-in attempts per IP and e-mail in 15 minutes, then 429 with Retry-After', async () => {
      const ip = freshIp();
      const attempt = (email: string, password = 'Wrong-pass-1!') => signIn(email, password, { 'X-Forwarded-For': ip });
      for (let i = 0; i < 10; i++) expect((await attempt('founder@nordlys.test')).status).toBe(401);
      const limited = await attempt('founder@nordlys.test', DEMO_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.', code: 'E_RATE_LIMITED' });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // Another e-mail from that IP, and the same e-mail from another IP, still get through.
      expect((await attempt('talent@nordlys.test', DEMO_PASSWORD)).status).toBe(200);
      expect((await signIn('founder@nordlys.test')).status).toBe(200);
    });

    it('resets the per-e-mail count after a successful sign-in', async () => {
      const ip = freshIp();
      const attempt = (password: string) => signIn('investor@nordlys.test', password, { 'X-Forwarded-For': ip });
      for (let i = 0; i < 9; i++) expect((await attempt('Wrong-pass-1!')).status).toBe(401);
      expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 9; i++) expect((await attempt('Wrong-pass-1!')).status).toBe(401);
    });

    it('allows 30 sign-in attempts per IP across e-mails', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        expect((await signIn(`someone-${i}@nordlys.test`, 'Wrong-pass-1!', { 'X-Forwarded-For': ip })).status).toBe(401);
      }
      const limited = await signIn('someone-else@nordlys.test', 'Wrong-pass-1!', { 'X-Forwarded-For': ip });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });

    it('counts only failed sign-ins against the IP: 40 successes pass, and the failures still add up to the limit', async () => {
      const ip = freshIp();
      for (let i = 0; i < 40; i++) expect((await signIn('talent@nordlys.test', DEMO_PASSWORD, { 'X-Forwarded-For': ip })).status).toBe(200);
      for (let i = 0; i < 30; i++) {
        expect((await signIn(`guess-${i}@nordlys.test`, 'Wrong-pass-1!', { 'X-Forwarded-For': ip })).status).toBe(401);
        // A success in between takes back only its own attempt.
        if (i === 15) expect((await signIn('talent@nordlys.test', DEMO_PASSWORD, { 'X-Forwarded-For': ip })).status).toBe(200);
      }
      expect((await signIn('guess-last@nordlys.test', 'Wrong-pass-1!', { 'X-Forwarded-For': ip })).status).toBe(429);
    });

    it('allows 5 forgot-password requests per e-mail and 20 per IP in an hour', async () => {
      for (let i = 0; i < 5; i++) expect((await post('/api/users/forgot-password', { email: 'limit-me@nordlys.test' })).status).toBe(204);
      const perEmail = await post('/api/users/forgot-password', { email: 'LIMIT-ME@nordlys.test' });
      expect(perEmail.status).toBe(429);
      expect(perEmail.body.message).toBe('Too many attempts. Please try again in 60 minutes.');
      expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(3500);

      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        expect((await post('/api/users/forgot-password', { email: `per-ip-${i}@nordlys.test` }, { 'X-Forwarded-For': ip })).status).toBe(204);
      }
      expect((await post('/api/users/forgot-password', { email: 'per-ip-x@nordlys.test' }, { 'X-Forwarded-For': ip })).status).toBe(429);
    });

    it('counts concurrent attempts atomically: of 40 sign-ins at once for one account from one address exactly 10 are tried, and of 40 resets exactly 5', async () => {
      const ip = freshIp();
      const signIns = await Promise.all(Array.from({ length: 40 }, () => signIn('angel@nordlys.test', 'Wrong-pass-1!', { 'X-Forwarded-For': ip })));
      const statuses = signIns.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const resets = await Promise.all(Array.from({ length: 40 }, () => post('/api/users/forgot-password', { email: 'race-reset@nordlys.test' })));
      const resetStatuses = resets.map((r) => r.status);
      expect(resetStatuses.filter((s) => s === 204)).toHaveLength(ACCOUNT_LIMITS.forgotPerEmail.max);
      expect(resetStatuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_LIMITS.forgotPerEmail.max);
    });

    it('allows 10 sign-ups per IP in an hour, successful or not, then 429 before the captcha is asked', async () => {
      const ip = freshIp();
      const attempt = (email: string, overrides: Record<string, unknown> = {}) =>
        post('/api/users/sign-up', signUpPayload(email, overrides), { 'X-Forwarded-For': ip });
      expect((await attempt(uniqueEmail('limit'))).status).toBe(201);
      for (let i = 0; i < 9; i++) expect((await attempt(uniqueEmail('limit'), { reCaptchaResponse: 'wrong-answer' })).status).toBe(400);
      const usesBefore = t.auth.captcha.uses;
      const limited = await attempt(uniqueEmail('limit'));
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too many attempts. Please try again in 60 minutes.', code: 'E_RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(t.auth.captcha.uses).toBe(usesBefore);
      // Another network still signs up.
      expect((await post('/api/users/sign-up', signUpPayload(uniqueEmail('limit')))).status).toBe(201);
    });
  });

  describe('cross-site requests', () => {
    it("refuses writes from a foreign Origin or a cross-site fetch with 403 'Cross-site request refused'", async () => {
      for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
        const res = await signIn('founder@nordlys.test', DEMO_PASSWORD, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'E_FORBIDDEN' });
        expect(setCookieFor(res.res, SESSION_COOKIE)).toBeUndefined();
      }
      const cookie = await t.signIn('founder@nordlys.test');
      const out = await t.send('/api/users/sign-out', undefined, { headers: { cookie, Origin: 'https://evil.example' } });
      expect(out.status).toBe(403);
      expect((await me(cookie)).status).toBe(200);
    });

    it('allows its own origin, same-origin fetches, calls without either header, and reads from anywhere', async () => {
      expect((await signIn('founder@nordlys.test', DEMO_PASSWORD, { Origin: 'http://localhost' })).status).toBe(200);
      expect((await signIn('founder@nordlys.test', DEMO_PASSWORD, { Origin: 'https://localhost', 'X-Forwarded-Proto': 'https' })).status).toBe(200);
      expect((await signIn('founder@nordlys.test', DEMO_PASSWORD, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
      expect((await signIn('founder@nordlys.test')).status).toBe(200);
      expect((await t.get('/api/v2/jobs/latest/3', { Origin: 'https://evil.example' })).status).toBe(200);
    });
  });

  describe('authorize-with-linkedin', () => {
    const profile = (subject: string, email: string | null, emailVerified = true) => ({
      subject,
      email,
      emailVerified,
      firstName: 'Lina',
      lastName: 'Lund',
      pictureUrl: null,
    });
    const authorize = (accessToken: string, allowRegistration = true) =>
      post('/api/users/authorize-with-linkedin', { accessToken, allowRegistration });

    it('finds an account by its verified e-mail, connects it, then finds it by the provider id', async () => {
      t.auth.provider!.profiles.set(`tok-founder-${backend}`, profile(`sub-founder-${backend}`, 'Founder@nordlys.test'));
      const res = await authorize(`tok-founder-${backend}`, false);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = v.parse(AuthorizeWithProviderAnswerSchema, res.body);
      expect(answer).toMatchObject({ found: true, created: false, user: { email: 'founder@nordlys.test' } });
      expect(setCookieFor(res.res, SESSION_COOKIE)).toMatch(/HttpOnly/);
      const [row] = await t.db.select().from(users).where(eq(users.email, 'founder@nordlys.test'));
      expect(row!.linkedinId).toBe(`sub-founder-${backend}`);

      // The provider account now names the user even when it shows another address.
      t.auth.provider!.profiles.set(`tok-founder-2-${backend}`, profile(`sub-founder-${backend}`, 'other-address@example.test'));
      const again = await authorize(`tok-founder-2-${backend}`, false);
      expect(again.body).toMatchObject({ found: true, created: false, user: { email: 'founder@nordlys.test' } });
      expect((await me(cookieHeader(again.res))).status).toBe(200);
    });

    it('creates an account without a password when registration is allowed', async () => {
      const email = uniqueEmail('provider-new');
      t.auth.provider!.profiles.set(`tok-new-${backend}`, profile(`sub-new-${backend}`, email));
      const res = await authorize(`tok-new-${backend}`);
      expect(res.status).toBe(200);
      const answer = v.parse(AuthorizeWithProviderAnswerSchema, res.body);
      expect(answer).toMatchObject({ found: false, created: true, user: { email, fullName: 'Lina Lund', isEmailVerified: true } });
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ passwordHash: null, linkedinId: `sub-new-${backend}` });
      expect((await me(cookieHeader(res.res))).body.email).toBe(email);
      // No password: password sign-in fails like any other.
      expect((await signIn(email, DEMO_PASSWORD)).status).toBe(401);
    });

    it('mails a verification link to an account made with an address the provider has not verified', async () => {
      const email = uniqueEmail('provider-unverified');
      t.auth.provider!.profiles.set(`tok-unverified-${backend}`, profile(`sub-unverified-${backend}`, email, false));
      const res = await authorize(`tok-unverified-${backend}`);
      expect(res.body).toMatchObject({ created: true, user: { isEmailVerified: false } });
      expect(mailer().lastTo(email)?.subject).toBe('Confirm your e-mail address for Nordlys');
    });

    it("answers 404 'You do not have an account yet, please signup first.' when registration is not allowed", async () => {
      t.auth.provider!.profiles.set(`tok-stranger-${backend}`, profile(`sub-stranger-${backend}`, uniqueEmail('stranger')));
      const res = await authorize(`tok-stranger-${backend}`, false);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'You do not have an account yet, please signup first.', code: 'E_NOT_FOUND' });
      expect(setCookieFor(res.res, SESSION_COOKIE)).toBeUndefined();
    });

    it('answers 401 for a token the provider refuses', async () => {
      const res = await authorize('tok-unknown');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('E_UNAUTHORIZED');
    });

    it('refuses to connect an existing account by an address the provider has not verified', async () => {
      t.auth.provider!.profiles.set(`tok-takeover-${backend}`, profile(`sub-takeover-${backend}`, 'talent@nordlys.test', false));
      const res = await authorize(`tok-takeover-${backend}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('E_ACCOUNT_EXISTS');
      const [row] = await t.db.select().from(users).where(eq(users.email, 'talent@nordlys.test'));
      expect(row!.linkedinId).toBeNull();
    });

    it('answers 400 with a clear message for a profile without e-mail that matches no account', async () => {
      t.auth.provider!.profiles.set(`tok-no-email-${backend}`, profile(`sub-no-email-${backend}`, null));
      const res = await authorize(`tok-no-email-${backend}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('LinkedIn did not share your e-mail address, so we cannot create your account. Please sign up with your e-mail instead.');
    });

    it('answers 404 when no provider is configured, and 503 when the provider is down', async () => {
      const provider = t.auth.provider;
      t.auth.provider = null;
      try {
        const res = await authorize('tok-anything');
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Sign-in with a professional network is not configured');
      } finally {
        t.auth.provider = provider;
      }
      vi.spyOn(console, 'error').mockImplementation(() => {});
      provider!.down = true;
      try {
        const res = await authorize('tok-anything');
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('E_UNAVAILABLE');
      } finally {
        provider!.down = false;
      }
    });
  });

  it("tells the site in config-base which captcha the parts verify and which provider signs in", async () => {
    const res = await t.get('/api/site/config-base');
    expect(res.body.auth).toEqual({
      signUp: true,
      captcha: { kind: 'altcha', challengeUrl: '/api/captcha/test-challenge' },
      provider: { name: 'LinkedIn', authorizeUrl: '/auth/linkedin' },
    });
    // The parts' own routes are served, ahead of /api's catch-all.
    const challenge = await t.get(res.body.auth.captcha.challengeUrl);
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({ challenge: 'test' });
  });

  it('keeps the x-test-viewer override for older tests', async () => {
    const [talent] = await t.db.select().from(users).where(eq(users.email, 'talent@nordlys.test'));
    const res = await t.get('/api/users/me', asViewer({ userId: talent!.id, isAdmin: false, companyIds: [], investorIds: [] }));
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('talent@nordlys.test');
  });
});

describe.each(backends)('account routes without auth parts on %s', (backend) => {
  const t = useTestApp(backend);

  it("answers 503 'Accounts are not available' where mail, captcha or the provider is needed", async () => {
    for (const [path, body] of [
      ['/api/users/sign-up', { name: { first: 'A', last: 'B' }, email: 'a@example.test', password: NEW_PASSWORD, reCaptchaResponse: 'x' }],
      ['/api/users/forgot-password', { email: 'talent@nordlys.test' }],
      ['/api/users/authorize-with-linkedin', { accessToken: 'x', allowRegistration: true }],
    ] as const) {
      const res = await t.send(path, body);
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({ message: 'Accounts are not available', code: 'E_UNAVAILABLE' });
    }
  });

  it('still signs in from the database alone', async () => {
    const cookie = await t.signIn('talent@nordlys.test');
    expect((await t.get('/api/users/me', { cookie })).body.email).toBe('talent@nordlys.test');
  });
});

describe.each(backends)('forgot-password and mail links on %s', (backend) => {
  const queued: (() => Promise<void>)[] = [];
  const parts = { ...createTestAuthParts(), runLater: (task: () => Promise<void>) => void queued.push(task) };
  const t = useTestApp(backend, { auth: parts, config: { publicUrl: PUBLIC_URL }, queue: true });
  let counter = 0;
  const resetTokens = async (email: string) =>
    (await t.db.select({ id: userTokens.id }).from(userTokens).innerJoin(users, eq(users.id, userTokens.userId)).where(and(eq(users.email, email), eq(userTokens.kind, 'reset')))).length;
  const forgot = (email: string, url = '/api/users/forgot-password', headers: Record<string, string> = {}) =>
    t.send(url, { email }, { headers: { 'X-Forwarded-For': freshIp(), ...headers } });

  it('answers a known and an unknown address by the same path: nothing looked up or mailed before the answer, one task each', async () => {
    const tokensBefore = await resetTokens('newbie@nordlys.test');
    const known = await forgot('newbie@nordlys.test');
    const unknown = await forgot('nobody-at-all@nordlys.test');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
    }
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    // The answers came before any work: no key issued, no mail sent, one task queued per request.
    expect(queued).toHaveLength(2);
    expect(await resetTokens('newbie@nordlys.test')).toBe(tokensBefore);
    expect(parts.mailer.sent).toHaveLength(0);

    const [knownTask, unknownTask] = queued.splice(0);
    await unknownTask!();
    expect(parts.mailer.sent).toHaveLength(0);
    await knownTask!();
    expect(await resetTokens('newbie@nordlys.test')).toBe(tokensBefore + 1);
    // The key and its mail were committed together; the queue sends it.
    expect(parts.mailer.sent).toHaveLength(0);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.sent.map((m) => m.to)).toEqual(['newbie@nordlys.test']);
  });

  it('mails the reset link on PUBLIC_URL whatever the Host and forwarded headers say', async () => {
    const forged = { Host: 'evil.test', 'X-Forwarded-Host': 'evil.test', 'X-Forwarded-Proto': 'http' };
    expect((await forgot('talent@nordlys.test', 'http://evil.test/api/users/forgot-password', forged)).status).toBe(204);
    for (const task of queued.splice(0)) await task();
    await t.runJobs();
    const mail = parts.mailer.lastTo('talent@nordlys.test')!;
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^https:\/\/nordlys\.example\/client\/reset-password\?resetKey=[\w-]{43}$/);
    expect(mail.html).not.toContain('evil.test');
    expect(mail.html).toContain('href="https://nordlys.example/client/reset-password?resetKey=');
  });

  it('mails the verification link on PUBLIC_URL whatever the Host header says', async () => {
    const email = `host-${++counter}-${backend}@example.test`;
    const res = await t.send(
      'http://evil.test/api/users/sign-up',
      { name: { first: 'Hedda', last: 'Host' }, email, password: NEW_PASSWORD, reCaptchaResponse: TEST_CAPTCHA_OK },
      { headers: { Host: 'evil.test', 'X-Forwarded-For': freshIp() } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    const mail = parts.mailer.lastTo(email)!;
    expect(mail.text).toMatch(/^https:\/\/nordlys\.example\/client\/verify-email\?email-verification-key=[\w-]{43}$/m);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.test');
  });
});

describe.each(backends)('sign-up mail through the queue on %s', (backend) => {
  const parts = createTestAuthParts();
  const t = useTestApp(backend, { auth: parts, config: { publicUrl: PUBLIC_URL }, queue: true });
  let counter = 0;
  const uniqueEmail = (label: string) => `${label}-${++counter}-${backend}@example.test`;
  const signUp = (email: string) =>
    t.send('/api/users/sign-up', { name: { first: 'Nora', last: 'Nilsen' }, email, password: NEW_PASSWORD, reCaptchaResponse: TEST_CAPTCHA_OK }, { headers: { 'X-Forwarded-For': freshIp() } });
  const queuedTo = (to: string) => t.queue.boss.findJobs(QUEUES.mail, { data: { to } });
  const verifyKeys = async (email: string) =>
    (await t.db.select({ id: userTokens.id }).from(userTokens).innerJoin(users, eq(users.id, userTokens.userId)).where(and(eq(users.email, email), eq(userTokens.kind, 'verify')))).length;

  afterEach(() => {
    parts.mailer.failing = false;
    vi.restoreAllMocks();
  });

  it('answers 201 with the account, its key and its mail committed together; the worker sends the mail', async () => {
    const email = uniqueEmail('queued');
    const res = await signUp(email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await verifyKeys(email)).toBe(1);
    // Queued in the sign-up's transaction, not sent in the request.
    expect(parts.mailer.lastTo(email)).toBeUndefined();
    expect(await queuedTo(email)).toHaveLength(1);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(email)?.subject).toBe('Confirm your e-mail address for Nordlys');
  });

  it('signs up while the SMTP server is down: 201 and a session, the mail retried until it is sent', async () => {
    const email = uniqueEmail('smtp-down');
    parts.mailer.failing = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await signUp(email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(setCookieFor(res.res, SESSION_COOKIE)).toMatch(/HttpOnly/);
    expect(await t.runJobs()).toEqual({ completed: 0, failed: 1 });
    const [retry] = await queuedTo(email);
    expect(retry!.state).toBe('retry');
    parts.mailer.failing = false;
    // The backoff has passed.
    await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${QUEUES.mail} AND data->>'to' = ${email}`);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('queues nothing when the sign-up rolls back after its mail was queued, and a retry works', async () => {
    const email = uniqueEmail('rolled-back');
    const enqueue = t.queue.mail.enqueue.bind(t.queue.mail);
    // The mail goes into the transaction; then the request fails before it commits.
    vi.spyOn(t.queue.mail, 'enqueue').mockImplementation(async (tx, message) => {
      await enqueue(tx, message);
      throw new Error('the request failed after queueing its mail');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await signUp(email);
    expect(res.status).toBe(500);
    expect(setCookieFor(res.res, SESSION_COOKIE)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await queuedTo(email)).toEqual([]);
    expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });

    vi.mocked(t.queue.mail.enqueue).mockRestore();
    expect((await signUp(email)).status).toBe(201);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it("queues a provider account's verification mail with its key; a rolled-back one leaves neither, and the sign-in still works", async () => {
    const profile = (email: string) => ({ subject: `sub-${email}`, email, emailVerified: false, firstName: 'Lina', lastName: 'Lund', pictureUrl: null });
    const authorize = (token: string) => t.send('/api/users/authorize-with-linkedin', { accessToken: token, allowRegistration: true }, { headers: { 'X-Forwarded-For': freshIp() } });

    const email = uniqueEmail('provider');
    parts.provider!.profiles.set(`tok-${email}`, profile(email));
    expect((await authorize(`tok-${email}`)).body).toMatchObject({ created: true, user: { isEmailVerified: false } });
    expect(await verifyKeys(email)).toBe(1);
    expect(await queuedTo(email)).toHaveLength(1);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(email)?.subject).toBe('Confirm your e-mail address for Nordlys');

    const other = uniqueEmail('provider-rolled-back');
    parts.provider!.profiles.set(`tok-${other}`, profile(other));
    const enqueue = t.queue.mail.enqueue.bind(t.queue.mail);
    vi.spyOn(t.queue.mail, 'enqueue').mockImplementation(async (tx, message) => {
      await enqueue(tx, message);
      throw new Error('the request failed after queueing its mail');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await authorize(`tok-${other}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: true, user: { email: other } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('verification mail'), expect.any(Error));
    expect(await verifyKeys(other)).toBe(0);
    expect(await queuedTo(other)).toEqual([]);
  });
});
