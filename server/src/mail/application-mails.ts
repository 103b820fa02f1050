/**
 * The application mails of issue #13, in the shared layout (mail/layout.ts): the candidate's
 * confirmation of a quick apply, the startup's notice of a new application (one mail per application,
 * linking to the card on the board), and the kind rejection mail (sent at most once per application,
 * by the board's routes). Plain text and HTML say the same; the layout escapes every text.
 */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

/** How much of the candidate's note the startup's notice quotes. */
export const NOTE_EXCERPT_CHARS = 300;

/** The first `max` characters of a note, cut at a word where one is near, with an ellipsis when cut. */
export function excerpt(text: string, max = NOTE_EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function message(input: {
  to: string;
  subject: string;
  firstName: string;
  productName: string;
  paragraphs: string[];
  footer: string;
  action?: { button: string; link: string };
}): MailMessage {
  const { to, subject, firstName, productName, paragraphs, footer, action } = input;
  const hello = greeting(firstName);
  return {
    to,
    subject,
    text: [hello, '', ...paragraphs.flatMap((p) => [p, '']), ...(action ? [`${action.button}: ${action.link}`, ''] : []), footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: hello, paragraphs, footer, ...(action ?? {}) }),
  };
}

export interface ApplicationConfirmationMailInput {
  /** The candidate's e-mail and first name. */
  to: string;
  firstName: string;
  productName: string;
  jobTitle: string;
  companyName: string;
  /** The CV's file name as sent, or null. */
  cvFileName: string | null;
  /** How many screening questions were answered. */
  answers: number;
  /** Absolute: the application in My jobs (sdk paths.myApplication). */
  link: string;
}

/** POST /jobs/{id}/apply: the candidate's confirmation, with where to follow (or withdraw) the application. */
export function applicationConfirmationMail(input: ApplicationConfirmationMailInput): MailMessage {
  const { jobTitle, companyName, productName, cvFileName, answers } = input;
  const sent = [cvFileName ? `your CV (${cvFileName})` : null, answers ? `your ${answers === 1 ? 'answer' : `${answers} answers`}` : null].filter(Boolean);
  return message({
    to: input.to,
    subject: `Your application to "${jobTitle}" at ${companyName}`,
    firstName: input.firstName,
    productName,
    paragraphs: [
      `Thank you for applying to "${jobTitle}" at ${companyName}. We sent your application${sent.length ? ` with ${sent.join(' and ')}` : ''} to the team.`,
      `${companyName} reviews applications on ${productName}. You will see where yours stands in My jobs, and you can withdraw it there at any time.`,
    ],
    footer: `You get this e-mail because you applied to a job on ${productName}.`,
    action: { button: 'See your application', link: input.link },
  });
}

export interface NewApplicationMailInput {
  /** The startup's applications address, or every member's (", "-separated): one mail per application. */
  to: string;
  productName: string;
  companyName: string;
  jobTitle: string;
  candidate: { fullName: string; headline: string | null };
  /** The candidate's note to the startup, or null. */
  note: string | null;
  /** How many screening questions were answered. */
  answers: number;
  hasCv: boolean;
  /** Absolute: the board with the card open (sdk paths.companyApplicants(key, { job, open })). */
  link: string;
}

/** POST /jobs/{id}/apply: the startup's notice of a new application, with a link to the card on its board. */
export function newApplicationMail(input: NewApplicationMailInput): MailMessage {
  const { companyName, jobTitle, candidate, note, productName, answers, hasCv } = input;
  const sent = [hasCv ? 'a CV' : null, answers ? `${answers === 1 ? 'an answer' : `${answers} answers`} to your screening questions` : null].filter(Boolean);
  return message({
    to: input.to,
    subject: `New application to "${jobTitle}": ${candidate.fullName}`,
    firstName: '',
    productName,
    paragraphs: [
      `${candidate.fullName} applied to "${jobTitle}" at ${companyName}${sent.length ? `, with ${sent.join(' and ')}` : ''}.`,
      ...(candidate.headline ? [`Headline: ${candidate.headline}`] : []),
      ...(note ? [`Their note: "${excerpt(note)}"`] : []),
      'Open the application on your board to read it all, rate it and move it along.',
    ],
    footer: `You get this e-mail because ${companyName} takes applications on ${productName}. The startup's settings choose the address it goes to.`,
    action: { button: 'Open the application', link: input.link },
  });
}

export interface RejectionMailInput {
  candidate: { email: string; firstName: string; lastName?: string };
  job: { id?: number; title: string };
  company: { key?: string; name: string };
  productName?: string;
  /** Absolute: where to look for other jobs (the site's job list); the mail goes without a button when absent. */
  jobsLink?: string;
}

/**
 * The kind rejection mail (the board's move to 'rejected' with "Send a kind rejection e-mail"). It
 * names the job and the startup, thanks the candidate, and says nothing about the team's stages or notes.
 */
export function rejectionMail(input: RejectionMailInput): MailMessage {
  const { candidate, job, company, jobsLink } = input;
  const productName = input.productName ?? DEFAULT_PRODUCT_NAME;
  return message({
    to: candidate.email,
    subject: `Your application to "${job.title}" at ${company.name}`,
    firstName: candidate.firstName,
    productName,
    paragraphs: [
      `Thank you for applying to "${job.title}" at ${company.name}, and for the time you gave it.`,
      `The team has read your application carefully and decided to go on with other candidates for this role. It was not an easy choice, and it says nothing about what you can do.`,
      `We wish you the best of luck in your search, and hope to see your name again on ${productName}.`,
    ],
    footer: `You get this e-mail because you applied to "${job.title}" on ${productName}.`,
    ...(jobsLink ? { action: { button: 'Find more jobs', link: jobsLink } } : {}),
  });
}
