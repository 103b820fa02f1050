/** The account mails of spec 7: password reset and e-mail verification, as plain text and escaped HTML. */
import { paths } from '@nordlys/sdk/routes';
import { greeting, layout } from '../mail/layout';
import type { MailMessage } from '../mail/types';

// The mail layout moved to mail/layout.ts (issue #11: the review and invitation mails share it).
export { escapeHtml } from '../mail/layout';

/** `{origin}/client/reset-password?resetKey={key}` (spec 2.2 page). */
export function resetPasswordLink(origin: string, key: string): string {
  return `${origin}${paths.resetPassword()}?${new URLSearchParams({ resetKey: key })}`;
}

/** `{origin}/client/verify-email?email-verification-key={key}` (spec 7: verified when the page is requested). */
export function verifyEmailLink(origin: string, key: string): string {
  return `${origin}${paths.verifyEmail()}?${new URLSearchParams({ 'email-verification-key': key })}`;
}

interface MailInput {
  to: string;
  firstName: string;
  productName: string;
  link: string;
}

/** The mail of POST users/forgot-password; the link works once, for one hour. */
export function resetPasswordMail({ to, firstName, productName, link }: MailInput): MailMessage {
  const subject = `Reset your ${productName} password`;
  const intro = `Someone asked to reset the password of your ${productName} account. If it was you, choose a new password with the link below.`;
  const expiry = 'The link works once and expires in 1 hour.';
  const footer = 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject,
    text: [greeting(firstName), '', intro, '', link, '', expiry, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs: [intro, expiry], button: 'Choose a new password', link, footer }),
  };
}

/** The mail sent after sign-up; the link works for 7 days. */
export function verifyEmailMail({ to, firstName, productName, link }: MailInput): MailMessage {
  const subject = `Confirm your e-mail address for ${productName}`;
  const intro = `Welcome to ${productName}! Please confirm that this is your e-mail address, so that we can reach you about your account and jobs.`;
  const expiry = 'The link expires in 7 days.';
  const footer = `If you did not sign up for ${productName}, you can ignore this e-mail.`;
  return {
    to,
    subject,
    text: [greeting(firstName), '', intro, '', link, '', expiry, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs: [intro, expiry], button: 'Confirm my e-mail address', link, footer }),
  };
}

/**
 * The mail to an account's owner when its password failed `failures` times in a row (issue #33): no
 * link to click, as a mail that asks for one is what a phishing mail looks like.
 */
export function signInFailuresMail({ to, firstName, productName, failures }: Omit<MailInput, 'link'> & { failures: number }): MailMessage {
  const subject = `Failed sign-ins to your ${productName} account`;
  const intro = `Someone tried to sign in to your ${productName} account with a wrong password ${failures} times in a row. Each further try now has to wait longer.`;
  const advice = `If it was not you, choose a new password: use "Forgot password?" in the sign-in window on ${productName}. A new password also ends the wait.`;
  const footer = 'If it was you, you can ignore this e-mail.';
  return {
    to,
    subject,
    text: [greeting(firstName), '', intro, '', advice, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs: [intro, advice], footer }),
  };
}
