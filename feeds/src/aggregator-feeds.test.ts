/** Indeed's and LinkedIn's XML feeds: the elements each format requires on every job, the description whole and escaped, well-formed XML. */
import { describe, expect, it } from 'vitest';
import type { Job } from '@nordlys/sdk/schemas';
import { frontendJob, hostileJob, remoteJob } from '@nordlys/sdk/testing';
import { aggregatorPlace, type AggregatorJob } from './aggregator';
import { indeedFeed, indeedFeedChunks, salaryText } from './indeed';
import { jobPostingJsonLd } from './jobPosting';
import { linkedinFeed, linkedinFeedChunks } from './linkedin';
import { child, parseXml, type XmlElement } from './testing/xml-tree';

const ORIGIN = 'https://nordlys.example';
const UPDATED = new Date('2026-11-22T10:00:00Z');

/**
 * Everything a description can hold that could break the document or be lost on the way: a CDATA
 * end (twice, and at the very end), markup that must stay markup, entities, an ampersand, emoji
 * and other astral characters, Nordic letters, and characters XML forbids.
 */
const NASTY = '<p>Build &amp; ship]]> our <strong>app</strong> ]]]]> now</p><script>alert("x")</script> Tom & Jerry 😀 Ærø ø å \u{1D11E}\u0000\u0008\u000B\uFFFE\uD800 end]]>';
/** What survives: all of it but the characters no XML document may carry. */
const NASTY_KEPT = '<p>Build &amp; ship]]> our <strong>app</strong> ]]]]> now</p><script>alert("x")</script> Tom & Jerry 😀 Ærø ø å \u{1D11E} end]]>';

const nastyJob: Job = {
  ...frontendJob,
  id: 41,
  title: 'Engineer ]]> & <b>lead</b> 😀',
  description: NASTY,
  apply: { method: 'email', url: null, email: 'jobs@aurora.example' },
  salary: { type: 'range', min: 50_000, max: 65_000, currency: 'DKK', period: 'year' },
};
const jobs: AggregatorJob[] = [frontendJob, remoteJob, hostileJob, nastyJob];

const fields = (job: XmlElement) => Object.fromEntries(job.children.map((c) => [c.name, c.text]));

describe('indeedFeed', () => {
  const source = parseXml(indeedFeed(jobs, { publisher: 'Nordlys', origin: ORIGIN, updated: UPDATED }));
  const items = source.children.filter((c) => c.name === 'job');

  it('writes a well-formed <source> with the publisher, its URL and the build date', () => {
    expect(source.name).toBe('source');
    expect(child(source, 'publisher').text).toBe('Nordlys');
    expect(child(source, 'publisherurl').text).toBe(`${ORIGIN}/`);
    expect(child(source, 'lastBuildDate').text).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(items).toHaveLength(jobs.length);
  });

  it('gives every job the elements Indeed requires, at its canonical URL', () => {
    for (const [i, item] of items.entries()) {
      const job = jobs[i]!;
      const f = fields(item);
      // Issue #32: a remote job too has a city (Indeed refused 147 demo jobs without one).
      for (const name of ['title', 'date', 'referencenumber', 'requisitionid', 'url', 'company', 'city', 'country', 'description']) {
        expect(f[name], `${name} of job ${job.id}`).toBeTruthy();
      }
      expect(f.url).toBe(`${ORIGIN}/jobs/${job.id}`);
      expect(f.referencenumber).toBe(String(job.id));
      expect(new Date(f.date!).toISOString()).toBe(f.date);
      expect(f.company).toBe(job.company.name);
      // Every element of a job is one CDATA section or plain text, never empty.
      for (const element of item.children) expect(element.children, element.name).toEqual([]);
    }
  });

  it('keeps the description whole, in CDATA, with `]]>` split and only forbidden characters dropped', () => {
    const xml = indeedFeed([nastyJob], { publisher: 'Nordlys', origin: ORIGIN });
    const f = fields(child(parseXml(xml), 'job'));
    expect(f.description).toBe(NASTY_KEPT);
    expect(f.title).toBe('Engineer ]]> & <b>lead</b> 😀');
    // Indeed reads no HTML entities: the markup arrives as markup inside CDATA, not as &lt;…&gt;.
    expect(xml).toContain('<description><![CDATA[<p>Build &amp; ship]]]]><![CDATA[> our <strong>app</strong>');
    expect(xml).not.toContain('&lt;script');
  });

  it('states the place, salary, job type, categories, expiry, apply address and remote type the job page shows', () => {
    const f = fields(child(parseXml(indeedFeed([nastyJob], { publisher: 'Nordlys', origin: ORIGIN })), 'job'));
    expect(f).toMatchObject({
      city: 'Copenhagen',
      country: 'DK',
      postalcode: '2300',
      streetaddress: 'Njalsgade 21',
      email: 'jobs@aurora.example',
      jobtype: 'fulltime',
      category: 'Frontend, Design',
      expirationdate: new Date(nastyJob.expirationDate!).toISOString(),
    });
    // Intl puts (narrow) no-break spaces in money: compare the words.
    expect(f.salary!.replace(/\s+/gu, ' ')).toBe('DKK 50,000–65,000 per year');
    expect(f.remotetype).toBeUndefined();
    const remote = fields(child(parseXml(indeedFeed([remoteJob], { publisher: 'Nordlys', origin: ORIGIN })), 'job'));
    expect(remote).toMatchObject({ city: 'Remote', country: 'NO', jobtype: 'contract', remotetype: 'Fully remote' });
    expect(remote.salary).toBeUndefined();
    expect(remote.email).toBeUndefined();
  });

  it('streams the same document in chunks, reading batches only when asked', async () => {
    let read = 0;
    async function* batches() {
      for (const batch of [jobs.slice(0, 2), [], jobs.slice(2)]) {
        read++;
        yield batch;
      }
    }
    const chunks = indeedFeedChunks(batches(), { publisher: 'Nordlys', origin: ORIGIN, updated: UPDATED });
    expect(read).toBe(0);
    let streamed = '';
    for await (const chunk of chunks) streamed += chunk;
    expect(read).toBe(3);
    expect(streamed).toBe(indeedFeed(jobs, { publisher: 'Nordlys', origin: ORIGIN, updated: UPDATED }));
  });

  it('writes a valid empty feed and refuses a relative origin', () => {
    expect(parseXml(indeedFeed([], { publisher: 'Nordlys', origin: ORIGIN })).children.map((c) => c.name)).toEqual(['publisher', 'publisherurl']);
    expect(() => indeedFeed([], { publisher: 'Nordlys', origin: 'nordlys.example' })).toThrow(/origin must be an absolute/);
  });
});

