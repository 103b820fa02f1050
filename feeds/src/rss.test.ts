import type { JobSummary } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { jobsRss, rfc822Date, type RssOptions } from './rss';
import { child, descendants, parseXml } from './testing/xml-tree';

const origin = 'https://nordlys.example';
const options: RssOptions = {
  title: 'Nordlys jobs',
  link: 'https://nordlys.example/jobs',
  description: 'New jobs at Nordic startups',
  selfUrl: 'https://nordlys.example/feeds/jobs.rss?country=DK&type=full',
  origin,
};
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const jobs: JobSummary[] = [frontendJob, remoteJob, hostileJob].map(summary);

const text = (el: Parameters<typeof child>[0], name: string) => child(el, name).text;

describe('jobsRss', () => {
  it('writes a well-formed RSS 2.0 channel with its self link and one item per job', () => {
    const xml = jobsRss(jobs, options);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const rss = parseXml(xml);
    expect(rss.name).toBe('rss');
    expect(rss.attributes).toEqual({ version: '2.0', 'xmlns:atom': 'http://www.w3.org/2005/Atom' });
    const channel = child(rss, 'channel');
    expect(text(channel, 'title')).toBe('Nordlys jobs');
    expect(text(channel, 'link')).toBe('https://nordlys.example/jobs');
    expect(text(channel, 'description')).toBe('New jobs at Nordic startups');
    expect(text(channel, 'language')).toBe('en');
    expect(child(channel, 'atom:link').attributes).toEqual({
      href: 'https://nordlys.example/feeds/jobs.rss?country=DK&type=full',
      rel: 'self',
      type: 'application/rss+xml',
    });
    expect(xml).toContain('country=DK&amp;type=full');
    expect(descendants(channel, 'item')).toHaveLength(3);
    expect(xml.match(/<item>/g)).toHaveLength(3);
  });

  it('gives each item its title, absolute link, permalink guid, RFC 822 posted date (approvedAt, as the job page says), description and categories', () => {
    const job = { ...summary(frontendJob), createdAt: '2026-11-22T10:00:00.000Z', approvedAt: '2026-11-23T09:00:00.000Z' };
    const item = child(child(parseXml(jobsRss([job], options)), 'channel'), 'item');
    expect(text(item, 'title')).toBe('Senior Frontend Engineer at Aurora Labs');
    expect(text(item, 'link')).toBe('https://nordlys.example/jobs/1');
    expect(child(item, 'guid')).toMatchObject({ text: 'https://nordlys.example/jobs/1', attributes: { isPermaLink: 'true' } });
    expect(text(item, 'pubDate')).toBe('Mon, 23 Nov 2026 09:00:00 GMT');
    expect(text(item, 'description')).toBe('Copenhagen, Denmark · Full-time');
    expect(descendants(item, 'category').map((c) => c.text)).toEqual(['Frontend', 'Design']);
  });

  it('dates every item in RFC 822 and links it absolutely', () => {
    const items = descendants(parseXml(jobsRss(jobs, options)), 'item');
    for (const item of items) {
      expect(text(item, 'pubDate')).toMatch(RFC_822);
      expect(text(item, 'link')).toMatch(/^https:\/\/nordlys\.example\/jobs\/\d+$/);
      expect(text(item, 'guid')).toBe(text(item, 'link'));
    }
    expect(text(items[1]!, 'description')).toBe('Remote · Freelance');
  });

  it('keeps markup in job fields as escaped text, never as elements', () => {
    const xml = jobsRss([summary(hostileJob)], options);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('</script');
    expect(xml).toContain('QA Lead &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; at Aurora Labs');
    const item = descendants(parseXml(xml), 'item')[0]!;
    expect(item.children.map((c) => c.name)).not.toContain('script');
    expect(text(item, 'title')).toBe(`${hostileJob.title} at Aurora Labs`);
  });

  it('strips characters XML forbids from job and channel texts', () => {
    const job = { ...summary(frontendJob), title: 'Bad\u0000 \u000Bbytes\uFFFE\uD800', company: { ...frontendJob.company, name: 'Ctrl\u001FCo' } };
    const xml = jobsRss([job], { ...options, title: 'Jobs\u0008' });
    const channel = child(parseXml(xml), 'channel');
    expect(text(channel, 'title')).toBe('Jobs');
    expect(text(child(channel, 'item'), 'title')).toBe('Bad bytes at CtrlCo');
  });

  it('takes a language and a last build date when given', () => {
    const channel = child(parseXml(jobsRss([], { ...options, language: 'da', updated: new Date('2026-11-22T10:00:00Z') })), 'channel');
    expect(text(channel, 'language')).toBe('da');
    expect(text(channel, 'lastBuildDate')).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(descendants(channel, 'item')).toHaveLength(0);
    expect(descendants(child(parseXml(jobsRss([], options)), 'channel'), 'lastBuildDate')).toHaveLength(0);
  });

  it('leaves out the date of a job whose date does not parse instead of writing "Invalid Date"', () => {
    const xml = jobsRss([{ ...summary(frontendJob), createdAt: 'not a date', approvedAt: null }], options);
    expect(descendants(parseXml(xml), 'pubDate')).toHaveLength(0);
    expect(xml).not.toContain('Invalid');
  });

  it('refuses relative links, which no reader can follow', () => {
    expect(() => jobsRss(jobs, { ...options, link: '/jobs' })).toThrow(/link must be an absolute/);
    expect(() => jobsRss(jobs, { ...options, selfUrl: 'feeds/jobs.rss' })).toThrow(/selfUrl must be an absolute/);
    expect(() => jobsRss([], { ...options, origin: '' })).toThrow(/origin must be an absolute/);
  });
});

describe('rfc822Date', () => {
  it('writes GMT dates with a four-digit year and two-digit day', () => {
    expect(rfc822Date(new Date('2026-11-22T10:00:00Z'))).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(rfc822Date(new Date('2027-01-05T23:59:59+01:00'))).toBe('Tue, 05 Jan 2027 22:59:59 GMT');
  });
});
