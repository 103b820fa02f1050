/**
 * The scheduled expiry task: its bulk UPDATE agrees with the sdk's `expire` guard, and it runs on the
 * queue; each round also ends the Boosts that are over and deletes the view marks older than two days,
 * at the server's clock.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from '@nordlys/sdk/constants';
import { jobTransition } from '@nordlys/sdk/job-status';
import type { Database } from '../db/client';
import { enableTestClock, setClockOffset } from '../clock';
import { companies, jobs, jobViewMarks } from '../db/schema';
import { expireJobs } from '../queries/job-status';
import { RecordingMailer } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';
import { startQueue, type JobQueue } from './queue';
import { evictingAfterChanges, expireJobsRound, queueTasks, TASKS } from './tasks';

describe.each(backends)('job expiry on %s', (backend) => {
  let database: Database;
  let queue: JobQueue;
  let companyId: number;
  const logged: string[] = [];

  beforeAll(async () => {
    enableTestClock();
    database = await openTestDatabase(backend);
    queue = await startQueue(database, { mailer: new RecordingMailer(), supervise: false, ...queueTasks(database.db, { config: { productName: 'Nordlys', publicUrl: 'https://nordlys.example' }, log: (line) => logged.push(line) }) });
    const [company] = await database.db.select({ id: companies.id }).from(companies).where(inArray(companies.status, ['ACTIVE'])).limit(1);
    companyId = company!.id;
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });
  afterEach(() => setClockOffset(0));

  async function insertJobs(cases: { status: JobStatus; expirationDate: Date | null }[]): Promise<number[]> {
    const rows = await database.db
      .insert(jobs)
      .values(cases.map((c, i) => ({ companyId, title: `Expiry case ${i}`, status: c.status, expirationDate: c.expirationDate })))
      .returning({ id: jobs.id });
    return rows.map((r) => r.id);
  }

  it('expires exactly the jobs the sdk machine lets expire, for every status and expiry', async () => {
    const now = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
    const dates = [null, new Date(now.getTime() - 86_400_000), new Date(now.getTime() - 1), now, new Date(now.getTime() + 1), new Date(now.getTime() + 86_400_000)];
    const cases = JOB_STATUSES.flatMap((status) => dates.map((expirationDate) => ({ status, expirationDate })));
    const ids = await insertJobs(cases);
    const expired = new Set(await expireJobs(database.db, now));
    const machine = cases.map((c) => jobTransition({ status: c.status, expirationDate: c.expirationDate?.toISOString() ?? null }, 'expire', { companyApproved: true, now }).ok);
    expect(ids.map((id) => expired.has(id))).toEqual(machine);
    expect(machine.filter(Boolean).length).toBe(6); // ACTIVE and STOPPED, each at 1 day, 1 ms and 0 ms past.
    const after = await database.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    const byId = new Map(after.map((r) => [r.id, r.status]));
    ids.forEach((id, i) => expect(byId.get(id)).toBe(machine[i] ? 'EXPIRED' : cases[i]!.status));
    // A second run finds nothing more.
    expect((await expireJobs(database.db, now)).filter((id) => ids.includes(id))).toEqual([]);
  });

  it('is scheduled every minute on the queue, and its job expires what is due', async () => {
    expect(await queue.boss.getSchedule(TASKS.expireJobs)).toMatchObject({ name: TASKS.expireJobs, cron: '* * * * *' });
    const [due, later] = await insertJobs([
      { status: 'ACTIVE', expirationDate: new Date(Date.now() - 60_000) },
      { status: 'ACTIVE', expirationDate: new Date(Date.now() + 86_400_000) },
    ]);
    // What pg-boss's cron does each minute: queue one job of the task.
    await queue.boss.send(TASKS.expireJobs);
    expect(await queue.runPending([TASKS.expireJobs])).toEqual({ completed: 1, failed: 0 });
    const rows = await database.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, [due!, later!]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [due!]: 'EXPIRED', [later!]: 'ACTIVE' });
    expect(logged.some((line) => /^\[queue\] expired \d+ jobs?$/.test(line))).toBe(true);
  });
  it('ends the Boosts that are over and deletes the view marks older than two days in the same round', async () => {
    const now = new Date(Date.UTC(2031, 0, 10, 12, 0, 0));
    const rows = await database.db
      .insert(jobs)
      .values([
        { companyId, title: 'Boost over', status: 'ACTIVE', expirationDate: new Date(now.getTime() + 30 * 86_400_000), boostingExpiresAt: new Date(now.getTime() - 1) },
        { companyId, title: 'Boost ends now', status: 'ACTIVE', expirationDate: new Date(now.getTime() + 30 * 86_400_000), boostingExpiresAt: now },
        { companyId, title: 'Boost running', status: 'ACTIVE', expirationDate: new Date(now.getTime() + 30 * 86_400_000), boostingExpiresAt: new Date(now.getTime() + 1) },
      ])
      .returning({ id: jobs.id });
    const [over, endsNow, running] = rows.map((r) => r.id) as [number, number, number];
    await database.db.insert(jobViewMarks).values(['2031-01-07', '2031-01-08', '2031-01-09', '2031-01-10'].map((day) => ({ jobId: over, day, visitor: `v-${day}` })));

    const round = await expireJobsRound(database.db, now);
    // The demo data's jobs end and expire at this far date too: count only what is checked here.
    expect(round.boostsEnded).toBeGreaterThanOrEqual(2);
    expect(round.viewMarksDeleted).toBe(2);
    const boosts = await database.db.select({ id: jobs.id, until: jobs.boostingExpiresAt, status: jobs.status }).from(jobs).where(inArray(jobs.id, [over, endsNow, running]));
    expect(Object.fromEntries(boosts.map((b) => [b.id, b.until?.getTime() ?? null]))).toEqual({ [over]: null, [endsNow]: null, [running]: now.getTime() + 1 });
    expect(boosts.every((b) => b.status === 'ACTIVE')).toBe(true);
    const marks = await database.db.select({ day: jobViewMarks.day }).from(jobViewMarks).where(eq(jobViewMarks.jobId, over));
    expect(marks.map((m) => m.day).sort()).toEqual(['2031-01-09', '2031-01-10']);
    // A second round at the same time finds nothing more.
    expect(await expireJobsRound(database.db, now)).toEqual({ expired: 0, boostsEnded: 0, viewMarksDeleted: 0 });
  });

  it("runs its round at the server's clock, which the test clock moves", async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const [job] = await database.db
      .insert(jobs)
      .values({ companyId, title: 'Expires in two days', status: 'ACTIVE', expirationDate: inTwoDays, boostingExpiresAt: inTwoDays })
      .returning({ id: jobs.id });
    await queue.boss.send(TASKS.expireJobs);
    expect(await queue.runPending([TASKS.expireJobs])).toEqual({ completed: 1, failed: 0 });
    expect((await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job!.id)))[0]!.status).toBe('ACTIVE');

    setClockOffset(3 * 86_400_000);
    await queue.boss.send(TASKS.expireJobs);
    expect(await queue.runPending([TASKS.expireJobs])).toEqual({ completed: 1, failed: 0 });
    const [after] = await database.db.select({ status: jobs.status, boost: jobs.boostingExpiresAt }).from(jobs).where(eq(jobs.id, job!.id));
    expect(after).toEqual({ status: 'EXPIRED', boost: null });
  });
});

describe('evictingAfterChanges (the answer caches after an expiry round)', () => {
  const round = (expired: number, boostsEnded: number) => async () => ({ expired, boostsEnded, viewMarksDeleted: 3 });
  const context = {} as Parameters<ReturnType<typeof evictingAfterChanges>>[1];

  it('evicts after a round that expired a job or ended a Boost, and keeps the caches after one that changed nothing', async () => {
    let evictions = 0;
    const evict = () => evictions++;
    expect(await evictingAfterChanges(round(0, 0), evict)(undefined, context)).toEqual({ expired: 0, boostsEnded: 0, viewMarksDeleted: 3 });
    expect(evictions).toBe(0);
    await evictingAfterChanges(round(2, 0), evict)(undefined, context);
    expect(evictions).toBe(1);
    await evictingAfterChanges(round(0, 1), evict)(undefined, context);
    expect(evictions).toBe(2);
  });

  it('evicts after a failed round, which may have done part of its work, and still fails', async () => {
    let evictions = 0;
    const failing = evictingAfterChanges(async () => {
      throw new Error('the database went away');
    }, () => evictions++);
    await expect(failing(undefined, context)).rejects.toThrow('the database went away');
    expect(evictions).toBe(1);
  });
});
