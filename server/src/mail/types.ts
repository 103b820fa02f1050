/** What the server needs of mail: one send call. nodemailer over SMTP_URL, or the on-disk outbox by default. */

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every link in the HTML body appears here too. */
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files under the outbox folder). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}
