/**
 * What the workers do besides mail, and when: one home for the server process (main.ts) and
 * `npm run worker` (worker.ts), so both run the same tasks.
 */
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from '../accounts/origin';
import { now } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { expiryNoticeMail } from '../mail/expiry-notice-mail';
import { claimExpiryNotices } from '../queries/job-expiry-notices';
import { deleteOldViewMarks } from '../queries/job-stats';
import { expireJobs } from '../queries/job-status';
import { endBoosts } from '../queries/orders';
import { membersOf } from '../queries/reviews';
import { inTransaction, type Handlers, type MailOutbox } from './queue';

export const TASKS = {
  /**
   * Every minute, one round (expireJobsRound): `expire` on each ACTIVE or STOPPED job past its expiration
   * date (spec 4), the end of each Boost whose date has passed, and the deletion of old view marks.
   */
  expireJobs: 'expire-jobs',
  /** Every hour: mail the members of each startup whose ACTIVE job expires within EXPIRY_NOTICE_DAYS (once per expiration date). */
  jobExpiryNotices: 'job-expiry-notices',
} as const;

export interface QueueTasks {
  handlers: Handlers;
  /** Queue name → cron expression (UTC). */
  schedules: Record<string, string>;
}

export interface QueueTasksOptions {
  /** The product's name and the public URL its mails link to. */
  config: Pick<Config, 'productName' | 'publicUrl'>;
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

export function queueTasks(db: Db, { config, log = console.log }: QueueTasksOptions): QueueTasks {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    handlers: {
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
    },
    // pg-boss fires a schedule once per minute across every instance (its own lock), so two servers never both run it.
    // The notices run hourly: the window is days wide, so an hour late is still days ahead of the expiry, and a job
    // whose expiration date lands inside the window is told within the hour.
    schedules: { [TASKS.expireJobs]: '* * * * *', [TASKS.jobExpiryNotices]: '0 * * * *' },
  };
}