describe('linkedinFeed', () => {
  const options = { publisher: 'Nordlys', origin: ORIGIN, posterEmail: 'team@nordlys.example', updated: UPDATED, expectedJobCount: jobs.length };
  const source = parseXml(linkedinFeed(jobs, options));
  const items = source.children.filter((c) => c.name === 'job');

  it('writes a well-formed <source> with the build date, publisher and expected job count', () => {
    expect(fields(source)).toMatchObject({
      lastBuildDate: 'Sun, 22 Nov 2026 10:00:00 GMT',
      publisherURL: `${ORIGIN}/`,
      publisher: 'Nordlys',
      expectedJobCount: String(jobs.length),
    });
    expect(items).toHaveLength(jobs.length);
  });

  it("gives every job LinkedIn's mandatory elements, applied for at its canonical URL", () => {
    for (const [i, item] of items.entries()) {
      const job = jobs[i]!;
      const f = fields(item);
      for (const name of ['partnerJobId', 'company', 'title', 'description', 'applyUrl', 'location', 'posterEmail', 'country', 'workplaceTypes']) {
        expect(f[name], `${name} of job ${job.id}`).toBeTruthy();
      }
      expect(f.partnerJobId).toBe(String(job.id));
      expect(f.partnerJobId!.length).toBeLessThanOrEqual(40);
      expect(f.applyUrl).toBe(`${ORIGIN}/jobs/${job.id}`);
    }
  });

  it('keeps the description whole and escaped', () => {
    const f = fields(child(parseXml(linkedinFeed([nastyJob], options)), 'job'));
    expect(f.description).toBe(NASTY_KEPT);
    expect(f.title).toBe('Engineer ]]> & <b>lead</b> 😀');
  });

  it('says where and how the job is worked, what it pays, and whom to write to', () => {
    const job = child(parseXml(linkedinFeed([{ ...nastyJob, company: { ...nastyJob.company, linkedinId: '1035' } }], options)), 'job');
    expect(fields(job)).toMatchObject({
      location: 'Copenhagen, Denmark',
      city: 'Copenhagen',
      country: 'DK',
      postalCode: '2300',
      workplaceTypes: 'On-site',
      jobtype: 'FULL_TIME',
      companyId: '1035',
      // A job that takes applications by e-mail names its public address; others the board's team address.
      posterEmail: 'jobs@aurora.example',
    });
    const salary = child(child(job, 'salaries'), 'salary');
    expect(fields(child(salary, 'lowEnd'))).toEqual({ amount: '50000', currencyCode: 'DKK' });
    expect(fields(child(salary, 'highEnd'))).toEqual({ amount: '65000', currencyCode: 'DKK' });
    expect(fields(salary)).toMatchObject({ period: 'YEARLY', type: 'BASE_SALARY' });

    const remote = child(parseXml(linkedinFeed([{ ...remoteJob, company: { ...remoteJob.company, linkedinId: 'not-a-number' } }], options)), 'job');
    expect(fields(remote)).toMatchObject({ location: 'Norway', country: 'NO', workplaceTypes: 'Remote', jobtype: 'CONTRACT', posterEmail: 'team@nordlys.example' });
    expect(fields(remote).companyId).toBeUndefined();
    expect(remote.children.some((c) => c.name === 'salaries')).toBe(false);
  });

  it('streams the same document in chunks', async () => {
    let streamed = '';
    for await (const chunk of linkedinFeedChunks([jobs.slice(0, 1), jobs.slice(1)], options)) streamed += chunk;
    expect(streamed).toBe(linkedinFeed(jobs, options));
  });
});

