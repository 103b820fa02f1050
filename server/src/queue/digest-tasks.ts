/**
 * Scheduled job digests on the queue (issue #14).
 *
 * Every few minutes the `digest-schedule` task claims the confirmed, unpaused subscriptions that are
 * due (each at its hour of the day in its own time zone, daily or on Mondays: sdk digests.ts), and in
 * the same transaction queues one `digest` job per subscription per period and moves the
 * subscription's next due time on. Two instances claiming at once skip each other's rows (SKIP
 * LOCKED), the job carries the singleton key `digest:{id}:{period}` on an exclusive queue, and the
 * digest job itself checks the subscription's last period under a row lock: so a digest is built
 * once per period, however many schedulers and workers run.
 *
 * A `digest` job builds the digest and queues its mail in one transaction (the outbox): the jobs it
 * mails go into digest_sent_jobs, the subscription's last period and last sent time move on, and
 * the mail job commits with them. A failed build is retried with backoff and ends in `digest-failed`
 * (an admin sees it at GET /api/admin/queue/failed); a failed send is the mail queue's to retry.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type JobInsert, type PgBoss, type Queue as QueueOptions } from 'pg-boss';
import { DIGEST_CONFIRM_DAYS, REMOTE } from '@nordlys/sdk/constants';
import { digestPeriod, nextDigestAt } from '@nordlys/sdk/digests';
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from '../accounts/origin';
import { now as clockNow } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { digestLinkKey, digestLinks } from '../mail/digest-links';
import { digestMail } from '../mail/digest-mail';
import {
  claimDueDigests,
  deleteUnconfirmedDigests,
  digestContent,
  lockDigest,
  recordSentJobs,
  setNextDue,
  subscriberFirstName,
  updateDigest,
  type DigestRow,
} from '../queries/digests';
import { inTransaction, type Handlers, type MailOutbox } from './queue';

export const DIGEST_QUEUES = {
  /** Every five minutes: queue the digests that are due (queueDueDigests). */
  schedule: 'digest-schedule',
  /** One job per subscription per period: build the digest and queue its mail (sendDigest). */
  digest: 'digest',
  /** Digests that failed every try: kept a year for an admin to see; no worker takes them. */
  failed: 'digest-failed',
} as const;

/**
 * The digest queues' policies, the dead letter first (the other names it). `exclusive`: while a job
 * with a singleton key waits or runs, another with the same key is not queued. Retried with
 * exponential backoff (1 min, 2 min, … up to 1 h), 6 tries in all.
 */
export const DIGEST_QUEUE_OPTIONS: Record<string, Omit<QueueOptions, 'name'>> = {
  [DIGEST_QUEUES.failed]: { retentionSeconds: 365 * 24 * 3600 },
  [DIGEST_QUEUES.digest]: { policy: 'exclusive', retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300, deadLetter: DIGEST_QUEUES.failed },
};

/** A digest job's data: which subscription, for which period (sdk digestPeriod). */
export interface DigestJobData {
  digestId: number;
  period: string;
}

/** The singleton key of a subscription's digest of one period. */
export const digestJobKey = ({ digestId, period }: DigestJobData) => `digest:${digestId}:${period}`;

/** How many digests one worker builds at once. */
export const DIGEST_WORKER_CONCURRENCY = 4;

/** How many subscriptions one transaction of the scheduler claims. */
const SCHEDULE_BATCH = 500;

const timing = (row: DigestRow) => ({ frequency: row.frequency, hourOfDay: row.hourOfDay, timeZone: row.timeZone });

/**
 * Queues the digests due at `now`, a batch per transaction: each claimed subscription gets its
 * period's digest job (unless it was never scheduled: then it is only given its first due time), and
 * its next due time after `now`; both commit together. Returns how many digests it queued and how
 * many subscriptions it scheduled for the first time.
 */
