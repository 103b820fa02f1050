/** The mail the e2e server's local SMTP server received (scripts/e2e-server.mjs writes it to E2E_MAIL_DIR). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMail, type ReceivedMail } from '../../server/src/testing/smtp';

function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const envelope = JSON.parse(readFileSync(join(dir, name.replace(/\.eml$/, '.json')), 'utf8')) as { from: string; to: string[] };
      return parseMail(readFileSync(join(dir, name)), envelope);
    });
}

/** Waits for the newest mail to `to` whose subject matches (tests use fresh addresses, so the newest is theirs). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const match = receivedMails()
      .reverse()
      .find((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (match) return match;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
