/**
 * Issue #12: apply clicks (POST /api/jobs/{id}/apply-click), the job dashboard's figures
 * (GET /api/companies/{key}/jobs/{id}/stats) and recordApplication, on both databases.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATS_DAYS } from '@nordlys/sdk/constants';
import { JobStatsSchema } from '@nordlys/sdk/schemas';
import { companies, jobDailyStats, jobs, whiteLabelFeeds } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { lastDays, recordApplication, utcDay } from '../queries/job-stats';
import { asViewer, freshIp, useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { APPLY_CLICK_LIMIT } from './job-stats';
import { verifiedFeedDomain } from '../testing/domains';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

describe.each(backends)('job figures on %s', (backend) => {
  const t = useTestApp(backend, { config: { productName: 'Nordlys' } });
  let companyId: number;
  let otherCompanyId: number;
  let feedId: number;
  const key = `stats-${backend}`;
  const admin: Viewer = { userId: 1, isAdmin: true, companyIds: [], investorIds: [] };
  const member = (): Viewer => ({ userId: 2, isAdmin: false, companyIds: [companyId], investorIds: [] });
  const stranger = (): Viewer => ({ userId: 3, isAdmin: false, companyIds: [otherCompanyId], investorIds: [] });

  beforeAll(async () => {
    const rows = await t.db
      .insert(companies)
      .values([
        { key, name: 'Stats Startup', status: 'ACTIVE' },
        { key: `stats-other-${backend}`, name: 'Other Startup', status: 'ACTIVE' },
      ])
      .returning({ id: companies.id });
    companyId = rows[0]!.id;
    otherCompanyId = rows[1]!.id;
    const [feed] = await t.db.insert(whiteLabelFeeds).values({ companyId, ...verifiedFeedDomain(`stats-${backend}.feed.test`), name: 'Partner Jobs', filters: {} }).returning({ id: whiteLabelFeeds.id });
    feedId = feed!.id;
  });

  async function insertJob(status: 'ACTIVE' | 'DRAFT' | 'STOPPED' = 'ACTIVE', company = companyId): Promise<number> {
    const [row] = await t.db
      .insert(jobs)
      .values({ companyId: company, title: 'Figures job', status, approvedAt: status === 'DRAFT' ? null : new Date(Date.now() - DAY), expirationDate: new Date(Date.now() + 30 * DAY) })
      .returning({ id: jobs.id });
    return row!.id;
  }

  const click = (id: number | string, body: unknown, { ua = CHROME, ip = freshIp() }: { ua?: string; ip?: string } = {}) =>
    t.send(`/api/jobs/${id}/apply-click`, body, { headers: { 'User-Agent': ua, 'X-Forwarded-For': ip } });

  const clicksOf = async (id: number) =>
    Object.fromEntries(
      (await t.db.select({ surface: jobDailyStats.surface, n: jobDailyStats.applyClicks }).from(jobDailyStats).where(and(eq(jobDailyStats.jobId, id), eq(jobDailyStats.day, utcDay(new Date()))))).map((r) => [r.surface, r.n]),
    );

  describe('apply clicks', () => {
    it('counts each click on its surface (the site by default) and answers 204', async () => {
      const id = await insertJob();
      for (const body of [{ surface: 'site' }, {}, { surface: 'widget' }, { surface: 'careers' }, { surface: `feed:${feedId}` }]) {
        const res = await click(id, body);
        expect(res.status, JSON.stringify(res.body)).toBe(204);
      }
      // A beacon without a JSON body counts on the site too.
      const bare = await t.request(`/api/jobs/${id}/apply-click`, { method: 'POST', headers: { 'User-Agent': CHROME, 'X-Forwarded-For': freshIp() } });
      expect(bare.status).toBe(204);
      expect(await clicksOf(id)).toEqual({ site: 3, widget: 1, careers: 1, [`feed:${feedId}`]: 1 });
    });

    it('ignores bots (204, nothing counted)', async () => {
      const id = await insertJob();
      for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
        expect((await click(id, { surface: 'site' }, { ua })).status).toBe(204);
      }
      expect(await clicksOf(id)).toEqual({});
    });

    it('refuses a job that is not public (404), a bad id or surface (400), and an unknown feed (400)', async () => {
      expect((await click(await insertJob('DRAFT'), {})).status).toBe(404);
      expect((await click(await insertJob('STOPPED'), {})).status).toBe(404);
      expect((await click(2_000_000_000, {})).status).toBe(404);
      const id = await insertJob();
      expect((await click('abc', {})).status).toBe(400);
      const moon = await click(id, { surface: 'moon' });
      expect(moon.status).toBe(400);
      expect(moon.body.errors.surface[0]).toMatch(/^Surface must be one of/);
      const unknown = await click(id, { surface: 'feed:2000000000' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ surface: ['Surface names no white-label feed'] });
      expect(await clicksOf(id)).toEqual({});
    });

    it(`limits one address to ${APPLY_CLICK_LIMIT.max} clicks per window (429 with Retry-After)`, async () => {
      const id = await insertJob();
      const ip = freshIp();
      for (let i = 0; i < APPLY_CLICK_LIMIT.max; i++) expect((await click(id, {}, { ip })).status).toBe(204);
      const refused = await click(id, {}, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await clicksOf(id)).toEqual({ site: APPLY_CLICK_LIMIT.max });
      // Another address is not held up.
      expect((await click(id, {})).status).toBe(204);
    });

    it('refuses a click sent from another site (403)', async () => {
      const id = await insertJob();
      const res = await t.send(`/api/jobs/${id}/apply-click`, {}, { headers: { 'User-Agent': CHROME, Origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
    });
  });

  describe('the dashboard figures', () => {
    const stats = (id: number | string, viewer?: Viewer, company = key) => t.get(`/api/companies/${company}/jobs/${id}/stats`, viewer ? asViewer(viewer) : {});

    it(`answers the last ${JOB_STATS_DAYS} days, oldest first, one zero-filled entry per surface with a figure, labelled, with totals`, async () => {
      const id = await insertJob();
      const days = lastDays(new Date());
      const ago = (n: number) => days[days.length - 1 - n]!;
      const gone = feedId + 1000;
      await t.db.insert(jobDailyStats).values([
        { jobId: id, day: ago(0), surface: 'site', views: 5, applyClicks: 2 },
        { jobId: id, day: ago(3), surface: 'site', views: 1 },
        { jobId: id, day: ago(JOB_STATS_DAYS - 1), surface: 'careers', views: 4, applications: 1 },
        { jobId: id, day: ago(2), surface: `feed:${feedId}`, views: 7, applyClicks: 1 },
        { jobId: id, day: ago(1), surface: `feed:${gone}`, views: 2 },
        // Outside the window: left out, totals too.
        { jobId: id, day: utcDay(new Date(Date.now() - JOB_STATS_DAYS * DAY)), surface: 'widget', views: 100 },
        // A row without any figure makes no entry.
        { jobId: id, day: ago(1), surface: 'widget', views: 0 },
      ]);
      await recordApplication(t.db, id, 'site', new Date());
      await recordApplication(t.db, id, 'site', new Date());

      const res = await stats(id, member());
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const body = v.parse(JobStatsSchema, res.body);
      expect(body.days).toHaveLength(JOB_STATS_DAYS);
      expect(body.days.at(-1)).toBe(utcDay(new Date()));
      expect(body.days[0]).toBe(utcDay(new Date(Date.now() - (JOB_STATS_DAYS - 1) * DAY)));
      expect(body.surfaces.map((s) => [s.surface, s.label])).toEqual([
        ['site', 'Nordlys'],
        ['careers', 'Career page'],
        [`feed:${feedId}`, 'Partner Jobs'],
        [`feed:${gone}`, `White-label feed ${gone}`],
      ]);
      const site = body.surfaces[0]!;
      const zeros = Array<number>(JOB_STATS_DAYS).fill(0);
      const at = (n: number, value: number) => zeros.map((z, i) => (i === JOB_STATS_DAYS - 1 - n ? value : z));
      expect(site.views).toEqual(zeros.map((_, i) => (i === JOB_STATS_DAYS - 1 ? 5 : i === JOB_STATS_DAYS - 4 ? 1 : 0)));
      expect(site.applyClicks).toEqual(at(0, 2));
      expect(site.applications).toEqual(at(0, 2));
      expect(body.surfaces[1]).toMatchObject({ views: at(JOB_STATS_DAYS - 1, 4), applyClicks: zeros, applications: at(JOB_STATS_DAYS - 1, 1) });
      expect(body.totals).toEqual({ views: 5 + 1 + 4 + 7 + 2, applyClicks: 3, applications: 3 });
    });

    it('answers a job without figures with the days and nothing else', async () => {
      const id = await insertJob('DRAFT');
      const res = await stats(id, admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ days: lastDays(new Date()), surfaces: [], totals: { views: 0, applyClicks: 0, applications: 0 } });
    });

    it('is for members and admins: 401 without a session, 403 for a stranger before anything about the job, 404 for another startup’s job', async () => {
      const id = await insertJob();
      expect((await stats(id)).status).toBe(401);
      expect((await stats(id, stranger())).status).toBe(403);
      expect((await stats('not-a-job', stranger())).status).toBe(403);
      expect((await stats('not-a-job', member())).status).toBe(400);
      expect((await stats(id, admin)).status).toBe(200);
      expect((await stats(await insertJob('ACTIVE', otherCompanyId), member())).status).toBe(404);
      expect((await stats(id, admin, 'no-such-startup')).status).toBe(404);
    });
  });

  it('recordApplication adds to the day and surface of the application', async () => {
    const id = await insertJob();
    const at = new Date(Date.UTC(2030, 5, 1, 23, 59));
    await recordApplication(t.db, id, 'widget', at);
    await recordApplication(t.db, id, 'widget', at);
    await recordApplication(t.db, id, `feed:${feedId}`, new Date(at.getTime() + 60_000));
    const rows = await t.db.select({ day: jobDailyStats.day, surface: jobDailyStats.surface, applications: jobDailyStats.applications, views: jobDailyStats.views }).from(jobDailyStats).where(eq(jobDailyStats.jobId, id));
    expect(rows.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: '2030-06-01', surface: 'widget', applications: 2, views: 0 },
      { day: '2030-06-02', surface: `feed:${feedId}`, applications: 1, views: 0 },
    ]);
  });
});
