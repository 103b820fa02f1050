/**
 * The job mails of issue #12 in the shared layout (mail/layout.ts): an admin sent a job back with a
 * reason (one mail per member, linking to the job's edit page), and a job's applications mailed again
 * to the startup's applications address (one mail, linking to the applicants page).
 */
import { exactDate } from '@nordlys/sdk/dates';
import { PIPELINE } from '@nordlys/sdk/jobs';
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
  name: string;
  email: string;
  appliedAt: Date;
  stage: string;
  customStage: string | null;
}

export interface ApplicationsResentMailInput {
  /** One address, or several separated by ", " (every member, without an applications address). */
  to: string;
  productName: string;
  companyName: string;
  jobTitle: string;
  applications: ResentApplication[];
  /** Absolute: the startup's applicants page. */
  link: string;
}

/** The stage as the applicant board names it: a custom stage by its own name. */
function stageLabel(application: ResentApplication): string {
  if (application.stage === 'custom' && application.customStage) return application.customStage;
  return PIPELINE.find((s) => s.value === application.stage)?.label ?? application.stage;
}

/** POST /companies/{key}/jobs/{id}/resend-applicants: every application of the job, oldest first. */
export function applicationsResentMail(input: ApplicationsResentMailInput): MailMessage {
  const { to, productName, companyName, jobTitle, applications, link } = input;
  const n = applications.length;
  const intro = n
    ? `Here ${n === 1 ? 'is the 1 application' : `are the ${n} applications`} to "${jobTitle}" at ${companyName}, as you asked:`
    : `"${jobTitle}" at ${companyName} has no applications yet. We will let you know when someone applies.`;
  const line = (a: ResentApplication) => `${a.name} <${a.email}>, applied ${exactDate(a.appliedAt.toISOString())}, stage: ${stageLabel(a)}`;
  const footer = `You get this e-mail because someone at ${companyName} asked for the applications of this job on ${productName}.`;
  const subject = `Applications to "${jobTitle}" (${n})`;
  const text = [greeting(''), '', intro, '', ...applications.map((a) => `- ${line(a)}`), ...(n ? [''] : []), `Open the applicants: ${link}`, '', footer, '', `— ${productName}`].join('\n');
  // One paragraph per application: the layout escapes each.
  const html = layout({ productName, greeting: greeting(''), paragraphs: [intro, ...applications.map(line)], button: 'Open the applicants', link, footer });
  return { to, subject, text, html };
}
