/** The admins' review (issue #11): the queue, approve and send back, with the members' mails, on both databases. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanySchema, InvestorSchema, ReviewQueueSchema } from '@nordlys/sdk/schemas';
import { companies, investors } from '../db/schema';
import { extractLinks } from '../mail/links';
import { createTestAuthParts } from '../testing/auth-parts';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const PUBLIC_URL = 'https://nordlys.example';

describe.each(backends)('review queue and decisions on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, queue: true });
  const cookies = new Map<string, string>();
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  /** The queue's last run after a post: the decision's mails go out through it. */
  let delivered = { completed: 0, failed: 0 };
  const post = async (path: string, body: unknown, who?: string) => {
    const res = await t.send(path, body, { headers: who ? await as(who) : {} });
    delivered = await t.runJobs();
    return res;
  };
  const mails = () => t.auth.mailer.sent;

  /** Makes a stored profile submitted at a known time (the form's path is tested in company-admin.test.ts). */
  async function submitted(table: typeof companies | typeof investors, key: string, at: string) {
    await t.db.update(table).set({ status: 'DRAFT', submittedAt: new Date(at), reviewNote: null }).where(eq(table.key, key));
  }

  it('lists submitted drafts oldest first, with members, to admins only', async () => {
    await submitted(companies, 'draft-startup', '2026-03-02T10:00:00Z');
    // An investor of the demo, put back in review for this test: multi@'s.
    const [multiInvestor] = await t.db.select({ key: investors.key }).from(investors).where(eq(investors.key, await multiInvestorKey()));
    await submitted(investors, multiInvestor!.key, '2026-03-01T09:00:00Z');

    expect((await t.get('/api/admin/reviews')).status).toBe(401);
    const refused = await t.get('/api/admin/reviews', await as('founder@nordlys.test'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can do that');

    const res = await t.get('/api/admin/reviews', await as('admin@nordlys.test'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const queue = v.parse(ReviewQueueSchema, res.body);
    expect(queue.items.map((i) => [i.kind, i.key])).toEqual([
      ['investor', multiInvestor!.key],
      ['company', 'draft-startup'],
    ]);
    expect(queue.items[1]).toMatchObject({ name: 'Draft Startup', submittedAt: '2026-03-02T10:00:00.000Z', members: [{ name: 'Jonas Berg', email: 'draft@nordlys.test' }] });
    expect(queue.items[0]!.members).toEqual([{ name: 'Aino Virtanen', email: 'multi@nordlys.test' }]);
  });

  it('refuses decisions to visitors (401) and non-admins (403), even the members', async () => {
    for (const path of ['/api/admin/companies/draft-startup/approve', '/api/admin/companies/draft-startup/reject']) {
      expect((await post(path, { reason: 'x' })).status).toBe(401);
      expect((await post(path, { reason: 'x' }, 'draft@nordlys.test')).status).toBe(403);
      expect((await post(path, { reason: 'x' }, 'founder@nordlys.test')).status).toBe(403);
    }
    expect((await post(`/api/admin/investors/${await multiInvestorKey()}/approve`, undefined, 'multi@nordlys.test')).status).toBe(403);
    expect((await post('/api/admin/companies/no-such-startup/approve', undefined, 'admin@nordlys.test')).status).toBe(404);
    expect((await post('/api/admin/companies/new/approve', undefined, 'admin@nordlys.test')).status).toBe(400);
    expect((await t.db.select({ status: companies.status }).from(companies).where(eq(companies.key, 'draft-startup')))[0]!.status).toBe('DRAFT');
  });

  it('sends a startup back with a reason: still a DRAFT, the note kept, and a mail to every member with the edit link', async () => {
    const before = mails().length;
    const empty = await post('/api/admin/companies/draft-startup/reject', { reason: '  ' }, 'admin@nordlys.test');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toBeDefined();

    const reason = 'Please add a logo <and> a real website.';
    const res = await post('/api/admin/companies/draft-startup/reject', { reason }, 'admin@nordlys.test');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const company = v.parse(CompanySchema, res.body);
    expect(company.status).toBe('DRAFT');
    expect(company.manage).toMatchObject({ submittedAt: null, reviewNote: reason });

    expect(delivered).toEqual({ completed: 1, failed: 0 });
    const sent = mails().slice(before);
    expect(sent.map((m) => m.to)).toEqual(['draft@nordlys.test']);
    const [mail] = sent;
    expect(mail!.subject).toBe('Draft Startup needs a few changes before it goes live on Nordlys');
    expect(mail!.text).toContain(reason);
    expect(mail!.html).toContain('Please add a logo &lt;and&gt; a real website.');
    expect(extractLinks(mail!.text)).toEqual([`${PUBLIC_URL}/client/startups/draft-startup/edit`]);

    // Out of the queue, and a second decision has nothing to decide.
    const queue = v.parse(ReviewQueueSchema, (await t.get('/api/admin/reviews', await as('admin@nordlys.test'))).body);
    expect(queue.items.some((i) => i.key === 'draft-startup')).toBe(false);
    expect((await post('/api/admin/companies/draft-startup/approve', undefined, 'admin@nordlys.test')).status).toBe(409);
    // A refused decision queued no mail.
    expect(delivered).toEqual({ completed: 0, failed: 0 });
  });

  it('approves a startup: ACTIVE and public, approved_at set, and a "live" mail linking to its welcome page', async () => {
    await submitted(companies, 'draft-startup', '2026-03-03T10:00:00Z');
    expect((await t.get('/api/companies/draft-startup')).status).toBe(404);
    const before = mails().length;

    const res = await post('/api/admin/companies/draft-startup/approve', undefined, 'admin@nordlys.test');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(v.parse(CompanySchema, res.body)).toMatchObject({ status: 'ACTIVE', manage: { submittedAt: null, reviewNote: null } });
    const [row] = await t.db.select({ approvedAt: companies.approvedAt }).from(companies).where(eq(companies.key, 'draft-startup'));
    expect(row!.approvedAt).toBeInstanceOf(Date);
    expect((await t.get('/api/companies/draft-startup')).status).toBe(200);

    const [mail] = mails().slice(before);
    expect(mail).toMatchObject({ to: 'draft@nordlys.test', subject: 'Draft Startup is live on Nordlys' });
    const [link] = extractLinks(mail!.text);
    expect(link === `${PUBLIC_URL}/startups/draft-startup/welcome` || link === `${PUBLIC_URL}/dashboard`).toBe(true);

    // ACTIVE is not waiting: 409.
    expect((await post('/api/admin/companies/draft-startup/reject', { reason: 'late' }, 'admin@nordlys.test')).status).toBe(409);
  });

  it('approves an investor: its public page answers, and its members get the mail', async () => {
    const key = await multiInvestorKey();
    expect((await t.get(`/api/investors/${key}`)).status).toBe(404);
    const before = mails().length;
    const res = await post(`/api/admin/investors/${key}/approve`, undefined, 'admin@nordlys.test');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(v.parse(InvestorSchema, res.body)).toMatchObject({ status: 'ACTIVE', manage: { submittedAt: null } });
    expect((await t.get(`/api/investors/${key}`)).status).toBe(200);
    expect(mails().slice(before).map((m) => m.to)).toEqual(['multi@nordlys.test']);
    expect(mails().at(-1)!.subject).toMatch(/is live on Nordlys$/);
  });

  it('sends an investor back with the link to its edit page', async () => {
    const key = await multiInvestorKey();
    await submitted(investors, key, '2026-03-04T10:00:00Z');
    const res = await post(`/api/admin/investors/${key}/reject`, { reason: 'Tell founders how to reach you.' }, 'admin@nordlys.test');
    expect(res.status).toBe(200);
    expect(res.body.manage.reviewNote).toBe('Tell founders how to reach you.');
    expect(extractLinks(mails().at(-1)!.text)).toEqual([`${PUBLIC_URL}/client/investors/${key}/edit`]);
  });

  /** The investor multi@ runs (not Fjord Ventures). */
  async function multiInvestorKey(): Promise<string> {
    const me = await t.get('/api/users/me', await as('multi@nordlys.test'));
    return me.body.investors[0].key;
  }
});

describe('review decisions without mail parts', () => {
  const t = useTestApp('pglite');

  it('answer 503 and change nothing', async () => {
    const cookie = await t.signIn('admin@nordlys.test');
    await t.db.update(companies).set({ submittedAt: new Date() }).where(eq(companies.key, 'draft-startup'));
    const res = await t.send('/api/admin/companies/draft-startup/approve', undefined, { headers: { cookie } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('E_UNAVAILABLE');
    const [row] = await t.db.select({ status: companies.status }).from(companies).where(eq(companies.key, 'draft-startup'));
    expect(row!.status).toBe('DRAFT');
  });
});
