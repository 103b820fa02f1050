/**
 * Job views (issue #12): a GET of a public job page answered 200 counts once per visitor per day, on
 * its surface (the site, the widget's ?ref=widget, a career page, a white-label feed); bots, HEAD
 * requests and prefetches never count; neither do other pages or a job page answered 404.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import { enableTestClock, setClockOffset } from '../clock';
import { readConfig } from '../config';
import type { Db } from '../db/client';
import { companies, jobDailyStats, jobs, jobViewMarks, whiteLabelFeeds } from '../db/schema';
import { recordJobViews, utcDay, viewMarkKey } from '../queries/job-stats';
import { freshIp } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';
import { flushJobViews, isVisit, visitorHash } from './job-views';
import { verifiedCareersDomain, verifiedFeedDomain } from '../testing/domains';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0';

describe.each(backends)('job views on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-views-'));
  /** Every recording the app started, in order; `settled()` awaits and empties them. */
  const recordings: Promise<boolean>[] = [];
  const settled = () => Promise.all(recordings.splice(0));
  let companyId: number;
  let feedId: number;
  const careersHost = `careers.views-${backend}.test`;
  const feedHost = `jobs.views-${backend}.test`;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    enableTestClock();
    app = createApp({
      db,
      config: { ...readConfig({ PUBLIC_URL: 'http://localhost' }), isProduction: false, trustProxy: true, mainHosts: ['localhost'] },
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
      onJobView: (recording) => recordings.push(recording),
    });
    const [company] = await db
      .insert(companies)
      .values({ key: `views-${backend}`, name: 'Views Startup', status: 'ACTIVE', ...verifiedCareersDomain(careersHost) })
      .returning({ id: companies.id });
    companyId = company!.id;
    const [feed] = await db
      .insert(whiteLabelFeeds)
      .values({ companyId, ...verifiedFeedDomain(feedHost), name: 'Views Feed', filters: { companyKeys: [`views-${backend}`] } })
      .returning({ id: whiteLabelFeeds.id });
    feedId = feed!.id;
  });
  afterEach(() => setClockOffset(0));
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  async function insertJob(status: 'ACTIVE' | 'DRAFT' = 'ACTIVE'): Promise<number> {
    const [row] = await db
      .insert(jobs)
      .values({
        companyId,
        title: 'Counted engineer',
        description: '<p>Builds things that are counted.</p>',
        status,
        approvedAt: status === 'ACTIVE' ? new Date(Date.now() - DAY) : null,
        expirationDate: new Date(Date.now() + 30 * DAY),
      })
      .returning({ id: jobs.id });
    return row!.id;
  }

  const page = async (path: string, { host = 'localhost', ua = CHROME, ip = '10.1.0.1', method = 'GET', headers = {} }: { host?: string; ua?: string; ip?: string; method?: string; headers?: Record<string, string> } = {}) => {
    const res = await app.request(`http://${host}${path}`, { method, headers: { Host: host, 'X-Forwarded-For': ip, ...(ua ? { 'User-Agent': ua } : {}), ...headers } });
    const text = await res.text();
    return { status: res.status, text };
  };

  /** The job's total views and its daily figures by surface. */
  async function viewsOf(jobId: number) {
    const [job] = await db.select({ views: jobs.views }).from(jobs).where(eq(jobs.id, jobId));
    const daily = await db.select({ day: jobDailyStats.day, surface: jobDailyStats.surface, views: jobDailyStats.views }).from(jobDailyStats).where(eq(jobDailyStats.jobId, jobId));
    return { total: job!.views, daily: Object.fromEntries(daily.map((d) => [`${d.day} ${d.surface}`, d.views])) };
  }

  it('counts a visitor once per day, and another address or browser as another visitor', async () => {
    const id = await insertJob();
    const today = utcDay(new Date());
    expect((await page(`/jobs/${id}`)).status).toBe(200);
    expect((await page(`/jobs/${id}`)).status).toBe(200);
    expect(await settled()).toEqual([true, false]);
    expect(await viewsOf(id)).toEqual({ total: 1, daily: { [`${today} site`]: 1 } });

    await page(`/jobs/${id}`, { ua: FIREFOX });
    await page(`/jobs/${id}`, { ip: '10.1.0.2' });
    expect(await settled()).toEqual([true, true]);
    expect(await viewsOf(id)).toEqual({ total: 3, daily: { [`${today} site`]: 3 } });
    // The marks name nobody: a hash, not the address or the browser.
    const marks = await db.select({ visitor: jobViewMarks.visitor }).from(jobViewMarks).where(eq(jobViewMarks.jobId, id));
    expect(marks).toHaveLength(3);
    for (const { visitor } of marks) expect(visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('counts the same visitor again the next day', async () => {
    const id = await insertJob();
    await page(`/jobs/${id}`);
    setClockOffset(DAY);
    await page(`/jobs/${id}`);
    await page(`/jobs/${id}`);
    expect(await settled()).toEqual([true, true, false]);
    const days = [utcDay(new Date()), utcDay(new Date(Date.now() + DAY))];
    expect(await viewsOf(id)).toEqual({ total: 2, daily: { [`${days[0]} site`]: 1, [`${days[1]} site`]: 1 } });
  });

  it('counts no bot, no HEAD request and no prefetch', async () => {
    const id = await insertJob();
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'python-requests/2.32.3', 'facebookexternalhit/1.1', '']) {
      expect((await page(`/jobs/${id}`, { ua, ip: freshIp() })).status).toBe(200);
    }
    expect((await page(`/jobs/${id}`, { method: 'HEAD' })).status).toBe(200);
    await page(`/jobs/${id}`, { headers: { 'Sec-Purpose': 'prefetch' } });
    await page(`/jobs/${id}`, { host: careersHost, method: 'HEAD' });
    await page(`/jobs/${id}`, { host: feedHost, ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    expect(recordings).toHaveLength(0);
    expect(await viewsOf(id)).toEqual({ total: 0, daily: {} });
  });

  it('counts nothing for a job page answered 404 or for other pages', async () => {
    const draft = await insertJob('DRAFT');
    expect((await page(`/jobs/${draft}`)).status).toBe(404);
    expect((await page(`/jobs/${draft}`, { host: careersHost })).status).toBe(404);
    expect((await page('/jobs')).status).toBe(200);
    expect((await page(`/jobs/${draft}/welcome`)).status).toBeLessThan(500);
    expect(recordings).toHaveLength(0);
    expect(await viewsOf(draft)).toEqual({ total: 0, daily: {} });
  });

  it("counts the widget's links (?ref=widget) as the widget's, with the canonical link left without ref", async () => {
    const id = await insertJob();
    const res = await page(`/jobs/${id}?ref=widget`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<link rel="canonical" href="http://localhost/jobs/${id}">`);
    expect(await settled()).toEqual([true]);
    expect(await viewsOf(id)).toEqual({ total: 1, daily: { [`${utcDay(new Date())} widget`]: 1 } });
  });

  it("counts a job alert e-mail's links (?surface=digest) as the digest's (issue #14)", async () => {
    const id = await insertJob();
    expect((await page(`/jobs/${id}?surface=digest`)).status).toBe(200);
    expect(await settled()).toEqual([true]);
    expect(await viewsOf(id)).toEqual({ total: 1, daily: { [`${utcDay(new Date())} digest`]: 1 } });
  });

  it("counts a career page's and a white-label feed's job page on their surfaces, once per visitor across surfaces", async () => {
    const id = await insertJob();
    const today = utcDay(new Date());
    expect((await page(`/jobs/${id}`, { host: careersHost, ip: '10.2.0.1' })).status).toBe(200);
    expect((await page(`/jobs/${id}`, { host: feedHost, ip: '10.2.0.2' })).status).toBe(200);
    // The visitor of the career page opens the job on the site too: the same visitor, the same day.
    expect((await page(`/jobs/${id}`, { ip: '10.2.0.1' })).status).toBe(200);
    expect(await settled()).toEqual([true, true, false]);
    expect(await viewsOf(id)).toEqual({ total: 2, daily: { [`${today} careers`]: 1, [`${today} feed:${feedId}`]: 1 } });
  });

  it('counts a navigation inside the site (POST /api/jobs/{id}/view) like the page, and refuses a job that is not public', async () => {
    const id = await insertJob();
    const send = (jobId: number, ua = CHROME, ip = '10.3.0.1') =>
      app.request(`http://localhost/api/jobs/${jobId}/view`, { method: 'POST', headers: { Host: 'localhost', 'User-Agent': ua, 'X-Forwarded-For': ip } });
    expect((await send(id)).status).toBe(204);
    await page(`/jobs/${id}`, { ip: '10.3.0.1' });
    expect((await send(id)).status).toBe(204);
    expect((await send(id, 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).status).toBe(204);
    await settled();
    expect(await viewsOf(id)).toEqual({ total: 1, daily: { [`${utcDay(new Date())} site`]: 1 } });
    expect((await send(await insertJob('DRAFT'))).status).toBe(404);
    expect((await send(0)).status).toBe(400);
  });

  it('keeps counting when a mark is written twice at once (two instances, one visitor)', async () => {
    const id = await insertJob();
    await Promise.all([page(`/jobs/${id}`, { ip: '10.4.0.1' }), page(`/jobs/${id}`, { ip: '10.4.0.1' }), page(`/jobs/${id}`, { ip: '10.4.0.1' })]);
    expect((await settled()).filter(Boolean)).toHaveLength(1);
    expect((await viewsOf(id)).total).toBe(1);
    const [mark] = await db.select({ visitor: jobViewMarks.visitor }).from(jobViewMarks).where(and(eq(jobViewMarks.jobId, id)));
    expect(mark).toBeDefined();
  });

  it('counts a burst of views across jobs, visitors and surfaces in batches, the same as one by one', async () => {
    const ids = [await insertJob(), await insertJob(), await insertJob()];
    const today = utcDay(new Date());
    // 3 jobs × 8 visitors, each visitor twice (the second on the widget's link: not counted again).
    const visits = ids.flatMap((id) => Array.from({ length: 8 }, (_, v) => [page(`/jobs/${id}`, { ip: `10.5.0.${v}` }), page(`/jobs/${id}?ref=widget`, { ip: `10.5.0.${v}` })]).flat());
    await Promise.all(visits);
    const counted = await settled();
    expect(counted).toHaveLength(48);
    expect(counted.filter(Boolean)).toHaveLength(24);
    for (const id of ids) {
      const { total, daily } = await viewsOf(id);
      expect(total).toBe(8);
      expect((daily[`${today} site`] ?? 0) + (daily[`${today} widget`] ?? 0)).toBe(8);
    }
  });

  it('counts a repeat within one statement once, on its first surface, and leaves out a job deleted meanwhile', async () => {
    const [id, gone] = [await insertJob(), await insertJob()];
    await db.delete(jobs).where(eq(jobs.id, gone));
    const now = new Date();
    const day = utcDay(now);
    const marks = await recordJobViews(db, [
      { jobId: id, visitor: 'visitor-a', surface: 'widget', now },
      { jobId: id, visitor: 'visitor-a', surface: 'site', now },
      { jobId: id, visitor: 'visitor-b', surface: 'site', now },
      { jobId: gone, visitor: 'visitor-a', surface: 'site', now },
    ]);
    expect([...marks].sort()).toEqual([viewMarkKey(id, day, 'visitor-a'), viewMarkKey(id, day, 'visitor-b')]);
    expect(await viewsOf(id)).toEqual({ total: 2, daily: { [`${day} site`]: 1, [`${day} widget`]: 1 } });
    // Written again (another instance's batch): nothing counts twice.
    expect((await recordJobViews(db, [{ jobId: id, visitor: 'visitor-b', surface: 'site', now }])).size).toBe(0);
  });

  it('writes batches of two instances at once over the same jobs in any order, each visitor once', async () => {
    const ids = [await insertJob(), await insertJob(), await insertJob(), await insertJob()];
    const now = new Date();
    const batch = (order: number[], prefix: string) => order.flatMap((id) => Array.from({ length: 5 }, (_, v) => ({ jobId: id, visitor: `${prefix}-${v}`, surface: 'site' as const, now })));
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => recordJobViews(db, batch(i % 2 ? [...ids].reverse() : ids, `shared-${i % 3}`))),
    );
    // Three distinct sets of visitors, each counted by exactly one of the two runs that carry it.
    expect(runs.reduce((n, marks) => n + marks.size, 0)).toBe(3 * 5 * ids.length);
    for (const id of ids) expect((await viewsOf(id)).total).toBe(15);
  });

  it('writes the views still waiting when asked (a shutdown)', async () => {
    const id = await insertJob();
    await page(`/jobs/${id}`, { ip: '10.6.0.1' });
    await flushJobViews(db);
    expect((await viewsOf(id)).total).toBe(1);
    expect(await settled()).toEqual([true]);
  });
});

describe('the visitor hash', () => {
  it('differs by day, address, browser and secret, and is stable otherwise', () => {
    const base = visitorHash('secret', '2030-01-01', '10.0.0.1', CHROME);
    expect(visitorHash('secret', '2030-01-01', '10.0.0.1', CHROME)).toBe(base);
    for (const other of [
      visitorHash('secret', '2030-01-02', '10.0.0.1', CHROME),
      visitorHash('secret', '2030-01-01', '10.0.0.2', CHROME),
      visitorHash('secret', '2030-01-01', '10.0.0.1', FIREFOX),
      visitorHash('other', '2030-01-01', '10.0.0.1', CHROME),
    ]) {
      expect(other).not.toBe(base);
    }
    // The address and the browser are not recoverable by reading the hash.
    expect(base).not.toContain('10.0.0.1');
  });

  it('treats only a browser GET without a prefetch header as a visit', () => {
    const ctx = (method: string, headers: Record<string, string>) =>
      ({ req: { raw: { method }, header: (name: string) => headers[name.toLowerCase()] } }) as unknown as Parameters<typeof isVisit>[0];
    expect(isVisit(ctx('GET', { 'user-agent': CHROME }))).toBe(true);
    expect(isVisit(ctx('HEAD', { 'user-agent': CHROME }))).toBe(false);
    expect(isVisit(ctx('GET', {}))).toBe(false);
    expect(isVisit(ctx('GET', { 'user-agent': CHROME, purpose: 'prefetch' }))).toBe(false);
    expect(isVisit(ctx('GET', { 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' }))).toBe(false);
  });
});
