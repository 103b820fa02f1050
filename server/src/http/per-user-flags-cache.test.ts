/**
 * Issue #32 item 5: the per-user fields of spec 3 (`Job.saved`, `Job.interestedAt`,
 * `Company.followed`) on the answers themselves, through the whole HTTP stack with the answer cache on
 * (the cache's hits at the socket, as main.ts serves them). Two users who saved, marked and followed
 * different things, and a visitor, ask for the same URLs in turn: each sees their own marks only, the
 * visitor none, and only the visitor's answers are public and kept.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyList, Job, JobArray, JobList } from '@nordlys/sdk/schemas';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import { freshIp, signInDemo } from '../testing/app';
import { testConfig } from '../testing/config';
import { backends, openTestDatabase } from '../testing/database';
import { answerCache, withAnswerCache } from './answer-cache';

/** What one user did: the jobs saved and marked interesting, the startups followed. */
interface Marks {
  saved: Set<number>;
  interested: Set<number>;
  followed: Set<string>;
}

describe.each(backends)('per-user flags through the answer cache on %s', (backend) => {
  let close: () => Promise<void>;
  let server: Server;
  let base: string;
  // Kept for the whole test, however slow the machine: every visitor answer after the first round must be a hit.
  const cache = answerCache({ ttlMs: 10 * 60_000 });
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-flags-'));

  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    close = database.close;
    const app = createApp({
      db: database.db,
      config: testConfig({ isProduction: false, trustProxy: true }),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      answerCache: cache,
    });
    server = createServer(withAnswerCache(cache, getRequestListener(app.fetch)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  const request = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  const read = async <T,>(path: string, cookie?: string) => {
    const res = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
    expect(res.status, path).toBe(200);
    return { headers: res.headers, body: (await res.json()) as T };
  };
  const write = async (path: string, cookie: string) => {
    const res = await request(path, { method: 'POST', headers: { Cookie: cookie, 'X-Forwarded-For': freshIp() } });
    expect(res.status, path).toBe(204);
  };

  it('gives each signed-in user their own marks, the visitor none, and keeps only the visitor answers', async () => {
    // Two users with no marks of their own in the demo data.
    const users = {
      newbie: await signInDemo(request, 'newbie@nordlys.test'),
      investor: await signInDemo(request, 'investor@nordlys.test'),
    };
    const search = '/api/v2/jobs?pageSize=50';
    const [first, second] = (await read<JobList>(search)).body.jobs;
    const startups = (await read<CompanyList>('/api/companiesProper?pageSize=100')).body.companies;
    const other = startups.find((c) => c.key !== first!.company.key)!;
    expect(first && second && other).toBeTruthy();

    const marks: Record<keyof typeof users, Marks> = {
      newbie: { saved: new Set([first!.id]), interested: new Set([second!.id]), followed: new Set([first!.company.key]) },
      investor: { saved: new Set([second!.id]), interested: new Set(), followed: new Set([other.key]) },
    };
    for (const [name, cookie] of Object.entries(users) as [keyof typeof users, string][]) {
      for (const id of marks[name].saved) await write(`/api/jobs/${id}/save`, cookie);
      for (const id of marks[name].interested) await write(`/api/jobs/${id}/interested`, cookie);
      for (const key of marks[name].followed) await write(`/api/companies/${key}/follow`, cookie);
    }

    /** A job as `who` must see it: their marks, or none of the fields for a visitor. */
    const expectJob = (job: { id: number; saved?: boolean; interestedAt?: string | null }, who: Marks | null, url: string) => {
      if (!who) {
        expect(job, url).not.toHaveProperty('saved');
        expect(job, url).not.toHaveProperty('interestedAt');
        return;
      }
      expect(job.saved, `${url} job ${job.id}`).toBe(who.saved.has(job.id));
      expect(job.interestedAt !== null && job.interestedAt !== undefined, `${url} job ${job.id}`).toBe(who.interested.has(job.id));
      if (who.interested.has(job.id)) expect(Date.parse(job.interestedAt!)).not.toBeNaN();
    };
    const expectCompany = (company: { key: string; followed?: boolean }, who: Marks | null, url: string) => {
      if (!who) expect(company, url).not.toHaveProperty('followed');
      else expect(company.followed, `${url} ${company.key}`).toBe(who.followed.has(company.key));
    };

    /** Each URL, and what its answer must show `who`. */
    const urls: [string, (body: any, who: Marks | null, url: string) => void][] = [
      [search, (body: JobList, who, url) => body.jobs.forEach((job) => expectJob(job, who, url))],
      ...[first!, second!].map((job): [string, (body: any, who: Marks | null, url: string) => void] => [
        `/api/jobs/single/${job.id}`,
        (body: Job, who, url) => {
          expectJob(body, who, url);
          expectCompany(body.company, who, url);
        },
      ]),
      [`/api/v2/jobs/${first!.id}/related`, (body: JobArray, who, url) => body.jobs.forEach((job) => expectJob(job, who, url))],
      [`/api/companies/${first!.company.key}`, (body, who, url) => expectCompany(body, who, url)],
      [`/api/companies/${other.key}`, (body, who, url) => expectCompany(body, who, url)],
      [`/api/companies/${first!.company.key}/jobs`, (body: JobArray, who, url) => body.jobs.forEach((job) => expectJob(job, who, url))],
      ['/api/companiesProper?pageSize=100', (body: CompanyList, who, url) => body.companies.forEach((company) => expectCompany(company, who, url))],
    ];

    // In turn, twice over: the visitor first (the answer the cache keeps), then each user, then the visitor again.
    const order: (keyof typeof users | null)[] = [null, 'newbie', 'investor', null, 'investor', 'newbie', null];
    let visitorRounds = 0;
    for (const who of order) {
      for (const [url, check] of urls) {
        const { headers, body } = await read(url, who ? users[who] : undefined);
        check(body, who ? marks[who] : null, url);
        if (who) {
          expect(headers.get('cache-control'), url).toBe('private, no-store');
          expect(headers.has('age'), url).toBe(false);
        } else {
          expect(headers.get('cache-control'), url).toMatch(/^public/);
          expect(headers.get('vary'), url).toMatch(/\bCookie\b/i);
          // After the first round the visitor's answers come from the cache, which kept them between the users' own.
          if (visitorRounds > 0) expect(headers.has('age'), `${url} from the cache`).toBe(true);
        }
      }
      if (!who) visitorRounds++;
    }
    expect(visitorRounds).toBe(3);
  });
});
