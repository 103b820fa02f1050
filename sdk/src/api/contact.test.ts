/** Issue #15: the contact call and the showcase read, as the client sends them; the contact schema's rules per kind. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ContactRequestSchema } from '../schemas/contact';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi } from './index';

const base = { name: 'Mads Berg', email: 'mads@aurora.test', message: 'A senior backend engineer in Copenhagen.', reCaptchaResponse: 'solved' };

describe('api.contact and api.showcase', () => {
  it('POSTs the message as JSON to /api/contact and answers the server’s body', async () => {
    const { last, fetch } = fakeFetch(() => jsonAnswer({ kind: 'scout' }, 202));
    const answer = await createApi({ baseUrl: 'http://nordlys.test/api/', fetch }).contact.send({ kind: 'scout', company: 'Aurora Labs', ...base });
    expect(answer).toEqual({ kind: 'scout' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/contact', json: { kind: 'scout', company: 'Aurora Labs', ...base } });
  });

  it('GETs /api/showcase', async () => {
    const { last, fetch } = fakeFetch(() => jsonAnswer({ careerPage: null, whiteLabelFeed: null }));
    expect(await createApi({ baseUrl: 'http://nordlys.test/api/', fetch }).showcase.get()).toEqual({ careerPage: null, whiteLabelFeed: null });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/showcase' });
  });
});

describe('ContactRequestSchema', () => {
  const issues = (input: unknown) =>
    Object.fromEntries((v.safeParse(ContactRequestSchema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

  it('takes a contact message without a company, and trims what was typed', () => {
    expect(v.parse(ContactRequestSchema, { kind: 'contact', ...base, name: '  Mads Berg ' })).toMatchObject({ name: 'Mads Berg' });
  });

  it("asks Scout and Headhunter for the startup, the community program for the community", () => {
    expect(issues({ kind: 'scout', ...base })).toEqual({ company: CONTACT_MESSAGES.startup });
    expect(issues({ kind: 'headhunter', ...base, company: ' ' })).toEqual({ company: CONTACT_MESSAGES.startup });
    expect(issues({ kind: 'community', ...base })).toEqual({ company: CONTACT_MESSAGES.community });
    expect(issues({ kind: 'community', ...base, company: 'Bergen Founders' })).toEqual({});
  });

  it('keeps the line breaks of a message but no other control characters, and wants a captcha answer', () => {
    expect(issues({ kind: 'contact', ...base, message: 'Hello,\nthanks for the help!' })).toEqual({});
    expect(issues({ kind: 'contact', ...base, name: 'Mads\u0007' })).toEqual({ name: 'Name must not contain control characters' });
    expect(issues({ kind: 'contact', ...base, reCaptchaResponse: '' })).toEqual({ reCaptchaResponse: CONTACT_MESSAGES.captcha });
  });
});
