/**
 * The expiry notices of issue #12 on both databases: the members of a live startup get one mail, once,
 * for each ACTIVE job that expires within EXPIRY_NOTICE_DAYS; a new expiration date gets its own; the
 * mails link absolutely to the job and the startup's jobs page; the task is scheduled hourly.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_NOTICE_DAYS } from '@nordlys/sdk/job-status';
import type { JobStatus } from '@nordlys/sdk/constants';
import type { Database } from '../db/client';
import { companies, companyMembers, jobs, users } from '../db/schema';
import { extractLinks } from '../mail/links';
import { applyJobEvent } from '../queries/job-status';
import { RecordingMailer } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';
import { QUEUES, startQueue, type JobQueue, type MailOutbox } from './queue';
import { queueTasks, sendExpiryNotices, TASKS } from './tasks';

const DAY = 86_400_000;
const config = { productName: 'Nordlys', publicUrl: 'https://nordlys.example/' };

describe.each(backends)('job expiry notices on %s', (backend) => {
  let database: Database;
  let queue: JobQueue;
  const mailer = new RecordingMailer();
  let run = 0;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    queue = await startQueue(database, { mailer, supervise: false, ...queueTasks(database.db, { config, log: () => {} }) });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  /** A startup of `status` with `memberCount` members (fresh addresses), and its jobs. */
  async function startup(status: 'ACTIVE' | 'INACTIVE' | 'DRAFT', memberCount: number) {
    const tag = `${backend}-${++run}`;
    const [company] = await database.db
      .insert(companies)
      .values({ key: `notice-${tag}`, name: `Notice Labs ${tag}`, status, deletedAt: status === 'INACTIVE' ? new Date() : null })
      .returning({ id: companies.id, key: companies.key, name: companies.name });
    const emails = Array.from({ length: memberCount }, (_, i) => `member${i}-${tag}@example.test`);
    if (emails.length) {
      const people = await database.db
        .insert(users)
        .values(emails.map((email, i) => ({ email, firstName: `Member${i}`, lastName: 'Test' })))
        .returning({ id: users.id });
      await database.db.insert(companyMembers).values(people.map((p) => ({ userId: p.id, companyId: company!.id })));
    }
    const addJobs = async (cases: { status: JobStatus; expiresIn: number | null; approved?: boolean }[], now: Date) => {
      const rows = await database.db
        .insert(jobs)
        .values(
          cases.map((c, i) => ({
            companyId: company!.id,
            title: `Notice job ${tag}-${i}`,
            status: c.status,
            approvedAt: c.approved === false ? null : new Date(now.getTime() - 10 * DAY),
            expirationDate: c.expiresIn === null ? null : new Date(now.getTime() + c.expiresIn),
          })),
        )
        .returning({ id: jobs.id, title: jobs.title });
      return rows;
    };
    return { company: company!, emails, addJobs };
  }

  /** Delivers the queued mail, and answers the mails each of `emails` got since `from` (an index in mailer.sent). */
  async function deliver(emails: string[], from: number) {
    await queue.runPending([QUEUES.mail]);
    return mailer.sent.slice(from).filter((m) => emails.includes(m.to));
  }

  it('mails every member once for a job expiring in 2 days, and nothing for the jobs that are not due', async () => {
    const now = new Date(Date.UTC(2031, 2, 10, 9, 30));
    const live = await startup('ACTIVE', 2);
    const deleted = await startup('INACTIVE', 1);
    const draftCompany = await startup('DRAFT', 1);
    const [due, inFour, stopped, draft, past, atEdge, pastEdge, never] = await live.addJobs(
      [
        { status: 'ACTIVE', expiresIn: 2 * DAY },
        { status: 'ACTIVE', expiresIn: 4 * DAY },
        { status: 'STOPPED', expiresIn: 2 * DAY },
        { status: 'DRAFT', expiresIn: 2 * DAY, approved: false },
        { status: 'ACTIVE', expiresIn: -3_600_000 },
        { status: 'ACTIVE', expiresIn: EXPIRY_NOTICE_DAYS * DAY },
        { status: 'ACTIVE', expiresIn: EXPIRY_NOTICE_DAYS * DAY + 1 },
        { status: 'ACTIVE', expiresIn: null },
      ],
      now,
    );
    const [atDeleted] = await deleted.addJobs([{ status: 'ACTIVE', expiresIn: 2 * DAY }], now);
    const [atDraft] = await draftCompany.addJobs([{ status: 'ACTIVE', expiresIn: 2 * DAY }], now);
    const everyone = [...live.emails, ...deleted.emails, ...draftCompany.emails];
    const from = mailer.sent.length;

    expect(await sendExpiryNotices(database.db, queue.mail, config, now)).toEqual({ jobs: 2, mails: 4 });
    const got = await deliver(everyone, from);
    // Two due jobs (2 days, and exactly EXPIRY_NOTICE_DAYS) × two members; none for the others.
    expect(got.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [live.emails[0], `Your job "${due!.title}" expires on 12 March 2031`],
        [live.emails[1], `Your job "${due!.title}" expires on 12 March 2031`],
        [live.emails[0], `Your job "${atEdge!.title}" expires on 13 March 2031`],
        [live.emails[1], `Your job "${atEdge!.title}" expires on 13 March 2031`],
      ].sort(),
    );
    const marks = await database.db
      .select({ id: jobs.id, sent: jobs.expiryNoticeSentAt })
      .from(jobs)
      .where(inArray(jobs.id, [due, inFour, stopped, draft, past, atEdge, pastEdge, never, atDeleted, atDraft].map((j) => j!.id)));
    const told = Object.fromEntries(marks.map((r) => [r.id, r.sent?.getTime() ?? null]));
    expect(told).toEqual({
      [due!.id]: now.getTime(),
      [atEdge!.id]: now.getTime(),
      ...Object.fromEntries([inFour, stopped, draft, past, pastEdge, never, atDeleted, atDraft].map((j) => [j!.id, null])),
    });

    // Running again sends nothing; the next hour, only the job that came into the window meanwhile.
    const again = mailer.sent.length;
    expect(await sendExpiryNotices(database.db, queue.mail, config, now)).toEqual({ jobs: 0, mails: 0 });
    expect(await deliver(everyone, again)).toEqual([]);
    expect(await sendExpiryNotices(database.db, queue.mail, config, new Date(now.getTime() + 3_600_000))).toEqual({ jobs: 1, mails: 2 });
    expect((await deliver(everyone, again)).map((m) => m.subject)).toEqual([expect.stringContaining(`"${pastEdge!.title}"`), expect.stringContaining(`"${pastEdge!.title}"`)]);
  });

  it('writes the job, its date and absolute links to the job and the jobs page', async () => {
    const now = new Date(Date.UTC(2031, 5, 1, 12, 0));
    const live = await startup('ACTIVE', 1);
    const [job] = await live.addJobs([{ status: 'ACTIVE', expiresIn: 2 * DAY + 3_600_000 }], now);
    const from = mailer.sent.length;
    await sendExpiryNotices(database.db, queue.mail, config, now);
    const [mail] = await deliver(live.emails, from);
    expect(mail).toBeDefined();
    const jobLink = `https://nordlys.example/jobs/${job!.id}`;
    const jobsLink = `https://nordlys.example/client/startups/${live.company.key}/jobs`;
    expect(mail!.text).toContain('Hi Member0,');
    expect(mail!.text).toContain(`The job "${job!.title}" at ${live.company.name} expires on 3 June 2031 (in 2 days).`);
    expect(extractLinks(mail!.text).sort()).toEqual([jobLink, jobsLink].sort());
    expect(mail!.html).toContain(`href="${jobLink}"`);
    expect(mail!.html).toContain(`href="${jobsLink}"`);
  });

  it('notices again after the expiration date changes (expire, repost, publish)', async () => {
    const now = new Date(Date.UTC(2031, 8, 1, 8, 0));
    const live = await startup('ACTIVE', 2);
    const [job] = await live.addJobs([{ status: 'ACTIVE', expiresIn: DAY }], now);
    let from = mailer.sent.length;
    await sendExpiryNotices(database.db, queue.mail, config, now);
    expect(await deliver(live.emails, from)).toHaveLength(2);

    // It expires, is reposted (a DRAFT) and published again: a new expiration date, JOB_LISTING_DAYS on.
    const expiredAt = new Date(now.getTime() + 2 * DAY);
    expect(await applyJobEvent(database.db, job!.id, 'expire', expiredAt)).toMatchObject({ ok: true });
    expect(await applyJobEvent(database.db, job!.id, 'repost', expiredAt)).toMatchObject({ ok: true });
    // Publishing needs a complete job (sdk jobMissing).
    await database.db.update(jobs).set({ description: '<p>The job.</p>', categories: ['backend'], isRemote: true }).where(eq(jobs.id, job!.id));
    const paidAt = new Date(expiredAt.getTime() + DAY);
    const paid = await applyJobEvent(database.db, job!.id, 'publish', paidAt);
    expect(paid).toMatchObject({ ok: true, job: { status: 'ACTIVE' } });
    const [row] = await database.db.select({ sent: jobs.expiryNoticeSentAt, expires: jobs.expirationDate }).from(jobs).where(eq(jobs.id, job!.id));
    expect(row!.sent).toBeNull();

    // Not due right after paying; due again EXPIRY_NOTICE_DAYS before the new date, once.
    from = mailer.sent.length;
    expect(await sendExpiryNotices(database.db, queue.mail, config, paidAt)).toEqual({ jobs: 0, mails: 0 });
    const dueAgain = new Date(row!.expires!.getTime() - 2 * DAY);
    expect(await sendExpiryNotices(database.db, queue.mail, config, dueAgain)).toEqual({ jobs: 1, mails: 2 });
    expect(await sendExpiryNotices(database.db, queue.mail, config, dueAgain)).toEqual({ jobs: 0, mails: 0 });
    const got = await deliver(live.emails, from);
    expect(got.map((m) => m.to).sort()).toEqual([...live.emails].sort());
  });

  it('commits each batch with its mails: a failing enqueue leaves the job to the next run, and batches add up', async () => {
    const now = new Date(Date.UTC(2031, 11, 1, 8, 0));
    const live = await startup('ACTIVE', 1);
    const ids = (await live.addJobs([{ status: 'ACTIVE', expiresIn: DAY }, { status: 'ACTIVE', expiresIn: 2 * DAY }, { status: 'ACTIVE', expiresIn: 2 * DAY }], now)).map((j) => j.id);
    const broken: MailOutbox = {
      async enqueue() {
        throw new Error('the queue is down');
      },
    };
    await expect(sendExpiryNotices(database.db, broken, config, now)).rejects.toThrow('the queue is down');
    const marks = await database.db.select({ sent: jobs.expiryNoticeSentAt }).from(jobs).where(inArray(jobs.id, ids));
    expect(marks.map((r) => r.sent)).toEqual([null, null, null]);

    const from = mailer.sent.length;
    expect(await sendExpiryNotices(database.db, queue.mail, config, now, 2)).toEqual({ jobs: 3, mails: 3 });
    expect(await deliver(live.emails, from)).toHaveLength(3);
  });

  it('sends once when two instances run at the same moment', async () => {
    const now = new Date(Date.UTC(2032, 0, 5, 8, 0));
    const live = await startup('ACTIVE', 2);
    await live.addJobs(Array.from({ length: 6 }, () => ({ status: 'ACTIVE' as const, expiresIn: DAY })), now);
    const from = mailer.sent.length;
    const runs = await Promise.all([
      sendExpiryNotices(database.db, queue.mail, config, now, 2),
      sendExpiryNotices(database.db, queue.mail, config, now, 2),
    ]);
    expect(runs[0]!.jobs + runs[1]!.jobs).toBe(6);
    expect(runs[0]!.mails + runs[1]!.mails).toBe(12);
    const got = await deliver(live.emails, from);
    expect(new Set(got.map((m) => `${m.to} ${m.subject}`)).size).toBe(12);
    expect(got).toHaveLength(12);
  });

  it('is scheduled hourly on the queue, and its job mails what is due now', async () => {
    expect(await queue.boss.getSchedule(TASKS.jobExpiryNotices)).toMatchObject({ name: TASKS.jobExpiryNotices, cron: '0 * * * *' });
    const live = await startup('ACTIVE', 1);
    const [job] = await live.addJobs([{ status: 'ACTIVE', expiresIn: DAY }], new Date());
    const from = mailer.sent.length;
    // What pg-boss's cron does each hour: queue one job of the task.
    await queue.boss.send(TASKS.jobExpiryNotices);
    expect(await queue.runPending([TASKS.jobExpiryNotices])).toEqual({ completed: 1, failed: 0 });
    const got = await deliver(live.emails, from);
    expect(got.map((m) => m.subject)).toEqual([expect.stringContaining(`"${job!.title}"`)]);
  });
});
