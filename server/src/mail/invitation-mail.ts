/** The team invitation mail (issue #11): who invites you to which startup or investor, and the link that works 7 days. */
import { INVITATION_DAYS } from '@nordlys/sdk/constants';
import { layout } from './layout';
import type { MailMessage } from './types';

export interface InvitationMailInput {
  to: string;
  productName: string;
  /** 'company' reads "startup" in the mail. */
  kind: 'company' | 'investor';
  profileName: string;
  /** The member who sent it, by name; null when it was a site admin without a name. */
  invitedBy: string | null;
  /** `{PUBLIC_URL origin}/client/invitation?token=…`. */
  link: string;
}

export function invitationMail({ to, productName, kind, profileName, invitedBy, link }: InvitationMailInput): MailMessage {
  const what = kind === 'company' ? 'startup' : 'investor';
  const subject = `Join ${profileName} on ${productName}`;
  const who = invitedBy?.trim() ? `${invitedBy.trim()} invites you` : 'You are invited';
  const intro = `${who} to join the team of the ${what} ${profileName} on ${productName}. As a member you can edit its profile and manage it with the rest of the team.`;
  const how = `Open the link and sign in, or sign up first if you have no ${productName} account yet: you join the team as soon as you are signed in.`;
  const expiry = `The link works once and expires in ${INVITATION_DAYS} days.`;
  const footer = 'If you did not expect this invitation, you can ignore this e-mail.';
  return {
    to,
    subject,
    text: ['Hi,', '', intro, '', how, '', link, '', expiry, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: 'Hi,', paragraphs: [intro, how, expiry], button: `Join ${profileName}`, link, footer }),
  };
}
