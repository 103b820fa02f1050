/**
 * The review decision mails of issue #11: an admin approved a startup or investor ("is live"), or
 * sent it back with a reason. One mail per member, in the shared layout (mail/layout.ts).
 */
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

export interface ReviewMailInput {
  to: string;
  firstName: string;
  productName: string;
  /** 'startup' or 'investor profile', as the sentence says it. */
  what: 'startup' | 'investor profile';
  profileName: string;
  /** Absolute link: the edit page (sent back) or the welcome / public page (approved). */
  link: string;
}

function message(to: string, subject: string, firstName: string, productName: string, paragraphs: string[], button: string, link: string, footer: string): MailMessage {
  return {
    to,
    subject,
    text: [greeting(firstName), '', ...paragraphs.flatMap((p) => [p, '']), link, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs, button, link, footer }),
  };
}

/** POST /admin/{companies|investors}/{key}/reject: what to change, and the edit page. */
export function reviewReturnedMail(input: ReviewMailInput & { reason: string }): MailMessage {
  const { to, firstName, productName, what, profileName, reason, link } = input;
  return message(
    to,
    `${profileName} needs a few changes before it goes live on ${productName}`,
    firstName,
    productName,
    [`Thank you for submitting ${profileName}. Before the ${what} goes live, our team asks you to change this:`, reason, 'Edit the profile and submit it again when it is ready.'],
    'Edit the profile',
    link,
    `You get this e-mail because you are a member of ${profileName} on ${productName}.`,
  );
}

/** POST /admin/{companies|investors}/{key}/approve: the profile is public now. */
export function reviewApprovedMail(input: ReviewMailInput): MailMessage {
  const { to, firstName, productName, what, profileName, link } = input;
  return message(
    to,
    `${profileName} is live on ${productName}`,
    firstName,
    productName,
    [`Good news: ${profileName} was approved and its ${what === 'startup' ? 'page' : 'investor page'} is now public on ${productName}.`],
    what === 'startup' ? 'See the next steps' : 'See the profile',
    link,
    `You get this e-mail because you are a member of ${profileName} on ${productName}.`,
  );
}
