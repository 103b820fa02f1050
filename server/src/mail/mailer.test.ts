import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../testing/smtp';
import { createMailer } from './mailer';

const FROM = 'Nordlys <no-reply@nordlys.localhost>';
// Longer than a mail line (78) and full of characters quoted-printable must encode.
const RESET_LINK = `http://localhost:3000/?reset-key=${'a1b2c3d4e5'.repeat(12)}&email=ada%2Blovelace%40example.com&next=%2Fjobs%3Fq%3Ddesign`;

function resetMail(to: string) {
  return {
    to,
    subject: 'Nulstil din adgangskode – Æble Øl Å',
    text: `Hej Åse,\n\nUse this link to reset your password: ${RESET_LINK}.\n\nOr ignore this mail.`,
    html: `<p>Hej Åse,</p><p><a href="${RESET_LINK}">Reset your password</a></p>`,
  };
}

describe('createMailer over SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('delivers the message with its subject, recipient, bodies and long links intact', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: FROM });
    expect(mailer.kind).toBe('smtp');
    try {
      const { messageId } = await mailer.send(resetMail('ada@example.com'));
      const mail = await smtp.waitForMessage((m) => m.to.includes('ada@example.com'));

      expect(messageId).toMatch(/^<.+@.+>$/);
      expect(mail.headers['message-id']).toBe(messageId);
      expect(mail.from).toBe('no-reply@nordlys.localhost');
      expect(mail.headers.from).toBe(FROM);
      expect(mail.to).toEqual(['ada@example.com']);
      expect(mail.subject).toBe('Nulstil din adgangskode – Æble Øl Å');
      expect(mail.text).toContain('Hej Åse,');
      expect(mail.links).toEqual([RESET_LINK]);
      expect(mail.html).toContain(`href="${RESET_LINK}"`);
    } finally {
      await mailer.close();
    }
  });

  it('keeps messages to different recipients apart', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: FROM });
    try {
      await Promise.all([mailer.send(resetMail('one@example.com')), mailer.send(resetMail('two@example.com'))]);
      const [one, two] = await Promise.all([
        smtp.waitForMessage((m) => m.to.includes('one@example.com')),
        smtp.waitForMessage((m) => m.to.includes('two@example.com')),
      ]);
      expect(one.to).toEqual(['one@example.com']);
      expect(two.to).toEqual(['two@example.com']);
    } finally {
      await mailer.close();
    }
  });

  it('rejects send when the SMTP server refuses the connection, instead of losing the mail', async () => {
    const port = await closedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: FROM });
    try {
      await expect(mailer.send(resetMail('lost@example.com'))).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      await mailer.close();
    }
  });
});

describe('createMailer with the outbox (no SMTP_URL)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nordlys-outbox-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes a parseable .eml per message and logs the file and every link of the text', async () => {
    const lines: string[] = [];
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: FROM, log: (line) => lines.push(line) });
    expect(mailer.kind).toBe('outbox');

    const { messageId } = await mailer.send(resetMail('ada+test@example.com'));
    await mailer.send(resetMail('ada+test@example.com'));

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-ada\+test@example\.com(-1)?\.eml$/);

    const mail = parseMail(await readFile(join(outbox, files[0]!)), { from: '', to: [] });
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.to).toBe('ada+test@example.com');
    expect(mail.subject).toBe('Nulstil din adgangskode – Æble Øl Å');
    expect(mail.links).toEqual([RESET_LINK]);
    expect(mail.html).toContain(`href="${RESET_LINK}"`);

    const written = files.map((file) => join(outbox, file));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\[mail\] "Nulstil din adgangskode – Æble Øl Å" to ada\+test@example\.com: /);
    expect(written).toContain(lines[0]!.split(': ').pop());
    expect(lines[1]).toBe(`[mail]   ${RESET_LINK}`);
    const contents = await Promise.all(written.map((file) => readFile(file, 'utf8')));
    expect(contents.some((content) => content.includes(`Message-ID: ${messageId}`))).toBe(true);
  });
});

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
