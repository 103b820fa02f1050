/**
 * Issue #32: every job status on every host. A job of Northwind Labs is put in each status of the
 * sdk's machine (and ACTIVE past its expiry, before the expiry task has run), then asked for on the
 * main host, on Northwind's careers host and on a white-label feed of its jobs, by GET and HEAD. No
 * answer is a 5xx; an expired job is 410 Gone everywhere, with similar jobs that belong on that host.
 */
import { and, eq, ne } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, type Api } from '@nordlys/sdk/api';
import * as hostPages from '@nordlys/embed/pages';
import { JOB_STATUSES, type JobStatus } from '@nordlys/sdk/constants';
import { hostJobPath, paths } from '@nordlys/sdk/routes';
import { render } from '@nordlys/site/server';
import { createApp } from './app';
import { hostRouting } from './hosts';
import type { Db } from './db/client';
import { companies, jobs, whiteLabelFeeds } from './db/schema';
import { testConfig } from './testing/config';
import { backends, openTestDatabase } from './testing/database';
import { verifiedFeedDomain } from './testing/domains';

const MAIN_HOST = 'localhost';
const CAREERS_HOST = 'careers.northwind.test';
const FEED_HOST = 'jobs.northwind-feed.test';
/** Each host, and the path of a job on it. */
const HOSTS = [
  { name: 'main', host: MAIN_HOST, path: paths.job },
  { name: 'careers', host: CAREERS_HOST, path: hostJobPath },
  { name: 'white-label', host: FEED_HOST, path: hostJobPath },
] as const;

/** The statuses of the machine, and an ACTIVE job past its expiry the expiry task has not reached yet. */
const CASES: { status: JobStatus; pastExpiry: boolean }[] = [
  ...JOB_STATUSES.map((status) => ({ status, pastExpiry: status === 'EXPIRED' })),
  { status: 'ACTIVE', pastExpiry: true },
];

describe.each(backends)('every job status on every host (issue #32) on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-status-'));
  let job: { id: number; expirationDate: Date | null };
  /** Northwind's other open jobs: the only ones its careers host and the feed may offer instead. */
  let ownOpen: Set<number>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: testConfig({ mainHosts: [MAIN_HOST] }),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
    });
    const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    await db.insert(whiteLabelFeeds).values({ companyId: northwind!.id, ...verifiedFeedDomain(FEED_HOST), name: 'Northwind Jobs', filters: { companyKeys: ['northwind-labs'] } });
    const open = await db
      .select({ id: jobs.id, expirationDate: jobs.expirationDate })
      .from(jobs)
      .where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE')));
    job = open[0]!;
    ownOpen = new Set(open.slice(1).map((j) => j.id));
    expect(ownOpen.size).toBeGreaterThan(0);
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  const ask = async (method: 'GET' | 'HEAD', host: string, path: string) => {
    const res = await app.request(`http://${host}${path}`, { method, headers: { Host: host, Accept: 'text/html' } });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  const setStatus = ({ status, pastExpiry }: (typeof CASES)[number]) =>
    db
      .update(jobs)
      .set({ status, expirationDate: pastExpiry ? new Date(Date.now() - 86_400_000) : job.expirationDate })
      .where(eq(jobs.id, job.id));

  describe.each(CASES)('$status (past its expiry: $pastExpiry)', (state) => {
    beforeAll(() => setStatus(state));

    it.each(HOSTS)('answers no 5xx on the $name host, by GET and HEAD, and an HTML page', async ({ host, path }) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await ask(method, host, path(job.id));
        expect(answer.status, `${method} ${host}${path(job.id)}`).toBeLessThan(500);
        expect(answer.type, `${method} ${host}${path(job.id)}`).toContain('text/html');
      }
    });
  });

  describe('an expired job', () => {
    beforeAll(() => setStatus({ status: 'EXPIRED', pastExpiry: true }));

    it.each(HOSTS)('answers 410 Gone on the $name host, by GET and HEAD, with similar jobs that belong there', async ({ name, host, path }) => {
      expect((await ask('HEAD', host, path(job.id))).status).toBe(410);
      const page = await ask('GET', host, path(job.id));
      expect(page.status).toBe(410);
      expect(page.text).toContain('This job has expired');
      const linkTo = name === 'main' ? paths.job : hostJobPath;
      const offered = [...page.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).flatMap((href) => {
        const id = Number(href.match(/\/jobs\/(\d+)$/)?.[1]);
        return id && href === linkTo(id) ? [id] : [];
      });
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain(job.id);
      // A careers host and the feed of Northwind's jobs offer Northwind's open jobs, no one else's.
      if (name !== 'main') for (const id of offered) expect(ownOpen.has(id), `job ${id} offered on ${host}`).toBe(true);
    });

    it("offers only the startup's own open jobs on its careers host, also for another startup's expired job", async () => {
      const [other] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(and(ne(companies.key, 'northwind-labs'), eq(jobs.status, 'EXPIRED'), eq(companies.status, 'ACTIVE')))
        .limit(1);
      const page = await ask('GET', CAREERS_HOST, hostJobPath(other!.id));
      expect(page.status).toBe(410);
      const offered = [...page.text.matchAll(/href="\/jobs\/(\d+)"/g)].map((m) => Number(m[1]));
      expect(offered.length).toBeGreaterThan(0);
      for (const id of offered) expect(ownOpen.has(id), `job ${id} offered on ${CAREERS_HOST}`).toBe(true);
    });
  });
});

describe('any other failure of /api on a careers or white-label host (issue #32)', () => {
  const config = testConfig({ mainHosts: [MAIN_HOST] });
  /** The host middleware over an API whose every call fails with `error`. */
  const failing = (error: Error) => {
    const fail = () => Promise.reject(error);
    const api = { companies: { byWhiteLabelDomain: fail, byDomain: fail }, jobs: { get: fail, related: fail, search: fail } } as unknown as Api;
    return new Hono().use(hostRouting(() => api, config, hostPages));
  };

  it.each([
    [new ApiError('The database is not reachable right now. Please try again in a few seconds.', { status: 503 }), 503],
    [new ApiError('Too many requests.', { status: 429 }), 429],
    [new Error('a bug'), 500],
  ])('answers %s with an HTML page and status %i, by GET and HEAD, never raw JSON', async (error, status) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const app = failing(error);
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request(`http://${FEED_HOST}/jobs/7`, { method, headers: { Host: FEED_HOST } });
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-store');
        if (method === 'GET') {
          const page = await res.text();
          expect(page).toContain('<h1>Something went wrong</h1>');
          if (error instanceof ApiError) expect(page).toContain(error.message);
        }
      }
      // A bug or a 5xx is logged for the operators; a 429 is the visitor's, not ours.
      expect(logged.mock.calls.length > 0).toBe(status >= 500);
    } finally {
      logged.mockRestore();
    }
  });
});
