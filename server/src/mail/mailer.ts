/** The mailer: nodemailer over SMTP when SMTP_URL is set, else the on-disk outbox (the embedded default). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { extractLinks } from './links';
import type { Mailer, MailMessage } from './types';

export interface MailerOptions {
  /** smtp:// or smtps:// URL with optional user:password; without it mail goes to the outbox. */
  smtpUrl?: string;
  /** Where the outbox writes one .eml file per message. */
  outboxDir: string;
  /** The From header, e.g. 'Nordlys <no-reply@nordlys.dk>'. */
  from: string;
  /** Where the outbox logs what it wrote; console.log by default. */
  log?: (line: string) => void;
}

/**
 * Creates the mailer. With `smtpUrl` it delivers through a pooled SMTP connection and rejects when the
 * server cannot be reached or refuses the message; without it, it writes the real RFC 822 message to
 * `{outboxDir}/{timestamp}-{recipient}.eml` and logs the subject, the file and every link of the text
 * body, so a developer can follow a reset link from the console.
 * @example createMailer({ outboxDir: './data/outbox', from: 'Nordlys <no-reply@nordlys.localhost>' })
 */
export function createMailer({ smtpUrl, outboxDir, from, log = console.log }: MailerOptions): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(resolve(outboxDir), from, log);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    // Fail within seconds instead of nodemailer's two-minute default: a request is waiting on us.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(compose(message, from));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(dir: string, from: string, log: (line: string) => void): Mailer {
  // The stream transport renders exactly what SMTP would carry, without delivering it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(compose(message, from));
      await mkdir(dir, { recursive: true });
      const file = await writeUnique(dir, `${fileTimestamp(new Date())}-${safeName(message.to)}`, info.message as Buffer);
      log(`[mail] "${message.subject}" to ${message.to}: ${file}`);
      for (const link of extractLinks(message.text)) log(`[mail]   ${link}`);
      return { messageId: info.messageId };
    },
    async close() {},
  };
}

function compose({ to, subject, text, html, headers }: MailMessage, from: string) {
  return { from, to, subject, text, html, ...(headers ? { headers } : {}) };
}

/** 2026-05-01T10-20-30-123Z: sortable, and valid in file names everywhere (no colons). */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function safeName(recipient: string): string {
  return recipient.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100) || 'unknown';
}

/** Two mails to one recipient in the same millisecond must not overwrite each other. */
async function writeUnique(dir: string, base: string, content: Buffer): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const file = join(dir, `${base}${attempt ? `-${attempt}` : ''}.eml`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}
