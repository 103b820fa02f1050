import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { postedAt } from '@nordlys/sdk/dates';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { CompanyListSchema, CompanySchema, JobArraySchema, JobBriefArraySchema, WhiteLabelFeedSchema } from '@nordlys/sdk/schemas';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('company routes on %s', (backend) => {
  const t = useTestApp(backend);

  it('lists active startups with paging, search and a country filter', async () => {
    const res = await t.get('/api/companiesProper');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    const list = v.parse(CompanyListSchema, res.body);
    expect(list.total).toBeGreaterThanOrEqual(150);
    expect(list.companies).toHaveLength(24);
    expect(list.companies.some((c) => c.key === 'draft-startup')).toBe(false);

    const found = v.parse(CompanyListSchema, (await t.get('/api/companiesProper?search=northwind')).body);
    expect(found.companies.map((c) => c.key)).toContain('northwind-labs');

    const se = v.parse(CompanyListSchema, (await t.get('/api/companiesProper?countryCode=se&pageSize=100')).body);
    expect(se.total).toBeGreaterThan(0);
    expect(se.companies.every((c) => c.countries.some((x) => x.countryCode === 'SE'))).toBe(true);

    // LIKE wildcards in the text are literal: '%' or '_' alone match no startup name.
    for (const wildcard of ['%25', '_']) {
      expect(v.parse(CompanyListSchema, (await t.get(`/api/companiesProper?search=${wildcard}`)).body).total).toBe(0);
    }

    const page2 = v.parse(CompanyListSchema, (await t.get('/api/companiesProper?page=2')).body);
    expect(page2.companies[0]!.key).not.toBe(list.companies[0]!.key);
    expect((await t.get('/api/companiesProper?page=0')).status).toBe(400);
  });

  it('answers Northwind Labs with its jobs, and 404 for drafts and unknown keys', async () => {
    const res = await t.get('/api/companies/northwind-labs');
    expect(res.status).toBe(200);
    const company = v.parse(CompanySchema, res.body);
    expect(company.name).toBe('Northwind Labs');
    expect(company.status).toBe('ACTIVE');
    expect(company.numberOfActiveJobs).toBeGreaterThanOrEqual(5);
    expect(company.investors.some((i) => i.key === 'fjord-ventures')).toBe(true);

    const jobs = v.parse(JobArraySchema, (await t.get('/api/companies/northwind-labs/jobs')).body).jobs;
    expect(jobs).toHaveLength(company.numberOfActiveJobs);
    expect(jobs.every((j) => j.company.key === 'northwind-labs' && j.status === 'ACTIVE')).toBe(true);

    expect((await t.get('/api/companies/draft-startup')).status).toBe(404);
    expect((await t.get('/api/companies/draft-startup/jobs')).status).toBe(404);
    expect((await t.get('/api/companies/no-such-startup')).status).toBe(404);
    const bad = await t.get('/api/companies/Not_A_Key');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.key).toBeDefined();
  });

  it("answers the widget's briefs: the same jobs in the same order, only what the widget shows, cacheable, and 404 where the jobs are", async () => {
    const { jobs } = v.parse(JobArraySchema, (await t.get('/api/companies/northwind-labs/jobs')).body);
    const res = await t.get('/api/companies/northwind-labs/job-briefs');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const briefs = v.parse(v.strictObject({ jobs: v.array(v.strictObject(JobBriefArraySchema.entries.jobs.item.entries)) }), res.body).jobs;
    expect(briefs.map((b) => b.id)).toEqual(jobs.map((j) => j.id));
    for (const [i, job] of jobs.entries()) {
      const { id, title, isRemote, positionType } = job;
      expect(briefs[i]).toEqual({ id, title, company: { key: 'northwind-labs', name: 'Northwind Labs' }, isRemote, locationName: locationDisplay(job), positionType, postedAt: postedAt(job) });
    }
    // A third of the bytes of the summaries or fewer: what the widget is for.
    expect(JSON.stringify(res.body).length * 3).toBeLessThan(JSON.stringify({ jobs }).length);

    // The widget's query: the server filters and limits, so a page receives only the jobs it shows.
    const ids = async (query: string) => v.parse(JobBriefArraySchema, (await t.get(`/api/companies/northwind-labs/job-briefs?${query}`)).body).jobs.map((b) => b.id);
    expect(await ids('limit=2')).toEqual(jobs.slice(0, 2).map((j) => j.id));
    const remote = jobs.filter((j) => j.isRemote);
    // The demo startup has remote jobs and others.
    expect(remote.length > 0 && remote.length < jobs.length).toBe(true);
    expect(await ids('isRemote=true')).toEqual(remote.map((j) => j.id));
    // Its jobs are in Denmark.
    expect(await ids('countryCode=dk')).toEqual(jobs.filter((j) => j.location?.country === 'DK').map((j) => j.id));
    expect(await ids('countryCode=SE')).toEqual([]);
    const category = jobs[0]!.categories[0]!;
    expect(await ids(`categories=${category}&isRemote=false&limit=3`)).toEqual(jobs.filter((j) => j.categories.includes(category) && !j.isRemote).slice(0, 3).map((j) => j.id));
    for (const bad of ['limit=0', 'limit=51', 'countryCode=DNK', 'categories=not-a-category', 'isRemote=maybe']) {
      const res = await t.get(`/api/companies/northwind-labs/job-briefs?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.errors), bad).toEqual([bad.split('=')[0]]);
    }

    expect((await t.get('/api/companies/draft-startup/job-briefs')).status).toBe(404);
    expect((await t.get('/api/companies/no-such-startup/job-briefs')).status).toBe(404);
    expect((await t.get('/api/companies/Not_A_Key/job-briefs')).status).toBe(400);
  });

  it('finds the career page of a host and the white-label feed of another (spec 2.5)', async () => {
    const careers = await t.get('/api/companies/domain/Careers.Northwind.test');
    expect(careers.status).toBe(200);
    expect(v.parse(CompanySchema, careers.body).key).toBe('northwind-labs');
    expect(careers.headers.get('access-control-allow-origin')).toBe('*');

    const feed = await t.get('/api/companies/white-label-feed-domain/jobs.nordic-partner.test');
    expect(feed.status).toBe(200);
    const parsed = v.parse(WhiteLabelFeedSchema, feed.body);
    // Its id names its surface (feed:{id}) on the apply links of its pages (issue #13).
    expect(parsed.id).toBeGreaterThan(0);
    expect(parsed.name).toBeTruthy();
    expect(parsed.description).toBeTruthy();
    expect(parsed.logoImage?.path).toBe('demo/nordic-partner-logo');
    expect(parsed.filters.countryCodes).toEqual(['DK']);

    expect((await t.get('/api/companies/domain/unknown.example')).status).toBe(404);
    expect((await t.get('/api/companies/white-label-feed-domain/careers.northwind.test')).status).toBe(404);
    const bad = await t.get('/api/companies/domain/not_a_host!');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.domain).toBeDefined();
  });
});
