/** A real SMTP server on 127.0.0.1 for tests: receives mail and parses it into what a reader sees. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { extractLinks } from '../mail/links';

export interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** The envelope recipients (RCPT TO). */
  to: string[];
  /** Header names in lower case; the first occurrence of each. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The http(s) links of the text body. */
  links: string[];
  /** The message as received, for debugging. */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port}, ready for createMailer({ smtpUrl }). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /**
   * While on, the server refuses every recipient with "451 try again later" (a mail server that is
   * down or deferring), so a send fails and the queue must retry it.
   */
  refuse(on: boolean): void;
  /** Resolves with the first received (or next arriving) message that matches; rejects after `timeoutMs`. */
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts an SMTP server on a random port: no TLS, authentication optional (any credentials pass). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    closeTimeout: 1000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      const error = Object.assign(new Error('Try again later (test server refusing)'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        const mail = parseMail(Buffer.concat(chunks), {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        messages.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refuse(on) {
      refusing = on;
    },
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `"${m.subject}"`).join(', ') || 'none';
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Parses an RFC 822 message: headers, encoded-word subject, and the text and HTML bodies (also inside multiparts). */
export function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): ReceivedMail {
  // latin1 keeps every byte as one char, so 8bit bodies survive until they are decoded as UTF-8.
  const source = raw.toString('latin1');
  const { headers, body } = splitEntity(source);
  const bodies = { text: '', html: '' };
  collectBodies(headers, body, bodies);
  const subject = decodeEncodedWords(Buffer.from(headers.subject ?? '', 'latin1').toString('utf8'));
  return { ...envelope, headers, subject, ...bodies, links: extractLinks(bodies.text), raw: raw.toString('utf8') };
}

function splitEntity(source: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  // Unfold continuation lines (RFC 5322 2.2.3) before splitting name from value.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectBodies(headers: Record<string, string>, body: string, into: { text: string; html: string }): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
    // sections[0] is the preamble; the part after the closing delimiter starts with '--'.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^[ \t]*\r?\n/, ''));
      collectBodies(part.headers, part.body, into);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (type === 'text/plain' && !into.text) into.text = decodeBody(body, encoding);
  else if (type === 'text/html' && !into.html) into.html = decodeBody(body, encoding);
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
  return Buffer.from(body, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: =?UTF-8?Q?...?= and =?UTF-8?B?...?=; whitespace between adjacent encoded words is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
