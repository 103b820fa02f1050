import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { createApp } from './app';
import { readConfig } from './config';
import type { Db } from './db/client';
import { companyJobs } from './queries/jobs';
import { getCompany } from './queries/companies';
import { backends, openTestDatabase } from './testing/database';

describe.each(backends)('the job-list widget page and the indexable snippet (#5) on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({ db, config: { ...readConfig({ PUBLIC_URL: 'http://localhost' }), isProduction: true, mainHosts: ['localhost'] }, hostPages });
  });
  afterAll(() => close());

  const northwindJobs = async () => companyJobs(db, { id: (await getCompany(db, 'northwind-labs'))!.id });

  it('/startups/joblistwidget/{key} lists the startup’s jobs as links to the main site, framable and cacheable', async () => {
    const res = await app.request('http://localhost/startups/joblistwidget/northwind-labs?theme=dark');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(html).toContain('Northwind Labs');
    const jobs = await northwindJobs();
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(html).toContain(`http://localhost/jobs/${job.id}`);
  });

  it('sends unknown, draft and malformed keys on to the 404 (no widget page)', async () => {
    for (const key of ['no-such-startup', 'draft-startup', 'polaris-impact', 'Bad_Key']) {
      const res = await app.request(`http://localhost/startups/joblistwidget/${key}`);
      expect(res.status, key).toBe(404);
    }
  });

  it('GET /api/companies/{key}/embed-snippet answers the plain links plus the widget script, publicly cached', async () => {
    const res = await app.request('http://localhost/api/companies/northwind-labs/embed-snippet');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { html } = (await res.json()) as { html: string };
    expect(html).toMatch(/data-nordlys-jobs/);
    expect(html).toContain('data-company="northwind-labs"');
    expect(html).toMatch(/<script[^>]+src="http:\/\/localhost\/embed\/v1\/jobs\.js"/);
    for (const job of await northwindJobs()) expect(html).toContain(`href="http://localhost/jobs/${job.id}"`);
    expect((await app.request('http://localhost/api/companies/draft-startup/embed-snippet')).status).toBe(404);
  });
});
