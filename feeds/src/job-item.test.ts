import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { absoluteUrl, jobItem, parseDate } from './job-item';

const origin = 'https://nordlys.example';

describe('jobItem', () => {
  it('states the absolute URL, "title at company", location and type, category texts and author of an on-site job', () => {
    const item = jobItem(summary(frontendJob), origin);
    expect(item).toMatchObject({
      url: 'https://nordlys.example/jobs/1',
      title: 'Senior Frontend Engineer at Aurora Labs',
      summary: 'Copenhagen, Denmark · Full-time',
      categories: [
        { term: 'frontend', label: 'Frontend' },
        { term: 'design', label: 'Design' },
      ],
      author: 'Aurora Labs',
    });
  });

  it('says Remote for a remote job and keeps an unknown category as it is', () => {
    const item = jobItem({ ...remoteJob, categories: ['data-science', 'astrology'] }, `${origin}/`);
    expect(item.url).toBe('https://nordlys.example/jobs/2');
    expect(item.summary).toBe('Remote · Freelance');
    expect(item.categories).toEqual([
      { term: 'data-science', label: 'Data science' },
      { term: 'astrology', label: 'astrology' },
    ]);
  });

  it('leaves the location out when there is none', () => {
    expect(jobItem({ ...frontendJob, location: null }, origin).summary).toBe('Full-time');
  });

  it('keeps markup in the title as text: escaping is the document’s job', () => {
    expect(jobItem(hostileJob, origin).title).toBe('QA Lead </script><script>alert(1)</script> at Aurora Labs');
  });

  it('is dated at the posted date: approvedAt, else createdAt; an unparsable date becomes null', () => {
    const job = { ...frontendJob, createdAt: '2026-11-20T08:00:00Z', approvedAt: '2026-11-22T10:00:00Z' };
    expect(jobItem(job, origin).posted).toEqual(new Date('2026-11-22T10:00:00Z'));
    expect(jobItem({ ...job, approvedAt: null }, origin).posted).toEqual(new Date('2026-11-20T08:00:00Z'));
    expect(jobItem({ ...job, createdAt: 'soon', approvedAt: null }, origin).posted).toBeNull();
    expect(parseDate(null)).toBeNull();
  });

  it('refuses an origin that would make the links relative or not web links', () => {
    expect(() => jobItem(frontendJob, 'nordlys.example')).toThrow(/origin must be an absolute http\(s\) URL/);
    expect(() => jobItem(frontendJob, 'javascript:alert(1)//')).toThrow(TypeError);
  });
});

describe('absoluteUrl', () => {
  it('resolves against a base and normalises to what feeds and sitemaps expect', () => {
    expect(absoluteUrl('/jobs/1', 'https://nordlys.example', 'origin')).toBe('https://nordlys.example/jobs/1');
    expect(absoluteUrl('https://Nordlys.Example/søg?q=a b', undefined, 'link')).toBe('https://nordlys.example/s%C3%B8g?q=a%20b');
  });

  it('names the option it rejects', () => {
    expect(() => absoluteUrl('/jobs', undefined, 'selfUrl')).toThrow('selfUrl must be an absolute http(s) URL, got "/jobs"');
    expect(() => absoluteUrl('mailto:jobs@nordlys.example', undefined, 'link')).toThrow(/link must be/);
  });
});
