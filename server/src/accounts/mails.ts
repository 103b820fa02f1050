/** The account mails of spec 7: password reset and e-mail verification, as plain text and escaped HTML. */
import { paths } from '@nordlys/sdk/routes';
import { COLOURS, FONTS, PAGE_COLOURS, RADII } from '@nordlys/sdk/tokens';
import type { MailMessage } from '../mail/types';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

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

// Mail clients ignore custom properties, so the sdk's tokens are written into each style attribute.
const C = { ...COLOURS.light, ...PAGE_COLOURS };

/** A short, plain layout: one greeting, the text, one button, and the link written out for clients without HTML. */
function layout(input: { productName: string; greeting: string; paragraphs: string[]; button: string; link: string; footer: string }): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  return [
    '<!doctype html>',
    `<html><body style="margin:0;padding:24px;background:${C.surface};font-family:${FONTS.mail};color:${C.text};font-size:16px;line-height:1.5">`,
    `<div style="max-width:560px;margin:0 auto;background:${C.bg};border-radius:${RADII.md};padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(input.productName)}</p>`,
    p(input.greeting),
    ...input.paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:${C.accent};color:${C.onAccent};text-decoration:none;padding:12px 20px;border-radius:${RADII.md};font-weight:bold">${escapeHtml(input.button)}</a></p>`,
    p('If the button does not work, copy this link into your browser:'),
    `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(input.link)}" style="color:${C.accent}">${escapeHtml(input.link)}</a></p>`,
    `<p style="margin:24px 0 0;font-size:14px;color:${C.muted}">${escapeHtml(input.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
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
