import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { postedAt } from '@nordlys/sdk/dates';
import { JobListSchema, JobSchema, JobsAndFeaturedSchema, JobArraySchema, type JobList } from '@nordlys/sdk/schemas';
import { companies, jobs } from '../db/schema';
import { POSTED_AT, searchJobs } from '../queries/jobs';
import { jobIsPublic } from '../queries/visibility';
import { asViewer, useTestApp } from '../testing/app';
import { backends, seedNow } from '../testing/database';

describe.each(backends)('job routes on %s', (backend) => {
  const t = useTestApp(backend);

  async function search(query: string) {
    const res = await t.get<JobList>(`/api/v2/jobs${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return v.parse(JobListSchema, res.body);
  }

  it("searches a feed's several countries, remote jobs too with includeRemote, and only its startups", async () => {
    const both = await search('?countryCodes=dk,SE&pageSize=50');
    expect(both.jobs.every((j) => ['DK', 'SE'].includes(j.location?.country ?? ''))).toBe(true);
    const dk = await search('?countryCode=DK&pageSize=1');
    const se = await search('?countryCode=SE&pageSize=1');
    expect(both.total).toBe(dk.total + se.total);

    const withRemote = await search('?countryCodes=DK,SE&includeRemote=true&pageSize=50');
    const remote = await search('?isRemote=true&pageSize=1');
    expect(withRemote.total).toBeGreaterThan(both.total);
    expect(withRemote.total).toBeLessThanOrEqual(both.total + remote.total);
    expect(withRemote.jobs.every((j) => j.isRemote || ['DK', 'SE'].includes(j.location?.country ?? ''))).toBe(true);

    const northwind = await search('?companyKeys=northwind-labs,draft-startup&pageSize=50');
    expect(northwind.total).toBeGreaterThan(0);
    expect(new Set(northwind.jobs.map((j) => j.company.key))).toEqual(new Set(['northwind-labs']));

    for (const bad of ['?countryCodes=DKK', '?companyKeys=Bad_Key']) {
      const res = await t.get(`/api/v2/jobs${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('E_VALIDATION');
    }
  });

  it('lists a page of active jobs with the total and public caching headers', async () => {
    const res = await t.get('/api/v2/jobs');
    expect(res.status).toBe(200);
    const list = v.parse(JobListSchema, res.body);
    expect(list.jobs).toHaveLength(20);
    expect(list.total).toBeGreaterThan(500);
    expect(list.pages).toBe(Math.ceil(list.total / 20));
    expect(list.jobs.every((j) => j.status === 'ACTIVE' && j.approvedAt !== null)).toBe(true);
    expect(res.headers.get('cache-control')).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.request('/api/v2/jobs', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('lets any site read public answers, errors included, but never with credentials', async () => {
    for (const path of ['/api/v2/jobs', '/api/v2/featuredjobs', '/api/jobs/single/99999999', '/api/v2/jobs?page=0']) {
      const res = await t.request(path, { headers: { Origin: 'https://startup.example' } });
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    const [draft] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'DRAFT')).limit(1);
    const hidden = await t.request(`/api/jobs/single/${draft!.id}/hidden`, { headers: { Origin: 'https://startup.example' } });
    expect(hidden.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers only remote jobs for countryCode=REMOTE, the same as isRemote=true', async () => {
    const remote = await search('?countryCode=REMOTE&pageSize=50');
    expect(remote.total).toBeGreaterThan(0);
    expect(remote.jobs.every((j) => j.isRemote)).toBe(true);
    const flag = await search('?isRemote=true&pageSize=50');
    expect(flag.total).toBe(remote.total);
    const all = await search('');
    expect(remote.total).toBeLessThan(all.total);
  });

  it('filters by country, city, categories and position types', async () => {
    const dk = await search('?countryCode=dk&pageSize=50');
    expect(dk.total).toBeGreaterThan(0);
    expect(dk.jobs.every((j) => j.location?.country === 'DK')).toBe(true);

    const cph = await search('?countryCode=DK&city=copenhagen');
    expect(cph.total).toBeGreaterThan(0);
    expect(cph.total).toBeLessThan(dk.total);
    expect(cph.jobs.every((j) => j.location?.locality === 'Copenhagen')).toBe(true);

    const cats = await search('?categories=backend,frontend&pageSize=50');
    expect(cats.total).toBeGreaterThan(0);
    expect(cats.jobs.every((j) => j.categories.some((c) => c === 'backend' || c === 'frontend'))).toBe(true);
    const repeated = await search('?categories=backend&categories=frontend');
    expect(repeated.total).toBe(cats.total);

    const interns = await search('?positionTypes=INTERNSHIP&pageSize=50');
    expect(interns.total).toBeGreaterThan(0);
    expect(interns.jobs.every((j) => j.positionType === 'INTERNSHIP')).toBe(true);
  });

  it('finds jobs by words, by word prefixes and despite a typo, best match first', async () => {
    const exact = await search('?search=engineer');
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.fuzzy).toBe(false);
    expect(exact.jobs[0]!.title.toLowerCase()).toContain('engineer');
    // Title matches rank above jobs that only mention the word in their description.
    const titles = exact.jobs.map((j) => /\bengineer/i.test(j.title));
    expect(titles).toEqual([...titles].sort((a, b) => Number(b) - Number(a)));

    const prefix = await search('?search=engin');
    expect(prefix.total).toBeGreaterThanOrEqual(exact.total);

    const typo = await search('?search=enginer');
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.fuzzy).toBe(true);
    expect(typo.jobs[0]!.title.toLowerCase()).toContain('engineer');

    const none = await search('?search=xyzzyqwv');
    expect(none.total).toBe(0);
    expect(none.jobs).toEqual([]);
  });

  it('pages through title matches first, then category matches, without gaps or repeats', async () => {
    const first = await search('?search=backend&pageSize=7');
    expect(first.totalExact).toBe(true);
    const seen: JobList['jobs'] = [];
    for (let page = 1; page <= first.pages; page++) seen.push(...(await search(`?search=backend&pageSize=7&page=${page}`)).jobs);
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((j) => j.id)).size).toBe(seen.length);
    const inTitle = seen.map((j) => /\bbackend/i.test(j.title));
    expect(inTitle).toContain(true);
    expect(inTitle).toContain(false); // backend-category jobs whose title says otherwise
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    expect(seen.filter((j) => !/\bbackend/i.test(j.title)).every((j) => j.categories.includes('backend'))).toBe(true);
  });

  it("finds a startup's jobs by its name, and falls back to descriptions when nothing else matches", async () => {
    const byName = await search('?search=northwind&pageSize=50');
    expect(byName.total).toBeGreaterThanOrEqual(5);
    expect(byName.jobs.every((j) => j.company.key === 'northwind-labs')).toBe(true);
    const nameAndTitle = await search(`?search=${encodeURIComponent(`northwind ${byName.jobs[0]!.title.split(' ')[0]}`)}`);
    expect(nameAndTitle.jobs.map((j) => j.id)).toContain(byName.jobs[0]!.id);

    // 'independently' appears in descriptions only, never in a title, startup name or category.
    const described = await search('?search=independently&pageSize=5');
    expect(described.total).toBeGreaterThan(0);
    expect(described.fuzzy).toBe(false);
    const [job] = described.jobs;
    const whole = v.parse(JobSchema, (await t.get(`/api/jobs/single/${job!.id}`)).body);
    expect(whole.description).toContain('independently');
    expect(whole.title.toLowerCase()).not.toContain('independently');
  });

  it('follows a renamed startup in search', async () => {
    await t.db.update(companies).set({ name: 'Polarlys Robotics' }).where(eq(companies.key, 'northwind-labs'));
    const renamed = await search('?search=polarlys');
    expect(renamed.total).toBeGreaterThanOrEqual(5);
    expect(renamed.jobs.every((j) => j.company.key === 'northwind-labs' && j.company.name === 'Polarlys Robotics')).toBe(true);
    await t.db.update(companies).set({ name: 'Northwind Labs' }).where(eq(companies.key, 'northwind-labs'));
    expect((await search('?search=polarlys')).fuzzy).toBe(true);
  });

  it('counts exactly up to the cap, then says the total is a lower bound', async () => {
    const all = await searchJobs(t.db, { pageSize: 20 });
    expect(all.totalExact).toBe(true);
    const capped = await searchJobs(t.db, { pageSize: 20 }, { countCap: 100 });
    expect(capped).toMatchObject({ total: 100, totalExact: false, pages: 5 });
    expect(capped.jobs.map((j) => j.id)).toEqual(all.jobs.map((j) => j.id));
    const exactAtCap = await searchJobs(t.db, {}, { countCap: all.total });
    expect(exactAtCap).toMatchObject({ total: all.total, totalExact: true });
  });

  it('sorts newest or oldest first and pages without overlap', async () => {
    const newest = await search('?sort=newest');
    // By the date each job shows (sdk postedAt), not by when it was created.
    const dates = newest.jobs.map((j) => Date.parse(postedAt(j)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const oldest = await search('?sort=oldest');
    const old = oldest.jobs.map((j) => Date.parse(postedAt(j)));
    expect(old).toEqual([...old].sort((a, b) => a - b));

    const page2 = await search('?page=2');
    expect(page2.page).toBe(2);
    const ids1 = new Set(newest.jobs.map((j) => j.id));
    expect(page2.jobs.some((j) => ids1.has(j.id))).toBe(false);
    const beyond = await search(`?page=${newest.pages + 1}`);
    expect(beyond.jobs).toEqual([]);
    expect(beyond.total).toBe(newest.total);
  });

  it.each([
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=500', 'pageSize'],
    ['?categories=astronaut', 'categories'],
    ['?countryCode=DENMARK', 'countryCode'],
    ['?sort=random', 'sort'],
    ['?isRemote=maybe', 'isRemote'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.get(`/api/v2/jobs${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_VALIDATION');
    expect(res.body.errors[field]?.length).toBeGreaterThan(0);
    expect(res.body.message).toContain(field);
  });

  it('answers the latest 3, the featured (boosted) jobs, and both with a search', async () => {
    const latest = v.parse(JobArraySchema, (await t.get('/api/v2/jobs/latest/3')).body);
    expect(latest.jobs).toHaveLength(3);
    const newest = await search('?sort=newest&pageSize=3');
    expect(latest.jobs.map((j) => j.id)).toEqual(newest.jobs.map((j) => j.id));

    const featured = v.parse(JobArraySchema, (await t.get('/api/v2/featuredjobs')).body);
    expect(featured.jobs.length).toBeGreaterThan(0);
    const now = Date.now();
    expect(featured.jobs.every((j) => j.boostingExpiresAt && Date.parse(j.boostingExpiresAt) > now)).toBe(true);
    // Soonest-ending first; with more Boosts than places, those with the most time left (just paid for) win.
    const ends = featured.jobs.map((j) => Date.parse(j.boostingExpiresAt!));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    const boosted = await t.db
      .select({ until: jobs.boostingExpiresAt })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.status, 'ACTIVE'), eq(companies.status, 'ACTIVE'), gt(jobs.boostingExpiresAt, new Date()), gt(jobs.expirationDate, new Date())));
    expect(boosted.length).toBeGreaterThan(featured.jobs.length);
    expect(Math.max(...ends)).toBe(Math.max(...boosted.map((b) => b.until!.getTime())));

    const both = v.parse(JobsAndFeaturedSchema, (await t.get('/api/v2/jobsandfeatured?countryCode=REMOTE')).body);
    expect(both.jobs.jobs.every((j) => j.isRemote)).toBe(true);
    expect(both.featuredJobs.map((j) => j.id)).toEqual(featured.jobs.map((j) => j.id));
  });

  it('answers a public job whole, and 404 for unknown or unpublished ones', async () => {
    const [first] = (await search('?countryCode=DK')).jobs;
    const res = await t.get(`/api/jobs/single/${first!.id}`);
    expect(res.status).toBe(200);
    const job = v.parse(JobSchema, res.body);
    expect(job.title).toBe(first!.title);
    expect(job.description.length).toBeGreaterThan(100);
    expect(job.company.numberOfActiveJobs).toBeGreaterThan(0);

    expect((await t.get('/api/jobs/single/99999999')).status).toBe(404);
    const bad = await t.get('/api/jobs/single/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeDefined();

    const [draft] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'DRAFT')).limit(1);
    const hidden = await t.get(`/api/jobs/single/${draft!.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Job was not found');
  });

  it('shows a hidden job only to its company members and admins', async () => {
    const [draft] = await t.db
      .select({ id: jobs.id, companyId: jobs.companyId })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.status, 'DRAFT'), eq(companies.status, 'ACTIVE')))
      .limit(1);
    const path = `/api/jobs/single/${draft!.id}/hidden`;
    const stranger = { userId: 1, isAdmin: false, companyIds: [draft!.companyId + 100_000], investorIds: [] };
    const member = { ...stranger, companyIds: [draft!.companyId] };
    const admin = { ...stranger, isAdmin: true };

    expect((await t.get(path)).status).toBe(404);
    expect((await t.get(path, asViewer(stranger))).status).toBe(404);
    const seen = await t.get(path, asViewer(member));
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('DRAFT');
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect((await t.get(path, asViewer(admin))).status).toBe(200);
  });

  it('shows a hidden job to its members and admins signed in with a session too', async () => {
    const [northwind] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    const [job] = await t.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE'))).limit(1);
    await t.db.update(jobs).set({ status: 'STOPPED' }).where(eq(jobs.id, job!.id));
    try {
      const path = `/api/jobs/single/${job!.id}/hidden`;
      const founder = await t.get(path, { cookie: await t.signIn('founder@nordlys.test') });
      expect(founder.status).toBe(200);
      expect(founder.body.status).toBe('STOPPED');
      expect((await t.get(path, { cookie: await t.signIn('admin@nordlys.test') })).status).toBe(200);
      expect((await t.get(path, { cookie: await t.signIn('talent@nordlys.test') })).status).toBe(404);
      expect((await t.get(path)).status).toBe(404);
    } finally {
      await t.db.update(jobs).set({ status: 'ACTIVE' }).where(eq(jobs.id, job!.id));
    }
  });

  it('answers related jobs: public, never the job itself, sharing a category or the company', async () => {
    const [first] = (await search('?categories=backend')).jobs;
    const res = await t.get(`/api/v2/jobs/${first!.id}/related`);
    const related = v.parse(JobArraySchema, res.body).jobs;
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.some((j) => j.id === first!.id)).toBe(false);
    expect(
      related.every((j) => j.company.id === first!.company.id || j.categories.some((c) => first!.categories.includes(c))),
    ).toBe(true);
    const [draft] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'DRAFT')).limit(1);
    expect((await t.get(`/api/v2/jobs/${draft!.id}/related`)).status).toBe(404);
  });

  it("fills related jobs with other startups' jobs sharing a category when the startup has no other, each time (a prepared statement)", async () => {
    const [company] = await t.db.insert(companies).values({ key: `related-${backend}`, name: 'Related Solo', status: 'ACTIVE' }).returning({ id: companies.id });
    const [job] = await t.db
      .insert(jobs)
      .values({ companyId: company!.id, title: 'Solo backend engineer', description: '<p>Alone here.</p>', status: 'ACTIVE', categories: ['backend'], approvedAt: new Date(Date.now() - 86_400_000), expirationDate: new Date(Date.now() + 30 * 86_400_000) })
      .returning({ id: jobs.id });
    // More than five runs: PostgreSQL may switch a prepared statement to its generic plan after five.
    for (let i = 0; i < 7; i++) {
      const related = v.parse(JobArraySchema, (await t.get(`/api/v2/jobs/${job!.id}/related`)).body).jobs;
      expect(related).toHaveLength(4);
      for (const other of related) {
        expect(other.company.id).not.toBe(company!.id);
        expect(other.categories).toContain('backend');
      }
    }
  });

  it("puts the startup's own jobs first, newest first, then other startups' newest sharing a category, four in all", async () => {
    const [company] = await t.db.insert(companies).values({ key: `related-own-${backend}`, name: 'Related Own', status: 'ACTIVE' }).returning({ id: companies.id });
    const day = 86_400_000;
    const open = { description: '<p>Here.</p>', status: 'ACTIVE' as const, expirationDate: new Date(Date.now() + 30 * day) };
    // The job itself, two of its startup's (the older posted first), and one of its startup's in another category.
    const made = await t.db
      .insert(jobs)
      .values([
        { ...open, companyId: company!.id, title: 'Own page job', categories: ['backend'], approvedAt: new Date(Date.now() - 5 * day) },
        { ...open, companyId: company!.id, title: 'Own older job', categories: ['backend'], approvedAt: new Date(Date.now() - 4 * day) },
        { ...open, companyId: company!.id, title: 'Own newer job', categories: ['design'], approvedAt: new Date(Date.now() - 2 * day) },
      ])
      .returning({ id: jobs.id });
    const [page, older, newer] = made.map((m) => m.id);
    const others = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(jobIsPublic(new Date()), ne(jobs.companyId, company!.id), sql`${jobs.categories} && array['backend']`))
      .orderBy(desc(POSTED_AT), desc(jobs.id))
      .limit(2);
    for (let i = 0; i < 7; i++) {
      const related = v.parse(JobArraySchema, (await t.get(`/api/v2/jobs/${page}/related`)).body).jobs;
      expect(related.map((j) => j.id)).toEqual([newer, older, ...others.map((o) => o.id)]);
    }
  });

  it('answers 410 Gone for an expired job of a live startup, and still offers its related jobs (issue #12)', async () => {
    const [expired] = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.status, 'EXPIRED'), eq(companies.status, 'ACTIVE')))
      .limit(1);
    const gone = await t.get(`/api/jobs/single/${expired!.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 'E_GONE', message: 'This job has expired' });
    const related = await t.get(`/api/v2/jobs/${expired!.id}/related`);
    expect(related.status).toBe(200);
    expect(v.parse(JobArraySchema, related.body).jobs.length).toBeGreaterThan(0);
    // A job that never went live stays a 404: nothing tells a stranger it exists.
    const [draft] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'DRAFT')).limit(1);
    expect((await t.get(`/api/jobs/single/${draft!.id}`)).status).toBe(404);
  });

  it('never lists jobs past their expiration date', async () => {
    const now = seedNow();
    const all = await search('?pageSize=50&sort=oldest');
    expect(all.jobs.every((j) => j.expirationDate === null || Date.parse(j.expirationDate) > now.getTime())).toBe(true);
  });
});
