import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SCREENING } from '../constants';
import { JOB_LISTING_DAYS } from '../job-status';
import { defaultExpirationDay, expiresAtEndOf, jobMissing, JobInputSchema, JOB_EXPIRY_MAX_DAYS, isoDay } from './job-input';
import { BillingInputSchema } from './orders';

const DAY = 86_400_000;
const base = { title: 'Backend engineer', expirationDate: defaultExpirationDay() };
const messages = (input: unknown) => {
  const result = v.safeParse(JobInputSchema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map((i) => [v.getDotPath(i) ?? '', i.message]));
};

describe('the job form schema (issue #12)', () => {
  it('takes a draft with a title and fills the defaults', () => {
    const out = v.parse(JobInputSchema, base);
    expect(out).toMatchObject({
      title: 'Backend engineer',
      description: null,
      categories: [],
      positionType: 'FULL_TIME',
      location: null,
      salary: { type: 'competitive' },
      equity: { type: 'undisclosed' },
      apply: { method: 'nordlys' },
      screeningQuestions: [],
      expirationDate: expiresAtEndOf(base.expirationDate),
    });
  });

  it('defaults the expiry to 60 days and refuses one in the past or too far ahead', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(defaultExpirationDay(now)).toBe(isoDay(new Date(now.getTime() + JOB_LISTING_DAYS * DAY)));
    expect(messages({ ...base, expirationDate: '2020-01-01' }).expirationDate).toBe('The expiration date must be in the future');
    expect(messages({ ...base, expirationDate: isoDay(new Date(Date.now() + (JOB_EXPIRY_MAX_DAYS + 5) * DAY)) }).expirationDate).toMatch(/within 365 days/);
    expect(messages({ ...base, expirationDate: 'soon' }).expirationDate).toBe('Please choose an expiration date');
  });

  it('names the field of each mistake, with the words the form shows', () => {
    expect(messages({ ...base, title: '  ' }).title).toBe('Please enter the job title');
    expect(messages({ ...base, categories: ['backend', 'frontend', 'devops', 'qa'] }).categories).toBe('Choose at most 3 categories');
    expect(messages({ ...base, location: { kind: 'place', locality: '', countryCode: 'DK' } })['location.locality']).toBe('Please enter the city');
    expect(messages({ ...base, location: { kind: 'moon' } })['location.kind']).toBe('Please choose where the job is');
    expect(messages({ ...base, salary: { type: 'range', min: 700_000, max: 500_000, currency: 'DKK', period: 'year' } })['salary.max']).toBe(
      'The highest salary must be at least the lowest',
    );
    expect(messages({ ...base, equity: { type: 'percentage', min: 0.5, max: 101 } })['equity.max']).toBe('The highest equity must be at most 100%');
    expect(messages({ ...base, apply: { method: 'url', url: '' } })['apply.url']).toBe('Please enter the link where candidates apply');
    expect(messages({ ...base, apply: { method: 'email', email: 'nope' } })['apply.email']).toBe('Application e-mail must be an e-mail address');
    const six = Array.from({ length: SCREENING.maxQuestions + 1 }, (_, i) => `Question ${i}?`);
    expect(messages({ ...base, screeningQuestions: six }).screeningQuestions).toBe('Ask at most 5 questions');
  });

  it('takes every equity percentage with two decimals, and refuses a third (issue #32: 0.07 and 0.29 were refused)', () => {
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) {
      const share = hundredths / 100;
      expect(messages({ ...base, equity: { type: 'percentage', min: share, max: share } }), String(share)).toEqual({});
    }
    expect(messages({ ...base, equity: { type: 'percentage', min: 0.075, max: 1 } })['equity.min']).toBe('The lowest equity takes at most two decimals');
  });

  it('adds the scheme to an application link (spec 5) and keeps the remote country optional', () => {
    const out = v.parse(JobInputSchema, { ...base, apply: { method: 'url', url: 'northwind.dk/jobs/1' }, location: { kind: 'remote' } });
    expect(out.apply).toEqual({ method: 'url', url: 'http://northwind.dk/jobs/1' });
    expect(out.location).toEqual({ kind: 'remote', countryCode: null });
  });

  it('lists what a job lacks before publishing', () => {
    expect(jobMissing({ description: '<p> </p>', categories: [], location: null })).toEqual({
      description: 'Please describe the job',
      categories: 'Please choose at least one category',
      location: 'Please choose where the job is',
    });
    expect(jobMissing({ description: '<p>Build things</p>', categories: ['backend'], location: { kind: 'remote', countryCode: null } })).toEqual({});
  });
});

describe('billing details', () => {
  it('normalises a VAT number and refuses one without its country code', () => {
    const billing = { name: 'Northwind Labs ApS', address: 'Nørrebrogade 1', postalCode: '2200', city: 'København', countryCode: 'DK', email: 'billing@northwind.dk' };
    expect(v.parse(BillingInputSchema, { ...billing, vatNumber: 'dk 1234-5678' }).vatNumber).toBe('DK12345678');
    expect(v.parse(BillingInputSchema, { ...billing, vatNumber: '' }).vatNumber).toBeNull();
    const bad = v.safeParse(BillingInputSchema, { ...billing, vatNumber: '12345678' });
    expect(bad.success ? null : bad.issues[0]?.message).toMatch(/country code/);
  });
});
