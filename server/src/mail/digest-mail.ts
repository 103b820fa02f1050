/**
 * The mails of job digests (issue #14): the digest itself (the new jobs, each with its startup,
 * location, salary where given and a tracked link; a manage link; RFC 8058's one-click unsubscribe
 * headers), the confirmation of a visitor's subscription (double opt-in), and the note to an address
 * that subscribes again. In the shared layout and the sdk's design tokens, HTML and plain text.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { salaryLabel } from '@nordlys/sdk/format';
import { isBoosted, locationDisplay } from '@nordlys/sdk/jobs';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { COLOURS, PAGE_COLOURS, RADII } from '@nordlys/sdk/tokens';
import type { DigestLinks } from './digest-links';
import { escapeHtml, greeting, layout } from './layout';
import type { MailMessage } from './types';

// Mail clients ignore custom properties: the tokens go into each style attribute, as in layout.ts.
const C = { ...COLOURS.light, ...PAGE_COLOURS };

export interface DigestMailInput {
  to: string;
  /** The subscriber's first name when they have an account; '' for a visitor. */
  firstName: string;
  productName: string;
  /** The jobs, in the digest's order (queries/digests.ts digestContent). */
  jobs: JobSummary[];
  /** How many jobs matched in all (more than `jobs` when the caps left some out). */
  total: number;
  /** New since this moment (the last digest). */
  since: Date;
  now: Date;
  links: DigestLinks;
  /** Absolute: the job search with the subscription's filters, for "see all". */
  searchLink: string;
}

/** 'Frontend developer at Northwind Labs', or '3 new jobs for you': the subject names a lone job. */
function subjectOf(jobs: JobSummary[], productName: string): string {
  if (jobs.length === 1) return `New job: ${jobs[0]!.title} at ${jobs[0]!.company.name}`;
  return `${jobs.length} new jobs for you on ${productName}`;
}

/** The lines under a job's title: its startup and place, and its salary when the job gives one. */
function details(job: JobSummary): { place: string; salary: string | null } {
  const where = locationDisplay(job);
  return { place: where ? `${job.company.name} · ${where}` : job.company.name, salary: salaryLabel(job.salary) };
}

function jobBlock(job: JobSummary, link: string, now: Date): string {
  const { place, salary } = details(job);
  const featured = isBoosted(job, { now })
    ? ` <span style="display:inline-block;font-size:12px;font-weight:bold;background:${C.featuredBg};color:${C.featuredText};border:1px solid ${C.featuredBorder};border-radius:${RADII.full};padding:0 8px;vertical-align:middle">Featured</span>`
    : '';
  return [
    `<div style="margin:0 0 12px;padding:16px;border:1px solid ${C.border};border-radius:${RADII.md}">`,
    `<p style="margin:0 0 4px;font-size:18px;font-weight:bold"><a href="${escapeHtml(link)}" style="color:${C.accent};text-decoration:none">${escapeHtml(job.title)}</a>${featured}</p>`,
    `<p style="margin:0;color:${C.muted}">${escapeHtml(place)}</p>`,
    salary ? `<p style="margin:4px 0 0">${escapeHtml(salary)}</p>` : '',
    '</div>',
  ].join('');
}

/**
 * One digest: the jobs, then "see all" when the caps left some out, the manage and unsubscribe
 * links, and the headers that let a mail client offer one-click unsubscribe (RFC 8058).
 */
export function digestMail(input: DigestMailInput): MailMessage {
  const { to, firstName, productName, jobs, total, since, now, links, searchLink } = input;
  const intro = `${jobs.length === 1 ? 'A new job matches' : `${jobs.length} new jobs match`} your job alert since ${exactDate(since.toISOString())}.`;
  const more = total > jobs.length ? `${total - jobs.length} more matching ${total - jobs.length === 1 ? 'job is' : 'jobs are'} waiting on ${productName}.` : null;
  const paragraphs = [intro];
  const footer = `You get this e-mail because ${to} subscribed to job alerts on ${productName}.`;
  const manageLine = 'Change countries, categories, how often or when:';
  const stopLine = 'Stop these e-mails:';

  const textJobs = jobs.flatMap((job) => {
    const { place, salary } = details(job);
    return [`${job.title}${isBoosted(job, { now }) ? ' (featured)' : ''}`, `  ${place}`, ...(salary ? [`  ${salary}`] : []), `  ${links.job(job.id)}`, ''];
  });
  const text = [
    greeting(firstName),
    '',
    intro,
    '',
    ...textJobs,
    ...(more ? [more, `See all: ${searchLink}`, ''] : []),
    `${manageLine} ${links.manage}`,
    `${stopLine} ${links.unsubscribePage}`,
    '',
    footer,
    '',
    `— ${productName}`,
  ].join('\n');

  const html = layout({
    productName,
    greeting: greeting(firstName),
    paragraphs,
    blocks: [...jobs.map((job) => jobBlock(job, links.job(job.id), now)), ...(more ? [`<p style="margin:16px 0 0">${escapeHtml(more)}</p>`] : [])],
    ...(more ? { button: 'See all matching jobs', link: searchLink } : {}),
    footer,
    more: [
      { text: manageLine, link: links.manage },
      { text: stopLine, link: links.unsubscribePage },
    ],
  });

  return {
    to,
    subject: subjectOf(jobs, productName),
    text,
    html,
    headers: {
      // RFC 2369 and RFC 8058: the client POSTs "List-Unsubscribe=One-Click" to the URL, without a session.
      'List-Unsubscribe': `<${links.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The confirmation of a visitor's subscription (double opt-in): nothing is sent until its link is followed. */
export function digestConfirmMail(input: { to: string; productName: string; link: string; days: number }): MailMessage {
  const { to, productName, link, days } = input;
  const paragraphs = [
    `Someone, we hope you, asked ${productName} to e-mail new jobs to ${to}.`,
    `Confirm the address to start your job alerts. The link works for ${days} days; until then nothing is sent.`,
    'If it was not you, ignore this e-mail and nothing will be sent.',
  ];
  const footer = `You get this e-mail because ${to} was entered to subscribe to job alerts on ${productName}.`;
  return {
    to,
    subject: `Confirm your job alerts on ${productName}`,
    text: ['Hi,', '', ...paragraphs.flatMap((p) => [p, '']), `Confirm: ${link}`, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: 'Hi,', paragraphs, button: 'Confirm my job alerts', link, footer }),
  };
}

/**
 * To an address that has a running subscription when someone subscribes it again: its manage link,
 * so the owner can change it, and nothing changed. The answer to the request is the same as for a
 * new address, so the call tells nobody which addresses subscribe.
 */
export function digestAlreadySubscribedMail(input: { to: string; productName: string; manageLink: string }): MailMessage {
  const { to, productName, manageLink } = input;
  const paragraphs = [
    `Someone, we hope you, asked ${productName} to e-mail new jobs to ${to}. This address gets job alerts already, so nothing has changed.`,
    'To change the countries, categories, how often or when, open your job alert settings.',
  ];
  const footer = `You get this e-mail because ${to} was entered to subscribe to job alerts on ${productName}.`;
  return {
    to,
    subject: `Your job alerts on ${productName}`,
    text: ['Hi,', '', ...paragraphs.flatMap((p) => [p, '']), `Settings: ${manageLink}`, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: 'Hi,', paragraphs, button: 'Open my job alert settings', link: manageLink, footer }),
  };
}
