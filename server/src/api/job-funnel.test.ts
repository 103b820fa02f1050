/**
 * Issue #14: the job dashboard's funnel per surface, the job alert e-mails included. A candidate who
 * follows a digest mail's link to a job is counted on 'digest' at each step: the page view, the apply
 * click on that page and the application sent from it; the startup's figures then show the digest
 * beside the site, the widget, the career page and each white-label feed, views → apply clicks →
 * applications, on both databases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { JobStatsSchema } from '@nordlys/sdk/schemas';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Db } from '../db/client';
import { users, whiteLabelFeeds } from '../db/schema';
import { fileForm, pdf } from '../files/fixtures';
import type { Viewer } from '../http/viewer';
import { digestLinks } from '../mail/digest-links';
import { asViewer, freshIp } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { verifiedCareersDomain, verifiedFeedDomain } from '../testing/domains';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PUBLIC_URL = 'http://localhost';

describe.each(backends)('the funnel per surface on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-funnel-'));
  const recordings: Promise<boolean>[] = [];
  const config = { ...readConfig({ PUBLIC_URL }), isProduction: false, trustProxy: true, mainHosts: ['localhost'], productName: 'Nordlys' };
  let startup: Awaited<ReturnType<typeof insertStartup>>;
  let feedId: number;
  let serial = 0;
  const careersHost = `careers.funnel-${backend}.test`;
  const feedHost = `jobs.funnel-${backend}.test`;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config,
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
      onJobView: (recording) => recordings.push(recording),
      resolveViewer: (c) => {
        const header = c.req.header('x-test-viewer');
        return header ? (JSON.parse(header) as Viewer) : null;
      },
    });
    startup = await insertStartup(db, `funnel-${backend}`, 'ACTIVE', verifiedCareersDomain(careersHost));
    const [feed] = await db
      .insert(whiteLabelFeeds)
      .values({ companyId: startup.id, ...verifiedFeedDomain(feedHost), name: 'Partner Jobs', filters: { companyKeys: [startup.key] } })
      .returning({ id: whiteLabelFeeds.id });
    feedId = feed!.id;
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  /** One candidate on one surface: a visit of `page` from their own address, an apply click, and an application with a CV. */
  async function candidate(jobId: number, surface: string, page: string, { applies = true }: { applies?: boolean } = {}) {
    const ip = freshIp();
    const visit = await app.request(page, { headers: { Host: new URL(page).host, 'User-Agent': CHROME, 'X-Forwarded-For': ip } });
    expect(visit.status, page).toBe(200);
    await visit.text();
    await Promise.all(recordings.splice(0));
    const click = await app.request(`/api/jobs/${jobId}/apply-click`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': CHROME, 'X-Forwarded-For': ip }, body: JSON.stringify({ surface }) });
    expect(click.status, `apply click on ${surface}`).toBe(204);
    if (!applies) return;
    const [user] = await db.insert(users).values({ email: `funnel-${backend}-${++serial}@example.test`, firstName: 'Ada', lastName: 'Lovelace' }).returning({ id: users.id });
    const viewer = asViewer({ userId: user!.id, isAdmin: false, companyIds: [], investorIds: [] }) as Record<string, string>;
    const upload = await app.request('/api/upload/cv', { method: 'POST', body: fileForm(pdf('CV'), 'cv.pdf'), headers: viewer });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { path } = (await upload.json()) as { path: string };
    const applied = await app.request(`/api/jobs/${jobId}/apply`, { method: 'POST', headers: { ...viewer, 'Content-Type': 'application/json' }, body: JSON.stringify({ cvPath: path, surface }) });
    expect(applied.status, await applied.clone().text()).toBe(201);
  }

  it("counts a digest mail's link on 'digest' at every step, and charts it beside the other surfaces", async () => {
    const jobId = await insertJob(db, startup.id, 'ACTIVE', 'future', { title: 'Funnel engineer', applyMethod: 'nordlys' });
    // The link exactly as a digest mail carries it (mail/digest-links.ts).
    const link = new URL(digestLinks(config, { id: 1, settingsKey: 'funnel' }).job(jobId));
    expect(link.searchParams.get('surface')).toBe('digest');

    await candidate(jobId, 'digest', link.href);
    await candidate(jobId, 'digest', link.href, { applies: false });
    await candidate(jobId, 'site', `${PUBLIC_URL}/jobs/${jobId}`);
    await candidate(jobId, 'widget', `${PUBLIC_URL}/jobs/${jobId}?ref=widget`, { applies: false });
    await candidate(jobId, 'careers', `http://${careersHost}/jobs/${jobId}`, { applies: false });
    await candidate(jobId, `feed:${feedId}`, `http://${feedHost}/jobs/${jobId}`);

    const res = await app.request(`/api/companies/${startup.key}/jobs/${jobId}/stats`, { headers: asViewer(startup.member) });
    expect(res.status).toBe(200);
    const stats = v.parse(JobStatsSchema, await res.json());
    const sums = stats.surfaces.map((s) => ({
      surface: s.surface,
      label: s.label,
      views: s.views.reduce((a, b) => a + b, 0),
      applyClicks: s.applyClicks.reduce((a, b) => a + b, 0),
      applications: s.applications.reduce((a, b) => a + b, 0),
    }));
    // The fixed surfaces in their order (the digest after the career page), then the feeds by id.
    expect(sums).toEqual([
      { surface: 'site', label: 'Nordlys', views: 1, applyClicks: 1, applications: 1 },
      { surface: 'widget', label: 'Widget', views: 1, applyClicks: 1, applications: 0 },
      { surface: 'careers', label: 'Career page', views: 1, applyClicks: 1, applications: 0 },
      { surface: 'digest', label: 'Job alert e-mails', views: 2, applyClicks: 2, applications: 1 },
      { surface: `feed:${feedId}`, label: 'Partner Jobs', views: 1, applyClicks: 1, applications: 1 },
    ]);
    expect(stats.totals).toEqual({ views: 6, applyClicks: 6, applications: 3 });
  });
});
