/**
 * The digest calls of spec 7 and issue #14 on both databases: the profile by e-mail (own address
 * only), subscribing (signed in: active at once with a verified address; a visitor: double opt-in,
 * and an answer that never tells whether an address subscribes), the manage link's read, change,
 * preview and delete, the one-click unsubscribe of RFC 8058 (POST without a session ends it; GET
 * never does), the "digest" surface of the funnel, and the admins' list of failed queue jobs.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDigestAt } from '@nordlys/sdk/digests';
import { DigestPreviewSchema, DigestProfileSchema, FailedQueueJobsSchema } from '@nordlys/sdk/schemas';
import { companies, digests, locations, users } from '../db/schema';
import { digestLinks } from '../mail/digest-links';
import { findDigestByEmail } from '../queries/digests';
import { QUEUES } from '../queue/queue';
import { TALENT_DIGEST_KEY } from '../seed/index';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';

const PUBLIC_URL = 'https://nordlys.example';
const DK_FRONTEND = { locations: [{ countryCode: 'DK' }], includeRemoteJobs: true, categories: ['frontend'] };

describe.each(backends)('digest calls on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL }, queue: true });
  const cookies: Record<string, string> = {};
  let counter = 0;
  const newAddress = (label: string) => `${label}-${++counter}-${backend}@example.test`;

  beforeAll(async () => {
    for (const who of ['talent', 'founder', 'investor', 'admin', 'multi']) cookies[who] = await t.signIn(`${who}@nordlys.test`);
  });
  const as = (who: string | null): Record<string, string> => (who ? { cookie: cookies[who]! } : {});
  const subscribe = (body: unknown, who: string | null = null, headers: Record<string, string> = {}) => t.send('/api/digest', body, { headers: { ...as(who), ...headers } });
  /** Delivers the queued mail (the worker's job) and answers the last mail to `to`. */
  const mailTo = async (to: string) => {
    await t.runJobs([QUEUES.mail]);
    return t.auth.mailer.lastTo(to);
  };
  const mailsTo = (to: string) => t.auth.mailer.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const tokenIn = (text: string) => {
    const link = text.match(/https:\/\/nordlys\.example\/digest\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, 'a confirmation link').toBeDefined();
    return new URL(link!).searchParams.get('token')!;
  };

  describe('GET digest/mail/{email}', () => {
    it("answers the signed-in user's own digest profile, with its settings key, and nobody else's", async () => {
      expect((await t.get('/api/digest/mail/talent%40nordlys.test')).status).toBe(401);
      const own = await t.get('/api/digest/mail/TALENT%40nordlys.test', as('talent'));
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect(v.parse(DigestProfileSchema, own.body)).toMatchObject({
        settingsKey: TALENT_DIGEST_KEY,
        email: 'talent@nordlys.test',
        status: 'active',
        locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
        includeRemoteJobs: true,
      });
      // Another's address answers as if it had none; so does an address without one.
      expect((await t.get('/api/digest/mail/founder%40nordlys.test', as('talent'))).status).toBe(404);
      expect((await t.get('/api/digest/mail/investor%40nordlys.test', as('investor'))).status).toBe(404);
    });
  });

  describe('POST /digest', () => {
    it("makes a signed-in user's subscription active at once when the address is verified, and merges on request", async () => {
      const answer = await subscribe({ ...DK_FRONTEND, categories: ['backend'], frequency: 'daily', hourOfDay: 7, timeZone: 'Europe/Oslo' }, 'founder');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'active', settingsKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      // The API document declares it beside the 202 of a pending one (issue #32).
      expect(Object.keys((await t.get('/api/openapi.json')).body.paths['/digest'].post.responses)).toEqual(expect.arrayContaining(['200', '202']));
      const profile = (await t.get('/api/digest/mail/founder%40nordlys.test', as('founder'))).body;
      expect(profile).toMatchObject({ settingsKey: answer.body.settingsKey, status: 'active', frequency: 'daily', hourOfDay: 7, timeZone: 'Europe/Oslo', categories: ['backend'] });
      const due = new Date(profile.nextDueAt);
      expect(due.getTime()).toBeGreaterThan(Date.now());
      expect(due.toISOString()).toBe(nextDigestAt({ frequency: 'daily', hourOfDay: 7, timeZone: 'Europe/Oslo' }, new Date(due.getTime() - 1)).toISOString());

      const merged = await subscribe({ locations: [{ countryCode: 'SE' }], includeRemoteJobs: false, categories: ['frontend'], mergeData: true }, 'founder');
      expect(merged.body.settingsKey).toBe(answer.body.settingsKey);
      expect((await t.get('/api/digest/mail/founder%40nordlys.test', as('founder'))).body).toMatchObject({
        locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
        includeRemoteJobs: true,
        categories: ['backend', 'frontend'],
      });
      expect(await mailTo('founder@nordlys.test')).toBeUndefined();
    });

    it('refuses bad settings with a message per field, and never stores REMOTE as a country (spec 5)', async () => {
      const cases: [unknown, string, string][] = [
        [{ locations: [{ countryCode: 'REMOTE' }], includeRemoteJobs: false }, 'locations', 'Choose countries from the list (Remote is "include remote jobs")'],
        [{ ...DK_FRONTEND, hourOfDay: 24 }, 'hourOfDay', 'Choose an hour from 0 to 23'],
        [{ ...DK_FRONTEND, hourOfDay: 7.5 }, 'hourOfDay', 'Choose an hour from 0 to 23'],
        [{ ...DK_FRONTEND, timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Choose a time zone from the list'],
        [{ ...DK_FRONTEND, frequency: 'hourly' }, 'frequency', 'Choose daily or weekly'],
        [{ ...DK_FRONTEND, categories: ['astrology'] }, 'categories', 'Choose categories from the list'],
        [{ ...DK_FRONTEND, email: 'not an address' }, 'email', 'Please enter your email address'],
        [{ locations: 'DK', includeRemoteJobs: true }, 'locations', 'Locations must be a list of countries'],
      ];
      for (const [body, field, message] of cases) {
        const res = await subscribe(body, 'founder');
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors[field]).toContain(message);
        const put = await t.send(`/api/digest/${TALENT_DIGEST_KEY}`, body, { method: 'PUT' });
        expect(put.status).toBe(400);
      }
      // A visitor must say where to send it.
      expect((await subscribe(DK_FRONTEND)).body.errors).toEqual({ email: ['Please enter your email address'] });
      // Not JSON at all: 400, not 500.
      const broken = await t.request('/api/digest', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"locations":' });
      expect(broken.status).toBe(400);
      const stored = await t.db.select({ locations: digests.locations }).from(digests);
      expect(stored.flatMap((row) => row.locations).some((l) => l.countryCode === 'REMOTE')).toBe(false);
    });

    it("subscribes a visitor with double opt-in, and answers alike whether the address is new, pending or subscribed", async () => {
      const email = newAddress('visitor');
      const first = await subscribe({ ...DK_FRONTEND, email });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ status: 'pending' });
      const confirmMail = await mailTo(email);
      expect(confirmMail?.subject).toBe('Confirm your job alerts on Nordlys');
      const oldToken = tokenIn(confirmMail!.text);
      expect((await findDigestByEmail(t.db, email))!.confirmedAt).toBeNull();

      // Again while pending: the same answer, a new link, and the old link stops working.
      const again = await subscribe({ ...DK_FRONTEND, categories: ['design'], email: email.toUpperCase() });
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      const token = tokenIn((await mailTo(email))!.text);
      expect(token).not.toBe(oldToken);
      expect((await t.send('/api/digest/confirm', { token: oldToken })).status).toBe(404);

      const confirmed = await t.send('/api/digest/confirm', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email, status: 'active', categories: ['design'], settingsKey: expect.any(String) });
      expect(confirmed.body.nextDueAt).not.toBeNull();
      // A second click on the link is fine.
      expect((await t.send('/api/digest/confirm', { token })).body).toEqual(confirmed.body);

      // Once subscribed: the same answer again, nothing changed, and the owner is mailed the manage link.
      const third = await subscribe({ locations: [{ countryCode: 'FI' }], includeRemoteJobs: false, email });
      expect([third.status, third.body]).toEqual([first.status, first.body]);
      const note = await mailTo(email);
      expect(note?.subject).toBe('Your job alerts on Nordlys');
      expect(note?.text).toContain(`${PUBLIC_URL}/digest/manage/${confirmed.body.settingsKey}`);
      expect((await t.get(`/api/digest/${confirmed.body.settingsKey}`)).body).toMatchObject({ locations: [{ countryCode: 'DK' }], categories: ['design'] });

      // A visitor entering a member's address changes nothing of theirs either.
      const member = await subscribe({ ...DK_FRONTEND, email: 'talent@nordlys.test' });
      expect([member.status, member.body]).toEqual([first.status, first.body]);
      expect((await mailTo('talent@nordlys.test'))?.subject).toBe('Your job alerts on Nordlys');
      expect((await t.get(`/api/digest/${TALENT_DIGEST_KEY}`)).body.locations).toEqual([{ countryCode: 'DK' }, { countryCode: 'SE' }]);

      expect((await t.send('/api/digest/confirm', { token: 'x'.repeat(43) })).status).toBe(404);
      expect((await t.send('/api/digest/confirm', { token: 'no' })).status).toBe(400);
    });

    it('mails an address at most three times an hour, without telling the caller', async () => {
      const email = newAddress('flood');
      for (let i = 0; i < 5; i++) expect((await subscribe({ ...DK_FRONTEND, email })).body).toEqual({ status: 'pending' });
      await t.runJobs([QUEUES.mail]);
      expect(mailsTo(email)).toHaveLength(3);
    });

    it("keeps an unverified user's own subscription waiting for the confirmation link", async () => {
      const email = newAddress('unverified');
      const [user] = await t.db.insert(users).values({ email, firstName: 'Una', lastName: 'Verified', isEmailVerified: false }).returning({ id: users.id });
      const viewer = asViewer({ userId: user!.id, isAdmin: false, companyIds: [], investorIds: [] });
      const res = await subscribe(DK_FRONTEND, null, viewer as Record<string, string>);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'pending' });
      const token = tokenIn((await mailTo(email))!.text);
      expect((await t.get(`/api/digest/mail/${encodeURIComponent(email)}`, viewer)).body).toMatchObject({ status: 'pending', nextDueAt: null });
      expect((await t.send('/api/digest/confirm', { token })).body).toMatchObject({ status: 'active' });
      expect((await t.get(`/api/digest/mail/${encodeURIComponent(email)}`, viewer)).body).toMatchObject({ status: 'active' });
    });
  });

  describe('the manage link: GET, PUT, preview and DELETE by settings key', () => {
    it('reads and changes a subscription without a session: the key is the secret', async () => {
      const key = (await subscribe({ ...DK_FRONTEND }, 'multi')).body.settingsKey as string;
      expect((await t.get(`/api/digest/${key}`)).body).toMatchObject({ email: 'multi@nordlys.test', status: 'active' });
      expect((await t.get(`/api/digest/${'k'.repeat(30)}`)).status).toBe(404);
      expect((await t.get('/api/digest/bad key!')).status).toBe(400);

      const paused = await t.send(`/api/digest/${key}`, { locations: [{ countryCode: 'NO' }], includeRemoteJobs: false, frequency: 'weekly', hourOfDay: 18, timeZone: 'America/New_York', paused: true }, { method: 'PUT' });
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ locations: [{ countryCode: 'NO' }], includeRemoteJobs: false, categories: ['frontend'], frequency: 'weekly', hourOfDay: 18, timeZone: 'America/New_York', paused: true, nextDueAt: null });
      const resumed = await t.send(`/api/digest/${key}`, { locations: [{ countryCode: 'NO' }], includeRemoteJobs: false, paused: false }, { method: 'PUT' });
      const due = new Date(resumed.body.nextDueAt);
      expect(due.toISOString()).toBe(nextDigestAt({ frequency: 'weekly', hourOfDay: 18, timeZone: 'America/New_York' }, new Date(due.getTime() - 1)).toISOString());
      expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: 'numeric', hourCycle: 'h23' }).format(due)).toMatch(/^Monday,? 18$/);

      const moved = await t.send(`/api/digest/${key}`, { email: 'someone-else@example.test', locations: [], includeRemoteJobs: true }, { method: 'PUT' });
      expect(moved.status).toBe(400);
      expect(Object.keys(moved.body.errors)).toEqual(['email']);

      const removed = await t.send(`/api/digest/${key}`, undefined, { method: 'DELETE' });
      expect(removed.body).toEqual({ subscribed: false, email: 'm***@nordlys.test' });
      expect((await t.get(`/api/digest/${key}`)).status).toBe(404);
    });

    it('previews the jobs the next digest would hold now', async () => {
      const startup = await insertStartup(t.db, `preview-${backend}`, 'ACTIVE');
      const [place] = await t.db.insert(locations).values({ locality: 'Tallinn', countryCode: 'EE' }).returning({ id: locations.id });
      const email = newAddress('preview');
      const [row] = await t.db
        .insert(digests)
        .values({ settingsKey: randomBytes(24).toString('base64url'), email, locations: [{ countryCode: 'EE' }], categories: ['analyst'], lastSentAt: new Date(Date.now() - 86_400_000) })
        .returning();
      const id = await insertJob(t.db, startup.id, 'ACTIVE', 'none', { title: 'Analyst in Tallinn', categories: ['analyst'], isRemote: false, locationId: place!.id, approvedAt: new Date(Date.now() - 60_000) });
      const preview = await t.get(`/api/digest/${row!.settingsKey}/preview`);
      expect(preview.status).toBe(200);
      const parsed = v.parse(DigestPreviewSchema, preview.body);
      expect(parsed.jobs.map((j) => [j.id, j.title, j.company.name])).toEqual([[id, 'Analyst in Tallinn', startup.name]]);
      expect(parsed.total).toBe(1);
      // The preview sends nothing and marks nothing.
      expect((await t.get(`/api/digest/${row!.settingsKey}/preview`)).body.jobs).toHaveLength(1);
      expect(mailsTo(email)).toEqual([]);
    });
  });

  describe('one-click unsubscribe (RFC 8058)', () => {
    async function subscription() {
      const email = newAddress('leaving');
      const [row] = await t.db
        .insert(digests)
        .values({ settingsKey: randomBytes(24).toString('base64url'), email, locations: [{ countryCode: 'DK' }] })
        .returning();
      return { row: row!, links: digestLinks({ publicUrl: PUBLIC_URL }, row!) };
    }
    const stillThere = async (id: number) => (await t.db.select({ id: digests.id }).from(digests).where(eq(digests.id, id))).length === 1;
    const apiPath = (link: string) => link.replace(PUBLIC_URL, '');
    const oneClick = (path: string, body: BodyInit | null = 'List-Unsubscribe=One-Click', type: string | null = 'application/x-www-form-urlencoded') =>
      t.request(path, { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body });

    it('ends the subscription with a POST of the one-click body, without a cookie', async () => {
      const { row, links } = await subscription();
      const res = await oneClick(apiPath(links.unsubscribeApi));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ subscribed: false, email: `l***@example.test` });
      expect(await stillThere(row.id)).toBe(false);
      // A second POST (a client retrying) says the same.
      expect((await oneClick(apiPath(links.unsubscribeApi))).status).toBe(200);
    });

    it('takes the body as multipart form data too', async () => {
      const { row, links } = await subscription();
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      expect((await oneClick(apiPath(links.unsubscribeApi), form, null)).status).toBe(200);
      expect(await stillThere(row.id)).toBe(false);
    });

    it('never unsubscribes on GET, without the one-click body, or with a wrong token', async () => {
      const { row, links } = await subscription();
      const other = await subscription();
      const path = apiPath(links.unsubscribeApi);
      const info = await t.get(path);
      expect(info.body).toEqual({ subscribed: true, email: `l***@example.test` });
      // A browser following the link is sent to the site's page, whose button POSTs.
      const browser = await t.request(path, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(browser.status).toBe(303);
      expect(browser.headers.get('location')).toBe(apiPath(links.unsubscribePage));
      // The API document declares both answers (issue #32).
      expect(Object.keys((await t.get('/api/openapi.json')).body.paths['/digest/unsubscribe'].get.responses)).toEqual(expect.arrayContaining(['200', '303']));
      expect((await oneClick(path, null, null)).status).toBe(400);
      expect((await oneClick(path, 'List-Unsubscribe=Please')).status).toBe(400);
      expect((await oneClick(path, '{"List-Unsubscribe":"One-Click"}', 'application/json')).status).toBe(400);
      // Another subscription's token does not fit this one.
      const forged = `/api/digest/unsubscribe?id=${row.id}&token=${new URL(other.links.unsubscribeApi).searchParams.get('token')}`;
      expect((await oneClick(forged)).status).toBe(400);
      expect((await oneClick('/api/digest/unsubscribe?id=1&token=short')).status).toBe(400);
      expect(await stillThere(row.id)).toBe(true);
    });
  });

  it('counts an apply click from a digest on the surface "digest", which the job dashboard names', async () => {
    const [northwind] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    const id = await insertJob(t.db, northwind!.id, 'ACTIVE', 'future');
    const browser = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0' };
    expect((await t.send(`/api/jobs/${id}/apply-click`, { surface: 'digest' }, { headers: browser })).status).toBe(204);
    const stats = await t.get(`/api/companies/northwind-labs/jobs/${id}/stats`, as('founder'));
    expect(stats.body.surfaces).toEqual([expect.objectContaining({ surface: 'digest', label: 'Job alert e-mails', applyClicks: expect.arrayContaining([1]) })]);
  });

  describe('GET /admin/queue/failed', () => {
    it('shows admins the mail that failed every try, and nobody else', async () => {
      expect((await t.get('/api/admin/queue/failed')).status).toBe(401);
      expect((await t.get('/api/admin/queue/failed', as('talent'))).status).toBe(403);
      const email = newAddress('bounced');
      t.auth.mailer.failing = true;
      try {
        await subscribe({ ...DK_FRONTEND, email });
        for (let attempt = 0; attempt < 8; attempt++) {
          await t.runJobs([QUEUES.mail]);
          await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${QUEUES.mail} AND data->>'to' = ${email}`);
        }
      } finally {
        t.auth.mailer.failing = false;
      }
      const res = await t.get('/api/admin/queue/failed', as('admin'));
      expect(res.status).toBe(200);
      const listed = v.parse(FailedQueueJobsSchema, res.body);
      expect(listed.jobs.find((j) => j.summary === `To ${email}: Confirm your job alerts on Nordlys`)).toMatchObject({
        queue: 'mail',
        error: 'SMTP connection refused (test mailer)',
        tries: 8,
      });
    });
  });
});
