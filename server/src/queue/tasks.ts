/**
 * What the workers do besides mail, and when: one home for the server process (main.ts) and
 * `npm run worker` (worker.ts), so both run the same tasks.
 */
import { APPLICATION_RETENTION_MONTHS } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from '../accounts/origin';
import { now } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { databaseFileStore, type FileStore } from '../files/index';
import { expiryNoticeMail } from '../mail/expiry-notice-mail';
import { deleteInactiveApplications, monthsBefore } from '../queries/applications';
import { claimExpiryNotices } from '../queries/job-expiry-notices';
import { deleteOldViewMarks } from '../queries/job-stats';
import { expireJobs } from '../queries/job-status';
import { endBoosts } from '../queries/orders';
import { membersOf } from '../queries/reviews';
import { deleteUnreferencedCvs } from '../queries/talent-profile';
import { offlineResolver } from '../dns/offline-resolver';
import type { DnsResolver } from '../dns/resolver';
import { digestTasks } from './digest-tasks';
import { recheckDomains } from './domain-recheck';
import { inTransaction, type Handlers, type MailOutbox, type QueueOptionsIn } from './queue';

export const TASKS = {
  /**
   * Every minute, one round (expireJobsRound): `expire` on each ACTIVE or STOPPED job past its expiration
   * date (spec 4), the end of each Boost whose date has passed, and the deletion of old view marks.
   */
  expireJobs: 'expire-jobs',
  /** Every hour: mail the members of each startup whose ACTIVE job expires within EXPIRY_NOTICE_DAYS (once per expiration date). */
  jobExpiryNotices: 'job-expiry-notices',
  /**
   * Every day (issue #13): delete the applications whose last activity is APPLICATION_RETENTION_MONTHS
   * old, with their CVs, then the CVs nothing references any more (applicationRetentionRound).
   */
  applicationRetention: 'application-retention',
  /**
   * Every day (issue #33): look up the proof of every custom domain again (queue/domain-recheck.ts): a
   * domain whose record is gone lapses, stops being served, and its startup's members are mailed.
   */
  domainRecheck: 'domain-recheck',
} as const;

export interface QueueTasks {
  handlers: Handlers;
  /** Queue name → cron expression (UTC). */
  schedules: Record<string, string>;
  /** Queues with their own policy, and how many jobs of a queue a worker runs at once (issue #14's digests: queue/digest-tasks.ts). */
  queues: NonNullable<QueueOptionsIn['queues']>;
  concurrency: NonNullable<QueueOptionsIn['concurrency']>;
}

export interface QueueTasksOptions {
  /** The product's name and the public URL its mails link to (and the secret digest links are signed with: digest-tasks.ts). */
  config: Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'secretKey' | 'captcha' | 'mainHosts'>>;
  /** Where stored files (CVs) live; the database store when absent. */
  fileStore?: FileStore;
  /** DNS for the domains' re-check (DOMAIN_DNS: dns/create-resolver.ts); the offline resolver when absent, which changes nothing. */
  resolver?: DnsResolver;
  log?: (line: string) => void;
}

/** How many jobs one transaction of the notice task claims (with their members' mails). */
const NOTICE_BATCH = 100;

/**
 * Mails the expiry notices due at `now`, one transaction per batch of jobs: the batch is marked told
 * and one mail per member of its startup is queued, and both commit together (a failure rolls both
 * back, and the next run tries again). Returns how many jobs and mails.
 */
export async function sendExpiryNotices(db: Db, mail: MailOutbox, config: QueueTasksOptions['config'], now = new Date(), batch = NOTICE_BATCH): Promise<{ jobs: number; mails: number }> {
  const origin = siteOrigin(config);
  let jobCount = 0;
  let mailCount = 0;
  for (let more = true; more; ) {
    await inTransaction(db, async (tx) => {
      const claimed = await claimExpiryNotices(tx, now, batch);
      more = claimed.length === batch;
      const members = await membersOf(tx, 'company', [...new Set(claimed.map((j) => j.company.id))]);
      for (const job of claimed) {
        for (const member of members.get(job.company.id) ?? []) {
          await mail.enqueue(
            tx,
            expiryNoticeMail({
              to: member.email,
              firstName: member.firstName,
              productName: config.productName,
              companyName: job.company.name,
              jobTitle: job.title,
              expiresAt: job.expirationDate.toISOString(),
              now,
              jobLink: `${origin}${paths.job(job.id)}`,
              jobsLink: `${origin}${paths.companyAdmin(job.company.key, 'jobs')}`,
            }),
          );
          mailCount++;
        }
      }
      jobCount += claimed.length;
    });
  }
  return { jobs: jobCount, mails: mailCount };
}

/** What one round of the expire-jobs task did. */
export interface ExpireRound {
  expired: number;
  boostsEnded: number;
  viewMarksDeleted: number;
}

/**
 * The expire-jobs handler, with `evict` after each round that changed what visitors see (a job expired,
 * a Boost ended) and after a failed one (it may have done part of it); a round that changed nothing
 * keeps the answer caches. main.ts empties its cache (and announces it to the other instances) with
 * it; a worker that runs apart (worker.ts) announces it.
 */
