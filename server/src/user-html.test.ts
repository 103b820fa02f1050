/** Issue 9, finding 5: user HTML passes the sdk policy on write (the seed) and again on the way out of the database (getJob). */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import { createApp } from './app';
import { readConfig } from './config';
import type { Db } from './db/client';
import { companies, jobs, locations } from './db/schema';
import { backends, openTestDatabase } from './testing/database';

const HOSTILE = [
  '<p>Still readable</p>',
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '<svg onload="window.__xss = 3"></svg>',
  '<a href="javascript:window.__xss = 4">Click</a>',
].join('');

describe.each(backends)('user HTML on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  let jobId: number;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({ db, config: { ...readConfig({ PUBLIC_URL: 'http://localhost' }), isProduction: true, mainHosts: ['localhost'] }, hostPages });
    // An open Danish Northwind Labs job: on the site, its careers host and the Danish white-label feed.
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .where(sql`${companies.key} = 'northwind-labs' and ${jobs.status} = 'ACTIVE' and ${locations.countryCode} = 'DK'`)
      .limit(1);
    jobId = row!.id;
  });
  afterAll(() => close());

  it('the seed wrote every description through the policy', async () => {
    const rows = await db.select({ description: jobs.description }).from(jobs).limit(300);
    expect(rows.length).toBeGreaterThan(100);
    for (const { description } of rows) expect(sanitizeUserHtml(description)).toBe(description);
  });

  it('a description stored raw leaves through the policy: /api, the careers host and the white-label host', async () => {
    await db.update(jobs).set({ description: HOSTILE }).where(eq(jobs.id, jobId));
    const api = await app.request(`http://localhost/api/jobs/single/${jobId}`);
    expect(api.status).toBe(200);
    const { description } = (await api.json()) as { description: string };
    expect(description).toBe('<p>Still readable</p><a rel="nofollow noopener">Click</a>');
    for (const host of ['careers.northwind.test', 'jobs.nordic-partner.test']) {
      const res = await app.request(`http://${host}/jobs/${jobId}`, { headers: { Host: host } });
      expect(res.status, host).toBe(200);
      const html = await res.text();
      expect(html, host).toContain('Still readable');
      expect(html, host).not.toMatch(/__xss|onerror|onload|javascript:/);
    }
  });
});
