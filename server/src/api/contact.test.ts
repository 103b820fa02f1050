/**
 * The contact form and the service pages' requests (issue #15) on both databases: a message is
 * answered 202 and queued as one mail to the team address with the sender as Reply-To; field messages
 * on 400; a wrong captcha answer is refused; the limits per network and per address answer
 * 429 with Retry-After; no mail or captcha is 503. Also the team address setting, and GET /showcase.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ShowcaseSchema } from '@nordlys/sdk/schemas';
import { ConfigError, readConfig } from '../config';
import { handleError } from '../errors';
import { QUEUES, directOutbox } from '../queue/queue';
import { NORTHWIND_KEY, PARTNER_FEED_DOMAIN } from '../seed/index';
import { freshIp, useTestApp } from '../testing/app';
import { createTestAuthParts, RecordingMailer, TEST_CAPTCHA_OK } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { CONTACT_LIMITS_PER_HOUR, CONTACT_MAIL_FAILED_MESSAGE, CONTACT_UNAVAILABLE_MESSAGE, contactRouter } from './contact';

const PUBLIC_URL = 'https://nordlys.example';
const TEAM = 'hello-team@nordlys.example';

describe('the team address setting (TEAM_EMAIL)', () => {
  it("defaults to team@ the public URL's host without www., and takes an address of its own", () => {
    expect(readConfig({ PUBLIC_URL: 'https://www.nordlys.example' }).teamEmail).toBe('team@nordlys.example');
    expect(readConfig({ PUBLIC_URL: 'https://jobs.nordlys.example' }).teamEmail).toBe('team@jobs.nordlys.example');
    expect(readConfig({ PORT: '4000' }).teamEmail).toBe('team@localhost');
    expect(readConfig({ TEAM_EMAIL: 'hej@nordlys.dk' }).teamEmail).toBe('hej@nordlys.dk');
  });

  it('refuses a value that is not an address, naming the variable', () => {
    expect(() => readConfig({ TEAM_EMAIL: 'team' })).toThrow(ConfigError);
    expect(() => readConfig({ TEAM_EMAIL: 'team' })).toThrow(/^TEAM_EMAIL must be an e-mail address/);
  });
});

describe.each(backends)('POST /contact on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL, productName: 'Nordlys', teamEmail: TEAM }, queue: true });
  let counter = 0;
  const sender = (label: string) => `${label}-${++counter}-${backend}@example.test`;
  const message = (overrides: Record<string, unknown> = {}) => ({
    kind: 'contact',
    name: 'Mads Berg',
    email: sender('mads'),
    message: 'Hello! Do you list jobs in the Faroe Islands too?\nThanks, Mads',
    reCaptchaResponse: TEST_CAPTCHA_OK,
    ...overrides,
  });
  const post = (body: unknown, ip = freshIp()) => t.send('/api/contact', body, { headers: { 'X-Forwarded-For': ip } });
  const teamMails = () => t.auth.mailer.sent.filter((m) => m.to === TEAM);

  it('answers 202 and queues one mail to the team address, with the sender as Reply-To', async () => {
    const before = teamMails().length;
    const body = message({ name: 'Mads "the boss" Berg' });
    const answer = await post(body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ kind: 'contact' });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    // Queued, not sent: the worker sends it.
    expect(teamMails()).toHaveLength(before);
    expect(await t.runJobs([QUEUES.mail])).toMatchObject({ completed: 1, failed: 0 });
    const sent = teamMails().slice(before);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Contact form: Mads "the boss" Berg');
    expect(mail.headers).toEqual({ 'Reply-To': `"Mads the boss Berg" <${body.email}>` });
    expect(mail.text).toContain('Do you list jobs in the Faroe Islands too?\nThanks, Mads');
    expect(mail.text).toContain(`From: Mads "the boss" Berg <${body.email}>`);
    expect(mail.text).toContain(`Page: ${PUBLIC_URL}/contact`);
    expect(mail.html).toContain('Mads &quot;the boss&quot; Berg');
    // The sender gets nothing: the form never mails the address it is given.
    expect(t.auth.mailer.sent.filter((m) => m.to === body.email)).toEqual([]);
  });

  it('sends each service request from its page, with the startup or community named', async () => {
    const before = teamMails().length;
    const requests = [
      { kind: 'scout', company: 'Aurora Labs', page: '/scout', subject: 'Scout request: Mads Berg (Aurora Labs)', what: 'Startup: Aurora Labs' },
      { kind: 'headhunter', company: 'Aurora Labs', page: '/headhunter', subject: 'Headhunter request: Mads Berg (Aurora Labs)', what: 'Startup: Aurora Labs' },
      { kind: 'community', company: 'Copenhagen Founders', page: '/community-program', subject: 'Community program application: Mads Berg (Copenhagen Founders)', what: 'Community: Copenhagen Founders' },
    ];
    for (const r of requests) expect((await post(message({ kind: r.kind, company: r.company }))).status).toBe(202);
    await t.runJobs([QUEUES.mail]);
    // The queue sends in any order.
    const sent = teamMails().slice(before);
    expect(sent.map((m) => m.subject).sort()).toEqual(requests.map((r) => r.subject).sort());
    for (const r of requests) {
      const mail = sent.find((m) => m.subject === r.subject)!;
      expect(mail.text).toContain(r.what);
      expect(mail.text).toContain(`Page: ${PUBLIC_URL}${r.page}`);
    }
  });

  it('answers 400 with a message under each field, and queues nothing', async () => {
    const before = teamMails().length;
    const empty = await post({ kind: 'contact', name: ' ', email: 'not-an-address', message: '', reCaptchaResponse: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('E_VALIDATION');
    expect(empty.body.errors).toEqual({
      name: [CONTACT_MESSAGES.name],
      email: [CONTACT_MESSAGES.email],
      message: [CONTACT_MESSAGES.message],
      reCaptchaResponse: [CONTACT_MESSAGES.captcha],
    });
    const short = await post(message({ message: 'Hi' }));
    expect(short.body.errors).toEqual({ message: ['Please write at least 10 characters'] });
    const scout = await post(message({ kind: 'scout', company: '  ' }));
    expect(scout.body.errors).toEqual({ company: [CONTACT_MESSAGES.startup] });
    const community = await post(message({ kind: 'community' }));
    expect(community.body.errors).toEqual({ company: [CONTACT_MESSAGES.community] });
    const unknown = await post(message({ kind: 'sales' }));
    expect(Object.keys(unknown.body.errors)).toEqual(['kind']);
    await t.runJobs([QUEUES.mail]);
    expect(teamMails()).toHaveLength(before);
  });

  it('refuses a wrong captcha answer with the message under the captcha, and queues nothing', async () => {
    const before = teamMails().length;
    const wrong = await post(message({ reCaptchaResponse: 'a-guess' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ reCaptchaResponse: [CONTACT_MESSAGES.captcha] });
    // A replayed answer is a wrong one to the real captchas (captcha/altcha.test.ts, recaptcha.test.ts).
    await t.runJobs([QUEUES.mail]);
    expect(teamMails()).toHaveLength(before);
  });

  it(`takes ${CONTACT_LIMITS_PER_HOUR.perEmail.max} messages an hour from one address, then 429 with Retry-After`, async () => {
    const email = sender('busy');
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perEmail.max; i++) expect((await post(message({ email }))).status).toBe(202);
    // From another network, with the address in other letters: still the same sender.
    const refused = await post(message({ email: email.toUpperCase() }));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('E_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(message())).status).toBe(202);
  });

  it(`takes ${CONTACT_LIMITS_PER_HOUR.perIp.max} messages an hour from one network (refused captchas count), then 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perIp.max; i++) expect((await post(message({ reCaptchaResponse: 'wrong' }), ip)).status).toBe(400);
    const refused = await post(message(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(message(), freshIp())).status).toBe(202);
  });

  it('answers 503 without mail and captcha, and when a direct send fails', async () => {
    const config = { publicUrl: PUBLIC_URL, productName: 'Nordlys', trustProxy: true };
    const bare = new Hono().route('/', contactRouter({ db: t.db, config })).onError(handleError);
    const res = await bare.request('/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message()) });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'E_UNAVAILABLE', message: CONTACT_UNAVAILABLE_MESSAGE });

    const mailer = new RecordingMailer();
    mailer.failing = true;
    const parts = createTestAuthParts();
    const failing = new Hono().route('/', contactRouter({ db: t.db, config, auth: { ...parts, mailer }, mail: directOutbox(mailer) })).onError(handleError);
    const failed = await failing.request('/contact', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() }, body: JSON.stringify(message()) });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ code: 'E_MAIL_FAILED', message: CONTACT_MAIL_FAILED_MESSAGE });
  });

  it('GET /showcase names the demo startup with a career domain and the demo feed, cacheable', async () => {
    const answer = await t.get('/api/showcase');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public/);
    expect(v.parse(ShowcaseSchema, answer.body)).toEqual({
      careerPage: { companyKey: NORTHWIND_KEY, careersDomain: 'careers.northwind.test' },
      whiteLabelFeed: { domain: PARTNER_FEED_DOMAIN },
    });
  });
});