export function evictingAfterChanges(handler: NonNullable<Handlers[string]>, evict: () => void): NonNullable<Handlers[string]> {
  return async (data, context) => {
    let round: ExpireRound | undefined;
    try {
      round = (await handler(data, context)) as ExpireRound;
      return round;
    } finally {
      if (!round || round.expired || round.boostsEnded) evict();
    }
  };
}

/**
 * One round of the expire-jobs task at `at`: jobs past their expiration date expire, Boosts past their
 * date end (their jobs stop being featured), and the view marks older than two days go (a visitor is
 * counted once per day, so older marks count nothing). Each step is one statement; a failed step fails
 * the round, and the next minute's round does what is left.
 */
export async function expireJobsRound(db: Db, at: Date): Promise<ExpireRound> {
  const expired = await expireJobs(db, at);
  const boostsEnded = await endBoosts(db, at);
  const viewMarksDeleted = await deleteOldViewMarks(db, at);
  return { expired: expired.length, boostsEnded: boostsEnded.length, viewMarksDeleted };
}

/** What one round of the retention task deleted. */
export interface RetentionRound {
  applications: number;
  files: number;
}

/** How many applications one transaction of the retention task deletes (with their CVs). */
const RETENTION_BATCH = 500;
/**
 * A CV that no profile and no application references is kept this long after its upload: the quick
 * apply dialog uploads first and applies a moment later, and a form may sit open for a while.
 */
export const UNUSED_CV_GRACE_MS = 24 * 60 * 60_000;

/**
 * One round of the retention task at `at` (issue #13): the applications whose last activity (a move, a
 * note, a rating) is APPLICATION_RETENTION_MONTHS or more before `at` are deleted, with their notes,
 * ratings and history, a batch per transaction, each batch with the CVs only it referenced; then every
 * CV that no talent profile and no application references any more, once a day old. A failed batch
 * rolls back alone, and the next day's round does what is left.
 */
export async function applicationRetentionRound(db: Db, at: Date, store: FileStore = databaseFileStore(), batch = RETENTION_BATCH): Promise<RetentionRound> {
  const before = monthsBefore(at, APPLICATION_RETENTION_MONTHS);
  let applications = 0;
  let files = 0;
  for (let more = true; more; ) {
    await inTransaction(db, async (tx) => {
      const gone = await deleteInactiveApplications(tx, before, batch);
      applications += gone.deleted;
      files += await deleteUnreferencedCvs(tx, store, { paths: gone.cvPaths });
      more = gone.deleted === batch;
    });
  }
  files += await inTransaction(db, (tx) => deleteUnreferencedCvs(tx, store, { createdBefore: new Date(at.getTime() - UNUSED_CV_GRACE_MS) }));
  return { applications, files };
}

export function queueTasks(db: Db, { config, fileStore, resolver = offlineResolver(), log = console.log }: QueueTasksOptions): QueueTasks {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // Issue #14: scheduled job digests (digest-tasks.ts).
  const digests = digestTasks(db, { config, log });
  return {
    queues: digests.queues,
    concurrency: digests.concurrency,
    handlers: {
      ...digests.handlers,
      [TASKS.expireJobs]: async () => {
        const round = await expireJobsRound(db, now());
        if (round.expired) log(`[queue] expired ${plural(round.expired, 'job')}`);
        if (round.boostsEnded) log(`[queue] ended ${plural(round.boostsEnded, 'Boost')}`);
        return round;
      },
      [TASKS.jobExpiryNotices]: async (_data, { mail }) => {
        const sent = await sendExpiryNotices(db, mail, config, now());
        if (sent.jobs) log(`[queue] expiry notices for ${plural(sent.jobs, 'job')}: ${plural(sent.mails, 'mail')} queued`);
        return sent;
      },
      [TASKS.applicationRetention]: async () => {
        const round = await applicationRetentionRound(db, now(), fileStore);
        if (round.applications || round.files) log(`[queue] retention deleted ${plural(round.applications, 'application')} and ${plural(round.files, 'CV')}`);
        return round;
      },
      [TASKS.domainRecheck]: async (_data, { mail }) => {
        const round = await recheckDomains(db, mail, resolver, config, now());
        if (round.verified || round.lapsed) log(`[queue] domains: ${round.verified} verified, ${round.lapsed} lapsed (${plural(round.mails, 'mail')} queued)`);
        if (round.unavailable) log(`[queue] domains: ${plural(round.unavailable, 'lookup')} did not answer; those domains keep their state`);
        return round;
      },
    },
    // pg-boss fires a schedule once per minute across every instance (its own lock), so two servers never both run it.
    // The notices run hourly: the window is days wide, so an hour late is still days ahead of the expiry, and a job
    // whose expiration date lands inside the window is told within the hour.
    // Retention runs once a day, at a quiet hour: nothing about it is urgent to the minute.
    // The domains' re-check too, at another quiet hour: a lapse a few hours late changes little.
    schedules: {
      [TASKS.expireJobs]: '* * * * *',
      [TASKS.jobExpiryNotices]: '0 * * * *',
      [TASKS.applicationRetention]: '17 3 * * *',
      [TASKS.domainRecheck]: '41 4 * * *',
      ...digests.schedules,
    },
  };
}
