import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha } from './recaptcha';

/** Plays Google's siteverify: `good-token` succeeds, anything else fails; `boom` answers 500, `junk` non-JSON. */
let server: Server;
let verifyUrl: string;
let received: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const response = form.get('response');
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/x-www-form-urlencoded;charset=UTF-8') {
        res.writeHead(400).end();
      } else if (response === 'boom') {
        res.writeHead(500).end('{"success":true}');
      } else if (response === 'junk') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      } else {
        const success = form.get('secret') === 'test-secret' && response === 'good-token';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const quiet = { log: () => {} };

describe('createRecaptchaCaptcha', () => {
  it('tells the site to show reCAPTCHA with the site key (and never the secret)', () => {
    const captcha = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'test-secret', verifyUrl });
    expect(captcha.settings).toEqual({ kind: 'recaptcha', siteKey: 'site-key' });
    expect(captcha.challenge).toBeUndefined();
  });

  it('posts secret, response and remote IP to siteverify and trusts its success', async () => {
    const captcha = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'test-secret', verifyUrl });
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(true);
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0]!)).toEqual({ secret: 'test-secret', response: 'good-token', remoteip: '203.0.113.7' });
  });

  it('answers false when siteverify says no', async () => {
    const captcha = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'test-secret', verifyUrl });
    expect(await captcha.verify('bad-token')).toBe(false);
    expect(Object.fromEntries(received[0]!)).toEqual({ secret: 'test-secret', response: 'bad-token' });

    const wrongSecret = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'other-secret', verifyUrl });
    expect(await wrongSecret.verify('good-token')).toBe(false);
  });

  it('answers false without asking Google when there is no answer', async () => {
    const captcha = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'test-secret', verifyUrl });
    for (const input of ['', undefined, null, 7]) expect(await captcha.verify(input as string)).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('answers false (and logs) when siteverify fails, answers junk or cannot be reached', async () => {
    const lines: string[] = [];
    const captcha = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'test-secret', verifyUrl, log: (l) => lines.push(l) });
    expect(await captcha.verify('boom')).toBe(false);
    expect(await captcha.verify('junk')).toBe(false);
    const unreachable = createRecaptchaCaptcha({ siteKey: 's', secretKey: 'test-secret', verifyUrl: 'http://127.0.0.1:1/siteverify', ...quiet });
    expect(await unreachable.verify('good-token')).toBe(false);
    expect(lines[0]).toMatch(/siteverify answered 500/);
    expect(lines[1]).toMatch(/siteverify failed/);
  });
});
