/**
 * The mail to a startup's members when the daily re-check finds the proof of one of its custom domains
 * gone (issue #33, queue/domain-recheck.ts): which domain, that it is no longer served, the record that
 * brings it back, and the page to check it on. One mail per member, in the shared layout.
 */
import type { DomainRecords } from '@nordlys/sdk/schemas';
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

export interface DomainLapsedMailInput {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  domain: string;
  /** What the domain served: the career page, or a feed by its name. */
  what: string;
  records: DomainRecords;
  /** Absolute: the settings or feeds page with "Check now". */
  manageLink: string;
}

export function domainLapsedMail(input: DomainLapsedMailInput): MailMessage {
  const { to, firstName, productName, companyName, domain, what, records, manageLink } = input;
  const subject = `${domain} is no longer served: its DNS proof is gone`;
  const txt = `TXT ${records.txt.name} "${records.txt.value}"`;
  const paragraphs = [
    `Our daily check of ${domain} (${what} of ${companyName}) found neither of the DNS records that prove it is yours, so ${productName} no longer serves it.`,
    `To bring it back, add this record at your DNS provider and press "Check now": ${txt}${records.cname ? `, or a CNAME from ${records.cname.name} to ${records.cname.value}` : ''}.`,
    'Until it is proven again, another profile that proves control of the domain may take it.',
  ];
  const footer = `You get this e-mail because you are a member of ${companyName} on ${productName}.`;
  return {
    to,
    subject,
    text: [greeting(firstName), '', ...paragraphs.flatMap((p) => [p, '']), `Check it: ${manageLink}`, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs, button: 'Check the domain', link: manageLink, footer }),
  };
}
