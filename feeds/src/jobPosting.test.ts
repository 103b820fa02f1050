import type { Job } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { postedAt } from '@nordlys/sdk/dates';
import { frontendJob, hostileJob, remoteJob } from '@nordlys/sdk/testing';
import { jobPostingJsonLd, serializeJsonLd } from './jobPosting';

const origin = 'https://nordlys.example';

describe('jobPostingJsonLd', () => {
  it('describes an on-site job with its place, organisation, dates and type', () => {
    expect(jobPostingJsonLd(frontendJob, { origin })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Senior Frontend Engineer',
      description: frontendJob.description,
      datePosted: postedAt(frontendJob),
      validThrough: frontendJob.expirationDate,
      employmentType: 'FULL_TIME',
      url: 'https://nordlys.example/jobs/1',
      identifier: { '@type': 'PropertyValue', name: 'Aurora Labs', value: '1' },
      hiringOrganization: { '@type': 'Organization', name: 'Aurora Labs', sameAs: 'http://aurora-labs.example' },
      directApply: false,
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Njalsgade 21, 2300 København S',
          addressLocality: 'Copenhagen',
          addressCountry: 'DK',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'DKK',
        value: { '@type': 'QuantitativeValue', minValue: 50000, maxValue: 65000, unitText: 'YEAR' },
      },
    });
  });

  it('marks a remote job as TELECOMMUTE with the country applicants must be in, and an absolute logo', () => {
    const posting = jobPostingJsonLd(remoteJob, { origin });
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Norway' });
    expect(posting).not.toHaveProperty('jobLocation');
    expect(posting.employmentType).toBe('CONTRACTOR');
    expect(posting.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Fjord Pay',
      sameAs: 'https://fjordpay.example',
      logo: 'https://nordlys.example/images/thumbnail/fjord.png',
    });
    // A competitive salary states no amount.
    expect(posting).not.toHaveProperty('baseSalary');
  });

  it('falls back to the company country for a remote job without one, and leaves out what is unknown', () => {
    const job: Job = {
      ...remoteJob,
      location: null,
      expirationDate: null,
      company: { ...remoteJob.company, countries: [{ countryCode: 'FI' }], website: null, logoImage: null },
    };
    const posting = jobPostingJsonLd(job, { origin });
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Finland' });
    expect(posting).not.toHaveProperty('validThrough');
    expect(posting.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Fjord Pay' });
  });

  it('says directApply exactly when the job takes applications on the site (issue #13), not at a URL, by e-mail or unknown', () => {
    const withApply = (apply: Job['apply']): Job => ({ ...frontendJob, apply });
    expect(jobPostingJsonLd(withApply({ method: 'nordlys', url: null, email: null }), { origin }).directApply).toBe(true);
    expect(jobPostingJsonLd(withApply({ method: 'url', url: 'https://aurora-labs.example/careers', email: null }), { origin }).directApply).toBe(false);
    expect(jobPostingJsonLd(withApply({ method: 'email', url: null, email: 'jobs@aurora-labs.example' }), { origin }).directApply).toBe(false);
    expect(jobPostingJsonLd(withApply(undefined), { origin }).directApply).toBe(false);
    // A boolean, stated either way (compact leaves false in).
    expect(serializeJsonLd(jobPostingJsonLd(withApply({ method: 'nordlys', url: null, email: null }), { origin }))).toContain('"directApply":true');
  });

  it("states a salary range per the job's own period, and leaves out a range whose period is unknown (issue #32)", () => {
    const paid = (salary: Job['salary']) => jobPostingJsonLd({ ...frontendJob, salary }, { origin }).baseSalary;
    expect(paid({ type: 'range', min: 40_000, max: 48_000, currency: 'DKK', period: 'month' })).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'DKK',
      value: { '@type': 'QuantitativeValue', minValue: 40_000, maxValue: 48_000, unitText: 'MONTH' },
    });
    expect(paid({ type: 'range', min: 300, max: null, currency: 'NOK', period: 'hour' })).toMatchObject({ value: { minValue: 300, unitText: 'HOUR' } });
    // A yearly guess for an older job's range would tell Google twelve times too little for a monthly pay.
    expect(paid({ type: 'range', min: 40_000, max: 48_000, currency: 'DKK' })).toBeUndefined();
    expect(paid({ type: 'range', min: 40_000, max: 48_000, currency: 'DKK', period: null })).toBeUndefined();
  });

  it('maps every position type to a schema.org employment type', () => {
    const types = { FULL_TIME: 'FULL_TIME', PART_TIME: 'PART_TIME', INTERNSHIP: 'INTERN', FREELANCE: 'CONTRACTOR', COFOUNDER: 'OTHER' } as const;
    for (const [positionType, employmentType] of Object.entries(types)) {
      const job = { ...frontendJob, positionType: positionType as Job['positionType'] };
      expect(jobPostingJsonLd(job, { origin }).employmentType).toBe(employmentType);
    }
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so no text can close the script element, and parses back to the same data', () => {
    const posting = jobPostingJsonLd(hostileJob, { origin });
    const text = serializeJsonLd(posting);
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(posting);
  });

  it('escapes the line separators that end JavaScript strings', () => {
    const text = serializeJsonLd({ description: 'a\u2028b\u2029c & d' });
    expect(text).toBe('{"description":"a\\u2028b\\u2029c \\u0026 d"}');
    expect(JSON.parse(text)).toEqual({ description: 'a\u2028b\u2029c & d' });
  });
});
