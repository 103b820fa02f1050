import type { JobSummary } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { jobsAtom, type AtomOptions } from './atom';
import { child, descendants, parseXml, type XmlElement } from './testing/xml-tree';

const origin = 'https://nordlys.example';
const options: AtomOptions = {
  title: 'Nordlys jobs',
  id: 'tag:nordlys.example,2026:jobs',
  selfUrl: 'https://nordlys.example/feeds/jobs.atom?q=a&b',
  alternateUrl: 'https://nordlys.example/jobs',
  origin,
  updated: new Date('2026-11-22T10:00:00Z'),
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const jobs: JobSummary[] = [frontendJob, remoteJob, hostileJob].map(summary);

const text = (el: XmlElement, name: string) => child(el, name).text;
const links = (el: XmlElement) => descendants(el, 'link').filter((l) => el.children.includes(l)).map((l) => l.attributes);

describe('jobsAtom', () => {
  it('writes a well-formed Atom feed with id, title, updated, self and alternate links and one entry per job', () => {
    const xml = jobsAtom(jobs, options);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const feed = parseXml(xml);
    expect(feed.name).toBe('feed');
    expect(feed.attributes).toEqual({ xmlns: 'http://www.w3.org/2005/Atom' });
    expect(text(feed, 'id')).toBe('tag:nordlys.example,2026:jobs');
    expect(child(feed, 'title')).toMatchObject({ text: 'Nordlys jobs', attributes: { type: 'text' } });
    expect(text(feed, 'updated')).toBe('2026-11-22T10:00:00.000Z');
    expect(links(feed)).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: 'https://nordlys.example/feeds/jobs.atom?q=a&b' },
      { rel: 'alternate', type: 'text/html', href: 'https://nordlys.example/jobs' },
    ]);
    expect(descendants(feed, 'entry')).toHaveLength(3);
    expect(xml.match(/<entry>/g)).toHaveLength(3);
  });

  it('gives each entry the job URL as id and link, the posted date (approvedAt) as updated and published, a summary, the company as author and categories', () => {
    const job = { ...summary(frontendJob), createdAt: '2026-11-20T08:00:00Z', approvedAt: '2026-11-21T09:30:00Z' };
    const entry = child(parseXml(jobsAtom([job], options)), 'entry');
    expect(text(entry, 'id')).toBe('https://nordlys.example/jobs/1');
    expect(links(entry)).toEqual([{ rel: 'alternate', type: 'text/html', href: 'https://nordlys.example/jobs/1' }]);
    expect(child(entry, 'title')).toMatchObject({ text: 'Senior Frontend Engineer at Aurora Labs', attributes: { type: 'text' } });
    expect(text(entry, 'updated')).toBe('2026-11-21T09:30:00.000Z');
    expect(text(entry, 'published')).toBe('2026-11-21T09:30:00.000Z');
    expect(child(entry, 'summary')).toMatchObject({ text: 'Copenhagen, Denmark · Full-time', attributes: { type: 'text' } });
    expect(text(child(entry, 'author'), 'name')).toBe('Aurora Labs');
    expect(descendants(entry, 'category').map((c) => c.attributes)).toEqual([
      { term: 'frontend', label: 'Frontend' },
      { term: 'design', label: 'Design' },
    ]);
  });

  it('uses createdAt as the posted date before approval, and the feed date when the job dates do not parse', () => {
    const pending = { ...summary(frontendJob), createdAt: '2026-11-20T08:00:00Z', approvedAt: null };
    const broken = { ...summary(remoteJob), createdAt: 'yesterday', approvedAt: null };
    const [first, second] = descendants(parseXml(jobsAtom([pending, broken], options)), 'entry');
    expect(text(first!, 'updated')).toBe('2026-11-20T08:00:00.000Z');
    expect(text(first!, 'published')).toBe('2026-11-20T08:00:00.000Z');
    expect(text(second!, 'updated')).toBe('2026-11-22T10:00:00.000Z');
    expect(descendants(second!, 'published')).toHaveLength(0);
  });

  it('dates every entry in ISO 8601 and identifies it by an absolute URL', () => {
    for (const entry of descendants(parseXml(jobsAtom(jobs, options)), 'entry')) {
      expect(text(entry, 'updated')).toMatch(ISO);
      expect(text(entry, 'published')).toMatch(ISO);
      expect(text(entry, 'id')).toMatch(/^https:\/\/nordlys\.example\/jobs\/\d+$/);
    }
  });

  it('keeps markup in job fields as escaped text and strips characters XML forbids', () => {
    const xml = jobsAtom([{ ...summary(hostileJob), company: { ...hostileJob.company, name: 'A\u0007 & B' } }], options);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('</script');
    const entry = child(parseXml(xml), 'entry');
    expect(text(entry, 'title')).toBe(`${hostileJob.title} at A & B`);
    expect(text(child(entry, 'author'), 'name')).toBe('A & B');
  });

  it('refuses an id that is not an IRI, relative links and an invalid date', () => {
    expect(() => jobsAtom(jobs, { ...options, id: 'jobs' })).toThrow(/id must be an absolute IRI/);
    expect(() => jobsAtom(jobs, { ...options, selfUrl: '/feeds/jobs.atom' })).toThrow(/selfUrl must be an absolute/);
    expect(() => jobsAtom(jobs, { ...options, alternateUrl: 'jobs' })).toThrow(/alternateUrl must be an absolute/);
    expect(() => jobsAtom([], { ...options, origin: 'nordlys.example' })).toThrow(/origin must be an absolute/);
    expect(() => jobsAtom(jobs, { ...options, updated: new Date('nope') })).toThrow(/updated must be a valid Date/);
    expect(jobsAtom([], { ...options, id: 'https://nordlys.example/jobs' })).toContain('<id>https://nordlys.example/jobs</id>');
  });
});
