import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanyListSchema, CompanySchema, JobArraySchema, WhiteLabelFeedSchema } from '@nordlys/sdk/schemas';
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
