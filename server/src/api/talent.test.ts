/**
 * Issue #13: save, interest and follow (spec 7, spec 4) and the candidate's flags and lists, on both
 * databases: visitors get 401, only what the public sees can be marked, clearing always works on what
 * the user marked, every call is idempotent, and one user never sees another's marks.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { FollowedCompanyListSchema, SavedJobListSchema, ViewerFlagsSchema } from '@nordlys/sdk/schemas';
import { companies, jobs, jobUserFlags, users } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { asViewer, useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { TALENT_MESSAGES } from './talent';

const DAY = 86_400_000;

describe.each(backends)('talent marks on %s', (backend) => {
  const t = useTestApp(backend, { config: { productName: 'Nordlys' } });
  const ids = { live: 0, paused: 0, draft: 0, expired: 0, otherLive: 0, hiddenCompanyJob: 0 };
  const keys = { live: `marks-live-${backend}`, draft: `marks-draft-${backend}`, sister: `marks-sister-${backend}` };
  let ada: Viewer;
  let bo: Viewer;

  beforeAll(async () => {
    const people = await t.db
      .insert(users)
      .values([
        { firstName: 'Ada', lastName: 'Marks', email: `ada-${backend}@marks.test` },
        { firstName: 'Bo', lastName: 'Marks', email: `bo-${backend}@marks.test` },
      ])
      .returning({ id: users.id });
    ada = { userId: people[0]!.id, isAdmin: false, companyIds: [], investorIds: [] };
    bo = { userId: people[1]!.id, isAdmin: false, companyIds: [], investorIds: [] };
    const [live, draft] = await t.db
      .insert(companies)
      .values([
        { key: keys.live, name: 'Marks Live', status: 'ACTIVE' },
        { key: keys.draft, name: 'Marks Draft', status: 'DRAFT' },
        // Listed on the sister platform only: not public here (sdk isCompanyPublic).
        { key: keys.sister, name: 'Marks Sister', status: 'ACTIVE', platforms: ['sister'] },
      ])
      .returning({ id: companies.id });
    const approvedAt = new Date(Date.now() - 2 * DAY);
    const future = new Date(Date.now() + 30 * DAY);
    const job = (companyId: number, title: string, status: 'ACTIVE' | 'STOPPED' | 'DRAFT' | 'EXPIRED', expirationDate = future) => ({
      companyId,
      title,
      status,
      approvedAt: status === 'DRAFT' ? null : approvedAt,
      expirationDate,
      description: `<p>${title} description</p>`,
    });
    const rows = await t.db
      .insert(jobs)
      .values([
        job(live!.id, 'Live job', 'ACTIVE'),
        job(live!.id, 'Paused job', 'STOPPED'),
        job(live!.id, 'Draft job', 'DRAFT'),
        job(live!.id, 'Expired job', 'EXPIRED', new Date(Date.now() - DAY)),
        job(live!.id, 'Other live job', 'ACTIVE'),
        job(draft!.id, 'Job of a hidden startup', 'ACTIVE'),
      ])
      .returning({ id: jobs.id });
    const [live1, paused, draftJob, expired, otherLive, hidden] = rows.map((r) => r.id);
    Object.assign(ids, { live: live1!, paused: paused!, draft: draftJob!, expired: expired!, otherLive: otherLive!, hiddenCompanyJob: hidden! });
  });

  const mark = (viewer: Viewer | null, path: string) => t.send(`/api/${path}`, undefined, viewer ? { headers: asViewer(viewer) as Record<string, string> } : {});
  const read = async <S extends v.GenericSchema>(viewer: Viewer, path: string, schema: S): Promise<v.InferOutput<S>> => {
    const res = await t.get(`/api/${path}`, asViewer(viewer));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return v.parse(schema, res.body);
  };
  const flags = (viewer: Viewer) => read(viewer, 'applicant/flags', ViewerFlagsSchema);
  const saved = (viewer: Viewer) => read(viewer, 'applicant/saved', SavedJobListSchema);
  const followed = (viewer: Viewer) => read(viewer, 'applicant/followed', FollowedCompanyListSchema);
  const row = async (viewer: Viewer, jobId: number) =>
    (await t.db.select().from(jobUserFlags).where(and(eq(jobUserFlags.userId, viewer.userId), eq(jobUserFlags.jobId, jobId))))[0] ?? null;

  it('answers 401 to a visitor on every call, and changes nothing', async () => {
    for (const path of ['save', 'unsave', 'interested', 'uninterested']) {
      const res = await mark(null, `jobs/${ids.live}/${path}`);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('E_UNAUTHORIZED');
    }
    for (const path of ['follow', 'unfollow']) expect((await mark(null, `companies/${keys.live}/${path}`)).status, path).toBe(401);
    for (const path of ['flags', 'saved', 'followed']) {
      const res = await t.get(`/api/applicant/${path}`);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers 401 to a request without a session even with a valid-looking body', async () => {
    const res = await t.request(`/api/jobs/${ids.live}/save`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('saves and unsaves a public job, each call idempotent (204), and lists it with its live status', async () => {
    for (let i = 0; i < 2; i++) expect((await mark(ada, `jobs/${ids.live}/save`)).status).toBe(204);
    expect((await flags(ada)).savedJobIds).toEqual([ids.live]);
    const list = await saved(ada);
    expect(list.saved.map((s) => s.job.id)).toEqual([ids.live]);
    expect(list.saved[0]).toMatchObject({ saved: true, interestedAt: null, job: { title: 'Live job', status: 'ACTIVE', description: '<p>Live job description</p>', company: { key: keys.live } } });
    expect(list.interested).toEqual([]);

    for (let i = 0; i < 2; i++) expect((await mark(ada, `jobs/${ids.live}/unsave`)).status).toBe(204);
    expect((await flags(ada)).savedJobIds).toEqual([]);
    expect((await saved(ada)).saved).toEqual([]);
    // A row with no mark left is gone.
    expect(await row(ada, ids.live)).toBeNull();
  });

  it('interest sets the time to now, a repeat keeps it, uninterest clears it (spec 4)', async () => {
    const before = Date.now();
    expect((await mark(ada, `jobs/${ids.otherLive}/interested`)).status).toBe(204);
    const first = (await row(ada, ids.otherLive))!.interestedAt!;
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await mark(ada, `jobs/${ids.otherLive}/interested`)).status).toBe(204);
    expect((await row(ada, ids.otherLive))!.interestedAt!.getTime()).toBe(first.getTime());

    // Saved too: the row keeps the save when interest is cleared.
    expect((await mark(ada, `jobs/${ids.otherLive}/save`)).status).toBe(204);
    const list = await saved(ada);
    expect(list.interested.map((s) => [s.job.id, s.interestedAt])).toEqual([[ids.otherLive, first.toISOString()]]);
    expect(list.saved.map((s) => s.job.id)).toEqual([ids.otherLive]);
    expect(await flags(ada)).toMatchObject({ savedJobIds: [ids.otherLive], interestedJobIds: [ids.otherLive] });

    for (let i = 0; i < 2; i++) expect((await mark(ada, `jobs/${ids.otherLive}/uninterested`)).status).toBe(204);
    expect(await row(ada, ids.otherLive)).toMatchObject({ saved: true, interestedAt: null });
    expect((await flags(ada)).interestedJobIds).toEqual([]);
    expect((await saved(ada)).interested).toEqual([]);
    expect((await mark(ada, `jobs/${ids.otherLive}/unsave`)).status).toBe(204);
    expect(await row(ada, ids.otherLive)).toBeNull();
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    for (const path of ['save', 'unsave', 'interested', 'uninterested']) {
      const res = await mark(ada, `jobs/2147483000/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('E_NOT_FOUND');
      expect((await mark(ada, `jobs/abc/${path}`)).status, path).toBe(400);
    }
  });

  it('refuses to mark a job the public cannot see (404), and an expired one (409)', async () => {
    for (const id of [ids.paused, ids.draft, ids.hiddenCompanyJob]) {
      for (const path of ['save', 'interested', 'unsave', 'uninterested']) {
        // Never marked and not visible: unknown to the user, whatever the call.
        expect((await mark(ada, `jobs/${id}/${path}`)).status, `${path} ${id}`).toBe(404);
      }
    }
    for (const path of ['save', 'interested']) {
      const res = await mark(ada, `jobs/${ids.expired}/${path}`);
      expect(res.status, path).toBe(409);
      expect(res.body).toMatchObject({ code: 'E_CONFLICT', message: TALENT_MESSAGES.expired });
    }
    // Clearing a mark that was never set on an expired job changes nothing.
    expect((await mark(ada, `jobs/${ids.expired}/unsave`)).status).toBe(204);
    expect(await flags(ada)).toMatchObject({ savedJobIds: [], interestedJobIds: [] });
  });

  it('keeps a marked job that stops being public in the lists, with its live status and no text, and unmarking it works', async () => {
    const [job] = await t.db
      .insert(jobs)
      .values({ companyId: (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, keys.live)))[0]!.id, title: 'Soon gone', status: 'ACTIVE', approvedAt: new Date(Date.now() - DAY), expirationDate: new Date(Date.now() + DAY), description: '<p>Secret next version</p>' })
      .returning({ id: jobs.id });
    const id = job!.id;
    expect((await mark(ada, `jobs/${id}/save`)).status).toBe(204);
    expect((await mark(ada, `jobs/${id}/interested`)).status).toBe(204);

    // Paused by its team: listed as STOPPED, without its text.
    await t.db.update(jobs).set({ status: 'STOPPED' }).where(eq(jobs.id, id));
    let entry = (await saved(ada)).saved.find((s) => s.job.id === id)!;
    expect(entry.job).toMatchObject({ status: 'STOPPED', description: '', perks: [], screeningQuestions: [] });
    // Saving again is a no-op on a job already saved, even now.
    expect((await mark(ada, `jobs/${id}/save`)).status).toBe(204);

    // Run out (ACTIVE past its expiry, before the task caught up): listed as EXPIRED.
    await t.db.update(jobs).set({ status: 'ACTIVE', expirationDate: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    entry = (await saved(ada)).interested.find((s) => s.job.id === id)!;
    expect(entry.job.status).toBe('EXPIRED');

    expect((await mark(ada, `jobs/${id}/unsave`)).status).toBe(204);
    expect((await mark(ada, `jobs/${id}/uninterested`)).status).toBe(204);
    expect(await row(ada, id)).toBeNull();
    const list = await saved(ada);
    expect([...list.saved, ...list.interested].some((s) => s.job.id === id)).toBe(false);
  });

  it('follows and unfollows a public startup (idempotent), listing it with its open jobs', async () => {
    for (let i = 0; i < 2; i++) expect((await mark(ada, `companies/${keys.live}/follow`)).status).toBe(204);
    expect((await flags(ada)).followedCompanyKeys).toEqual([keys.live]);
    const list = await followed(ada);
    expect(list.companies.map((f) => f.company.key)).toEqual([keys.live]);
    // Live job, Other live job (and the test above's job, now expired, does not count).
    expect(list.companies[0]!.openJobs).toBe(2);
    expect(list.companies[0]!.company.numberOfActiveJobs).toBe(2);

    for (let i = 0; i < 2; i++) expect((await mark(ada, `companies/${keys.live}/unfollow`)).status).toBe(204);
    expect((await flags(ada)).followedCompanyKeys).toEqual([]);
    expect((await followed(ada)).companies).toEqual([]);
  });

  it('answers 404 for an unknown or non-public startup, 400 for a malformed key', async () => {
    for (const key of ['no-such-startup-here', keys.draft, keys.sister]) {
      for (const path of ['follow', 'unfollow']) {
        const res = await mark(ada, `companies/${key}/${path}`);
        expect(res.status, `${path} ${key}`).toBe(404);
        expect(res.body.code).toBe('E_NOT_FOUND');
      }
    }
    expect((await mark(ada, 'companies/Not%20A%20Key!/follow')).status).toBe(400);
  });

  it('lets a user unfollow a startup that stopped being public, and leaves it out of the list', async () => {
    const key = `marks-fading-${backend}`;
    const [fading] = await t.db.insert(companies).values({ key, name: 'Fading', status: 'ACTIVE' }).returning({ id: companies.id });
    expect((await mark(ada, `companies/${key}/follow`)).status).toBe(204);
    await t.db.update(companies).set({ status: 'INACTIVE' }).where(eq(companies.id, fading!.id));
    expect((await followed(ada)).companies.map((f) => f.company.key)).not.toContain(key);
    expect((await flags(ada)).followedCompanyKeys).toContain(key);
    expect((await mark(ada, `companies/${key}/follow`)).status).toBe(204);
    expect((await mark(ada, `companies/${key}/unfollow`)).status).toBe(204);
    expect((await flags(ada)).followedCompanyKeys).not.toContain(key);
    // Now it is unknown to Ada again.
    expect((await mark(ada, `companies/${key}/unfollow`)).status).toBe(404);
  });

  it('keeps each user to their own marks', async () => {
    expect((await mark(ada, `jobs/${ids.live}/save`)).status).toBe(204);
    expect((await mark(ada, `jobs/${ids.otherLive}/interested`)).status).toBe(204);
    expect((await mark(ada, `companies/${keys.live}/follow`)).status).toBe(204);
    expect(await flags(bo)).toEqual({ savedJobIds: [], interestedJobIds: [], followedCompanyKeys: [], applied: {} });
    expect(await saved(bo)).toEqual({ saved: [], interested: [] });
    expect(await followed(bo)).toEqual({ companies: [] });

    // Bo's unsave and unfollow touch only Bo's marks.
    expect((await mark(bo, `jobs/${ids.live}/unsave`)).status).toBe(204);
    expect((await mark(bo, `jobs/${ids.otherLive}/uninterested`)).status).toBe(204);
    expect((await mark(bo, `companies/${keys.live}/unfollow`)).status).toBe(204);
    expect(await flags(ada)).toMatchObject({ savedJobIds: [ids.live], interestedJobIds: [ids.otherLive], followedCompanyKeys: [keys.live] });

    // Bo's own save shows only to Bo.
    expect((await mark(bo, `jobs/${ids.otherLive}/save`)).status).toBe(204);
    expect((await flags(bo)).savedJobIds).toEqual([ids.otherLive]);
    expect((await flags(ada)).savedJobIds).toEqual([ids.live]);
  });

  it('reads the demo candidate through a real session: flags with applications, lists in order', async () => {
    const cookie = await t.signIn('talent@nordlys.test');
    const res = await t.get('/api/applicant/flags', { cookie });
    expect(res.status).toBe(200);
    const demo = v.parse(ViewerFlagsSchema, res.body);
    // The seed (server/src/seed/activity.ts): three saved jobs, three interesting ones, two follows, and applications.
    expect(demo.savedJobIds.length).toBeGreaterThanOrEqual(3);
    expect(demo.interestedJobIds.length).toBeGreaterThanOrEqual(3);
    expect(demo.followedCompanyKeys).toContain('northwind-labs');
    expect(Object.keys(demo.applied).length).toBeGreaterThanOrEqual(1);
    const lists = v.parse(SavedJobListSchema, (await t.get('/api/applicant/saved', { cookie })).body);
    expect(lists.saved.map((s) => s.job.id).sort()).toEqual([...demo.savedJobIds].sort());
    const times = lists.interested.map((s) => Date.parse(s.interestedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const follows = v.parse(FollowedCompanyListSchema, (await t.get('/api/applicant/followed', { cookie })).body);
    expect(follows.companies.map((f) => f.company.key)).toContain('northwind-labs');
  });
});