describe('aggregatorPlace', () => {
  const at = (location: Job['location'], more: Partial<Pick<Job, 'isRemote' | 'remoteCountryCode'>> = {}) =>
    aggregatorPlace({ isRemote: false, remoteCountryCode: null, location, company: { countries: [{ countryCode: 'SE' }] }, ...more });

  it('reads the postal code and town of a Nordic address, and keeps a locality first', () => {
    expect(at({ locality: null, country: 'SE', address: 'Drottninggatan 12, 111 51 Stockholm' })).toEqual({
      city: 'Stockholm',
      postalCode: '111 51',
      country: 'SE',
      streetAddress: 'Drottninggatan 12',
      label: 'Stockholm, Sweden',
    });
    expect(at({ locality: 'Aarhus', country: 'DK', address: 'Åboulevarden 3, 8000 Aarhus C' })).toMatchObject({ city: 'Aarhus', postalCode: '8000' });
    expect(at({ locality: 'Oslo', country: 'NO', address: 'Karl Johans gate 1' })).toMatchObject({ city: 'Oslo', postalCode: null, streetAddress: 'Karl Johans gate 1' });
  });

  it("falls back to the startup's country, and gives a remote job no city", () => {
    expect(at(null)).toEqual({ city: null, postalCode: null, country: 'SE', streetAddress: null, label: 'Sweden' });
    expect(at({ locality: 'Oslo', country: 'NO', address: null }, { isRemote: true, remoteCountryCode: 'FI' })).toEqual({
      city: null,
      postalCode: null,
      country: 'FI',
      streetAddress: null,
      label: 'Finland',
    });
  });
});

describe('salaryText', () => {
  const words = (text: string | null) => text?.replace(/\s+/gu, ' ');
  it('says what a range pays per period, and nothing for a competitive salary', () => {
    expect(words(salaryText({ type: 'range', min: 4000, max: 5500, currency: 'EUR', period: 'month' }))).toBe('€4,000 – €5,500 per month');
    expect(words(salaryText({ type: 'range', min: 40_000, max: null, currency: 'SEK', period: 'year' }))).toBe('From SEK 40,000 per year');
    expect(salaryText({ type: 'unpaid', min: null, max: null, currency: null })).toBe('Unpaid');
    expect(salaryText({ type: 'competitive', min: null, max: null, currency: null })).toBeNull();
    expect(salaryText(null)).toBeNull();
  });

  it('states no salary for a range whose period is unknown, rather than guess one (issue #32)', () => {
    expect(salaryText({ type: 'range', min: 40_000, max: 48_000, currency: 'DKK' })).toBeNull();
    expect(salaryText({ type: 'range', min: 40_000, max: 48_000, currency: 'DKK', period: null })).toBeNull();
  });
});

describe('a monthly salary in every output', () => {
  it('says month in JSON-LD, Indeed and LinkedIn alike (salary.ts)', () => {
    const job: Job = { ...frontendJob, salary: { type: 'range', min: 40_000, max: 48_000, currency: 'DKK', period: 'month' } };
    const indeed = fields(child(parseXml(indeedFeed([job], { publisher: 'Nordlys', origin: ORIGIN })), 'job'));
    expect(indeed.salary!.replace(/\s+/gu, ' ')).toBe('DKK 40,000–48,000 per month');
    const linkedin = child(child(child(parseXml(linkedinFeed([job], { publisher: 'Nordlys', origin: ORIGIN, posterEmail: 'team@nordlys.example' })), 'job'), 'salaries'), 'salary');
    expect(fields(linkedin).period).toBe('MONTHLY');
    expect(jobPostingJsonLd(job, { origin: ORIGIN }).baseSalary).toMatchObject({ value: { unitText: 'MONTH' } });
  });

  it('leaves a range without a period out of LinkedIn too', () => {
    const job: Job = { ...frontendJob, salary: { type: 'range', min: 40_000, max: 48_000, currency: 'DKK' } };
    const xml = linkedinFeed([job], { publisher: 'Nordlys', origin: ORIGIN, posterEmail: 'team@nordlys.example' });
    expect(child(parseXml(xml), 'job').children.some((c) => c.name === 'salaries')).toBe(false);
  });
});