export async function queueDueDigests(db: Db, boss: PgBoss, now: Date, batch = SCHEDULE_BATCH): Promise<{ queued: number; scheduled: number }> {
  let queued = 0;
  let scheduled = 0;
  for (let more = true; more; ) {
    await inTransaction(db, async (tx) => {
      const due = await claimDueDigests(tx, now, batch);
      more = due.length === batch;
      const jobs: JobInsert<DigestJobData>[] = [];
      for (const row of due) {
        if (row.nextDueAt === null) {
          scheduled++;
          continue;
        }
        const data = { digestId: row.id, period: digestPeriod(row.nextDueAt, row.timeZone) };
        jobs.push({ data, singletonKey: digestJobKey(data) });
      }
      await setNextDue(tx, due.map((row) => ({ id: row.id, nextDueAt: nextDigestAt(timing(row), now) })));
      if (jobs.length) await boss.insert(DIGEST_QUEUES.digest, jobs, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
      queued += jobs.length;
    });
  }
  return { queued, scheduled };
}

/** The job search with a subscription's filters, as the site's /jobs reads its query (site/src/lib/jobFilters.ts). */
function searchQuery(row: Pick<DigestRow, 'locations' | 'includeRemoteJobs' | 'categories'>): string {
  const query = new URLSearchParams();
  if (row.locations.length === 1) query.set('countryCode', row.locations[0]!.countryCode);
  else if (!row.locations.length && row.includeRemoteJobs) query.set('countryCode', REMOTE);
  if (row.categories.length) query.set('categories', row.categories.join(','));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export type DigestOutcome =
  | { sent: true; jobs: number }
  | { sent: false; reason: 'gone' | 'inactive' | 'done' | 'nothing new' };

/**
 * Builds subscription `digestId`'s digest of `period` at `now` and queues its mail, in one
 * transaction under the subscription's row lock: nothing happens for a subscription that is gone,
 * unconfirmed or paused, or whose digest of this period (or a later one) was built already; nothing
 * is sent when no job matches. The jobs mailed are recorded, so none is mailed to it again.
 */
export async function sendDigest(db: Db, mail: MailOutbox, config: DigestTaskConfig, { digestId, period }: DigestJobData, now: Date): Promise<DigestOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockDigest(tx, digestId);
    if (!row) return { sent: false, reason: 'gone' };
    if (!row.confirmedAt || row.paused) return { sent: false, reason: 'inactive' };
    // Periods are days ('YYYY-MM-DD'), so they compare as text.
    if (row.lastPeriod !== null && row.lastPeriod >= period) return { sent: false, reason: 'done' };
    const content = await digestContent(tx, row, now, { backers: false });
    const recorded = await recordSentJobs(tx, row.id, content.jobs.map((job) => job.id), now);
    const jobs = content.jobs.filter((job) => recorded.has(job.id));
    await updateDigest(tx, row.id, { lastPeriod: period, ...(jobs.length ? { lastSentAt: now } : {}) });
    if (!jobs.length) return { sent: false, reason: 'nothing new' };
    await mail.enqueue(
      tx,
      digestMail({
        to: row.email,
        firstName: row.userId === null ? '' : await subscriberFirstName(tx, row.userId),
        productName: config.productName,
        jobs,
        total: content.total,
        since: content.since,
        now,
        links: digestLinks(config, row, digestLinkKey(config)),
        searchLink: `${siteOrigin(config)}${paths.jobs()}${searchQuery(row)}`,
      }),
    );
    return { sent: true, jobs: jobs.length };
  });
}

/** What the digest tasks need of the settings: the product's name, the public URL and the link secret. */
export type DigestTaskConfig = Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'secretKey' | 'captcha'>>;

export interface DigestTasksOptions {
  config: DigestTaskConfig;
  log?: (line: string) => void;
}

/** The digest tasks' handlers, schedule and queues, for queueTasks (queue/tasks.ts). */
export function digestTasks(db: Db, { config, log = console.log }: DigestTasksOptions) {
  const handlers: Handlers = {
    [DIGEST_QUEUES.schedule]: async (_data, { boss }) => {
      const at = clockNow();
      const round = await queueDueDigests(db, boss, at);
      // A visitor's subscription that was never confirmed goes after DIGEST_CONFIRM_DAYS.
      const expired = await deleteUnconfirmedDigests(db, new Date(at.getTime() - DIGEST_CONFIRM_DAYS * 86_400_000));
      if (round.queued) log(`[queue] ${round.queued} digest${round.queued === 1 ? '' : 's'} queued`);
      return { ...round, expired };
    },
    [DIGEST_QUEUES.digest]: async (data: DigestJobData, { mail }) => sendDigest(db, mail, config, data, clockNow()),
  };
  return {
    handlers,
    // Digests go out at whole hours: checking every five minutes sends each within five minutes of its hour.
    schedules: { [DIGEST_QUEUES.schedule]: '*/5 * * * *' },
    queues: DIGEST_QUEUE_OPTIONS,
    // Thousands of digests fall due at the same hour: each worker builds a few at once (on PostgreSQL
    // they run side by side on the pool; PGlite runs them one after another anyway).
    concurrency: { [DIGEST_QUEUES.digest]: DIGEST_WORKER_CONCURRENCY },
  };
}
