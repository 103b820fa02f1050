/**
 * The mail of the contact form and the service pages' request forms (issue #15): to the team
 * address, with the sender as Reply-To, so answering it writes to them. The sender gets no copy: a
 * form that mails any address it is given would relay spam.
 */
import type { ContactKind } from '@nordlys/sdk/schemas';
import { COLOURS } from '@nordlys/sdk/tokens';
import { escapeHtml, layout } from './layout';
import type { MailMessage } from './types';

export interface ContactMailInput {
  /** The team address (Config.teamEmail). */
  to: string;
  productName: string;
  kind: ContactKind;
  name: string;
  email: string;
  /** The startup or community behind a service request. */
  company?: string | undefined;
  message: string;
  /** The page the form was sent from: `{PUBLIC_URL}/contact`, `/scout`… */
  page: string;
}

/** What each form is, in the subject and the first line. */
export const CONTACT_KIND_LABELS = {
  contact: 'Contact form',
  scout: 'Scout request',
  headhunter: 'Headhunter request',
  community: 'Community program application',
} as const satisfies Record<ContactKind, string>;

/**
 * A display name for an address header: quotes, backslashes and line breaks taken out, so the name
 * can never end the quoted string or the header (the schema refuses control characters already).
 */
function quotedName(name: string): string {
  return `"${name.replace(/["\\\r\n]/g, '').trim()}"`;
}

/**
 * The team's copy of a message.
 * @example contactMail({ to: 'team@nordlys.example', productName: 'Nordlys', kind: 'scout', name: 'Mads Berg', email: 'mads@aurora.dk', company: 'Aurora', message: '…', page: 'https://nordlys.example/scout' })
 */
export function contactMail({ to, productName, kind, name, email, company, message, page }: ContactMailInput): MailMessage {
  const label = CONTACT_KIND_LABELS[kind];
  const subject = `${label}: ${name}${company ? ` (${company})` : ''}`;
  const from = `${name} <${email}>${company ? `, ${company}` : ''}`;
  const intro = `${from} wrote through the ${label.toLowerCase()} on ${productName}. Reply to this e-mail to answer them.`;
  const footer = `Sent from ${page}. The sender gave this address themselves; it is not verified.`;
  const messageHtml = `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLOURS.light.border};white-space:pre-wrap">${escapeHtml(message)}</blockquote>`;
  return {
    to,
    subject,
    text: [`${label}`, '', `From: ${name} <${email}>`, ...(company ? [`${kind === 'community' ? 'Community' : 'Startup'}: ${company}`] : []), `Page: ${page}`, '', message, '', '—', footer].join('\n'),
    html: layout({ productName, greeting: `${label}`, paragraphs: [intro], blocks: [messageHtml], footer }),
    headers: { 'Reply-To': `${quotedName(name)} <${email}>` },
  };
}
