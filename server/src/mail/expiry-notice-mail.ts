/**
 * The mail to a startup's members EXPIRY_NOTICE_DAYS before an ACTIVE job expires (issue #12, the
 * job-expiry-notices task in queue/tasks.ts): which job, the date it expires, its public page and the
 * startup's jobs page, where it is reposted once expired. One mail per member, in the shared layout.
 */
import { exactDate, relativeTime } from '@nordlys/sdk/dates';
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

export interface ExpiryNoticeMailInput {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  jobTitle: string;
  /** ISO: the job's expiration date. */
  expiresAt: string;
  /** When the mail is written (for "in 2 days"). */
  now: Date;
  /** Absolute: the job's public page. */
  jobLink: string;
  /** Absolute: the startup's jobs page. */
  jobsLink: string;
}

export function expiryNoticeMail(input: ExpiryNoticeMailInput): MailMessage {
  const { to, firstName, productName, companyName, jobTitle, expiresAt, now, jobLink, jobsLink } = input;
  const date = exactDate(expiresAt);
  const subject = `Your job "${jobTitle}" expires on ${date}`;
  const paragraphs = [
    `The job "${jobTitle}" at ${companyName} expires on ${date} (${relativeTime(expiresAt, now)}). After that it leaves ${productName}'s lists and takes no more applications.`,
    'To keep it running, repost it from your jobs page once it has expired. If the position is filled, you need do nothing.',
  ];
  const jobLine = 'The job as talent sees it:';
  const footer = `You get this e-mail because you are a member of ${companyName} on ${productName}.`;
  return {
    to,
    subject,
    text: [greeting(firstName), '', ...paragraphs.flatMap((p) => [p, '']), `Your jobs: ${jobsLink}`, '', `${jobLine} ${jobLink}`, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs, button: 'Open your jobs', link: jobsLink, footer, more: [{ text: jobLine, link: jobLink }] }),
  };
}
