/**
 * The job mails of issue #12 in the shared layout (mail/layout.ts): an admin sent a job back with a
 * reason (one mail per member, linking to the job's edit page), and a job's applications mailed again
 * to the startup's applications address (one mail: a summary per stage, with links to the job's board
 * and to each candidate's card, issue #13).
 */
import type { PipelineStage } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { boardColumns, columnKey, STAGE_LABELS, type CustomStage } from '@nordlys/sdk/pipeline';
import { paths } from '@nordlys/sdk/routes';
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

export interface JobReturnedMailInput {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  jobTitle: string;
  reason: string;
  /** Absolute: the job's edit page. */
  link: string;
}

/** POST /admin/jobs/{id}/reject: what to change, and the job's edit page. */
export function jobReturnedMail(input: JobReturnedMailInput): MailMessage {
  const { to, firstName, productName, companyName, jobTitle, reason, link } = input;
  const paragraphs = [
    `Thank you for posting "${jobTitle}". Before the job goes live on ${productName}, our team asks you to change this:`,
    reason,
    'Edit the job and publish it again when it is ready.',
  ];
  const footer = `You get this e-mail because you are a member of ${companyName} on ${productName}.`;
  return {
    to,
    subject: `"${jobTitle}" needs a few changes before it goes live on ${productName}`,
    text: [greeting(firstName), '', ...paragraphs.flatMap((p) => [p, '']), link, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs, button: 'Edit the job', link, footer }),
  };
}

export interface ResentApplication {
  id: number;
  name: string;
  email: string;
  appliedAt: Date;
  stage: PipelineStage;
  /** The company's stage, when stage is 'custom'. */
  stageId: number | null;
  /** Its name. */
  customStage: string | null;
}

export interface ApplicationsResentMailInput {
  /** One address, or several separated by ", " (every member, without an applications address). */
  to: string;
  productName: string;
  companyName: string;
  jobTitle: string;
  /** Oldest first. */
  applications: ResentApplication[];
  /** The company's custom stages, for the board's column order and names. */
  stages: readonly CustomStage[];
  /** The site's public origin (siteOrigin(config)): every link is absolute on it. */
  origin: string;
  companyKey: string;
  jobId: number;
}

/**
 * POST /companies/{key}/jobs/{id}/resend-applicants: a summary of the job's applications per stage, in
 * the board's column order (applied, the custom stages, hired, to be rejected, rejected), each stage with
 * its candidates (oldest first) and a link that opens their card, and the button to the job's board.
 */
export function applicationsResentMail(input: ApplicationsResentMailInput): MailMessage {
  const { to, productName, companyName, jobTitle, applications, origin, companyKey, jobId } = input;
  const n = applications.length;
  const board = `${origin}${paths.companyApplicants(companyKey, { job: jobId })}`;
  const cardLink = (a: ResentApplication) => `${origin}${paths.companyApplicants(companyKey, { job: jobId, open: a.id })}`;

  // The board's columns; an application in a stage the company no longer has (none should) shows under its own name.
  const columns = boardColumns(input.stages).map((c) => ({ key: c.key, label: c.label, items: [] as ResentApplication[] }));
  for (const a of applications) {
    const key = columnKey({ stage: a.stage, stageId: a.stage === 'custom' ? a.stageId : null });
    let column = columns.find((c) => c.key === key);
    if (!column) columns.push((column = { key, label: a.customStage ?? STAGE_LABELS[a.stage], items: [] }));
    column.items.push(a);
  }
  const filled = columns.filter((c) => c.items.length);

  const intro = n
    ? `Here ${n === 1 ? 'is the 1 application' : `are the ${n} applications`} to "${jobTitle}" at ${companyName}, by stage, as you asked:`
    : `"${jobTitle}" at ${companyName} has no applications yet. We will let you know when someone applies.`;
  const summary = columns.map((c) => `${c.label}: ${c.items.length}`).join(' · ');
  const line = (a: ResentApplication) => `${a.name} <${a.email}>, applied ${exactDate(a.appliedAt.toISOString())}`;
  const footer = `You get this e-mail because someone at ${companyName} asked for the applications of this job on ${productName}.`;
  const subject = `Applications to "${jobTitle}" (${n})`;

  const text = [
    greeting(''),
    '',
    intro,
    ...(n ? ['', summary] : []),
    ...filled.flatMap((c) => ['', `${c.label} (${c.items.length})`, ...c.items.map((a) => `- ${line(a)}: ${cardLink(a)}`)]),
    '',
    `Open the job's board: ${board}`,
    '',
    footer,
    '',
    `— ${productName}`,
  ].join('\n');
  // The layout escapes every paragraph; each candidate's card link follows the button, under its stage's name.
  const html = layout({
    productName,
    greeting: greeting(''),
    paragraphs: [intro, ...(n ? [summary] : [])],
    button: "Open the job's board",
    link: board,
    footer,
    more: filled.flatMap((c) => c.items.map((a) => ({ text: `${c.label}: ${line(a)}.`, link: cardLink(a) }))),
  });
  return { to, subject, text, html };
}
