/**
 * The retention task of issue #13 on both databases, at a moved server clock: an application is deleted
 * (notes, ratings, history and its own CV with it) APPLICATION_RETENTION_MONTHS after its last activity;
 * a CV that a talent profile or a younger application still uses stays; CVs nothing uses go once a day old.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_RETENTION_MONTHS } from '@nordlys/sdk/constants';
import { enableTestClock, now, setClockOffset } from '../clock';
import type { Database } from '../db/client';
import { applicantProfiles, applicationEvents, applicationNotes, applicationRatings, applications, storedFiles, users } from '../db/schema';
import { pdf } from '../files/fixtures';
import { monthsBefore } from '../queries/applications';
import { RecordingMailer } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { startQueue, type JobQueue } from './queue';
import { applicationRetentionRound, queueTasks, TASKS, UNUSED_CV_GRACE_MS } from './tasks';

const DAY = 86_400_000;

describe('monthsBefore', () => {
  it('goes back calendar months, keeping the time of day, and clamps to the end of a shorter month', () => {
    expect(monthsBefore(new Date('2026-05-14T08:30:00Z'), 24).toISOString()).toBe('2024-05-14T08:30:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2026-02-28T00:00:00Z'), 24).toISOString()).toBe('2024-02-28T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00Z'), 13).toISOString()).toBe('2024-12-15T00:00:00.000Z');
  });
});

describe.each(backends)('application retention on %s', (backend) => {
  let database: Database;
  let queue: JobQueue;
  const logged: string[] = [];
  let serial = 0;

  beforeAll(async () => {
    enableTestClock();
    database = await openTestDatabase(backend);
    const tasks = queueTasks(database.db, { config: { productName: 'Nordlys', publicUrl: 'https://nordlys.example' }, log: (line) => logged.push(line) });
    queue = await startQueue(database, { mailer: new RecordingMailer(), supervise: false, ...tasks });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });
  afterEach(() => setClockOffset(0));

  const db = () => database.db;

  async function person() {
    const [row] = await db().insert(users).values({ email: `kept-${backend}-${++serial}@example.test`, firstName: 'Kept', lastName: `${serial}` }).returning({ id: users.id });
    return row!.id;
  }
  async function cv(owner: number, createdAt: Date) {
    const path = `cv/retention${backend}${++serial}x.pdf`;
    const bytes = pdf(path);
    await db().insert(storedFiles).values({ path, ownerUserId: owner, kind: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, etag: 'test', bytes, createdAt });
    return path;
  }
  async function application(jobId: number, userId: number, cvPath: string | null, lastActivityAt: Date) {
    const [row] = await db().insert(applications).values({ jobId, userId, cvPath, lastActivityAt, createdAt: lastActivityAt, updatedAt: lastActivityAt }).returning({ id: applications.id });
    return row!.id;
  }
  const existing = async (ids: number[]) => (await db().select({ id: applications.id }).from(applications).where(inArray(applications.id, ids))).map((r) => r.id).sort((a, b) => a - b);
  const files = async (paths: string[]) => (await db().select({ path: storedFiles.path }).from(storedFiles).where(inArray(storedFiles.path, paths))).map((r) => r.path).sort();

  it('is scheduled daily, and at a clock moved past the retention deletes what is due, with its CVs, and keeps the rest', async () => {
    expect(await queue.boss.getSchedule(TASKS.applicationRetention)).toMatchObject({ name: TASKS.applicationRetention, cron: '17 3 * * *' });

    const company = await insertStartup(db(), `retention-${backend}`, 'ACTIVE');
    const jobs = await Promise.all([1, 2, 3, 4].map(() => insertJob(db(), company.id, 'ACTIVE', 'future')));
    const real = new Date();
    const [alice, bob, carol] = [await person(), await person(), await person()];
    // Written at the real time; the clock then moves APPLICATION_RETENTION_MONTHS (and a week) ahead.
    const aliceCv = await cv(alice, new Date(real.getTime() - 30 * DAY));
    const bobCv = await cv(bob, new Date(real.getTime() - 30 * DAY));
    const carolCv = await cv(carol, new Date(real.getTime() - 30 * DAY));
    const sharedCv = await cv(carol, new Date(real.getTime() - 30 * DAY));
    await db().insert(applicantProfiles).values({ userId: bob, cvPath: bobCv });
    const idle = await application(jobs[0]!, alice, aliceCv, new Date(real.getTime() - 10 * DAY));
    const idleWithProfileCv = await application(jobs[0]!, bob, bobCv, new Date(real.getTime() - 10 * DAY));
    const idleSharedCv = await application(jobs[1]!, carol, sharedCv, new Date(real.getTime() - 10 * DAY));
    const active = await application(jobs[2]!, carol, sharedCv, new Date(real.getTime() + 10 * DAY));
    const activeOwnCv = await application(jobs[3]!, carol, carolCv, new Date(real.getTime() + 10 * DAY));
    await db().insert(applicationNotes).values({ applicationId: idle, authorId: company.member.userId, body: 'Old note' });
    await db().insert(applicationRatings).values({ applicationId: idle, userId: company.member.userId, rating: 3 });
    await db().insert(applicationEvents).values({ applicationId: idle, kind: 'applied', toStage: 'applied' });

    const moved = new Date(real);
    moved.setUTCMonth(moved.getUTCMonth() + APPLICATION_RETENTION_MONTHS);
    setClockOffset(moved.getTime() - real.getTime() + 7 * DAY);
    // An upload of a moment ago that no application uses yet (the apply dialog uploads first).
    const fresh = await cv(alice, new Date(now().getTime() - 60_000));

    // What pg-boss's cron does once a day: queue one job of the task.
    await queue.boss.send(TASKS.applicationRetention);
    expect(await queue.runPending([TASKS.applicationRetention])).toEqual({ completed: 1, failed: 0 });

    expect(await existing([idle, idleWithProfileCv, idleSharedCv, active, activeOwnCv])).toEqual([active, activeOwnCv].sort((a, b) => a - b));
    expect(await db().select().from(applicationNotes).where(eq(applicationNotes.applicationId, idle))).toEqual([]);
    expect(await db().select().from(applicationRatings).where(eq(applicationRatings.applicationId, idle))).toEqual([]);
    expect(await db().select().from(applicationEvents).where(eq(applicationEvents.applicationId, idle))).toEqual([]);
    // Alice's CV went with her application; Bob's stays on his profile; Carol's are used by younger applications; the fresh upload waits.
    expect(await files([aliceCv, bobCv, carolCv, sharedCv, fresh])).toEqual([bobCv, carolCv, sharedCv, fresh].sort());
    expect(logged.some((line) => /^\[queue\] retention deleted \d+ applications? and \d+ CVs?$/.test(line))).toBe(true);

    // A day on, the unused upload goes too; everything still in use stays.
    setClockOffset(moved.getTime() - real.getTime() + 7 * DAY + UNUSED_CV_GRACE_MS + 60_000);
    await applicationRetentionRound(db(), now());
    expect(await files([bobCv, carolCv, sharedCv, fresh])).toEqual([bobCv, carolCv, sharedCv].sort());
  });

  it('deletes in batches until nothing due is left, and a second round finds nothing', async () => {
    const company = await insertStartup(db(), `retention-batch-${backend}`, 'ACTIVE');
    const at = new Date(Date.UTC(2040, 5, 1));
    const old = new Date(monthsBefore(at, APPLICATION_RETENTION_MONTHS).getTime() - DAY);
    const ids: number[] = [];
    const paths: string[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await person();
      const path = await cv(user, old);
      paths.push(path);
      ids.push(await application(await insertJob(db(), company.id, 'ACTIVE', 'future'), user, path, old));
    }
    const round = await applicationRetentionRound(db(), at, undefined, 2);
    expect(round.applications).toBeGreaterThanOrEqual(5);
    expect(await existing(ids)).toEqual([]);
    expect(await files(paths)).toEqual([]);
    expect(await applicationRetentionRound(db(), at, undefined, 2)).toEqual({ applications: 0, files: 0 });
  });
});
