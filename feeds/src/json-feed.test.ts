import type { JobSummary } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { jobsJsonFeed, type JsonFeedOptions } from './json-feed';

const options: JsonFeedOptions = {
  title: 'Nordlys jobs',
  homePageUrl: 'https://nordlys.example/jobs',
  feedUrl: 'https://nordlys.example/feeds/jobs.json',
  origin: 'https://nordlys.example',
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const jobs: JobSummary[] = [frontendJob, remoteJob, hostileJob].map(summary);

describe('jobsJsonFeed', () => {
  it('is a JSON Feed 1.1 with its title, home page, feed URL and one item per job', () => {
    const feed = jobsJsonFeed(jobs, options);
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Nordlys jobs',
      home_page_url: 'https://nordlys.example/jobs',
      feed_url: 'https://nordlys.example/feeds/jobs.json',
    });
    expect(feed.items).toHaveLength(3);
  });

  it('gives each item the job URL as id and url, "title at company", a text, the posted date (approvedAt, as the job page says), tags and the company as author', () => {
    const job = { ...summary(frontendJob), createdAt: '2026-11-21T08:00:00Z', approvedAt: '2026-11-22T10:00:00Z' };
    const [item] = jobsJsonFeed([job], options).items;
    expect(item).toMatchObject({
      id: 'https://nordlys.example/jobs/1',
      url: 'https://nordlys.example/jobs/1',
      title: 'Senior Frontend Engineer at Aurora Labs',
      content_text: 'Copenhagen, Denmark · Full-time',
      date_published: '2026-11-22T10:00:00.000Z',
      tags: ['Frontend', 'Design'],
      authors: [{ name: 'Aurora Labs' }],
    });
  });

  it('dates every item in ISO 8601 and links it absolutely', () => {
    for (const item of jobsJsonFeed(jobs, options).items) {
      expect(item.date_published).toMatch(ISO);
      expect(item.url).toMatch(/^https:\/\/nordlys\.example\/jobs\/\d+$/);
      expect(typeof item.id).toBe('string');
    }
  });

  it('carries the job under _nordlys, without the flags of the user who loaded the list and without its view count', () => {
    const job: JobSummary = { ...summary(remoteJob), saved: true, interestedAt: '2026-11-21T10:00:00Z' };
    const [item] = jobsJsonFeed([job], options).items;
    const { views: _views, ...published } = summary(remoteJob);
    expect(item!._nordlys).toEqual(published);
    expect(item!._nordlys).not.toHaveProperty('views');
    expect(item!._nordlys).not.toHaveProperty('saved');
    expect(item!._nordlys).not.toHaveProperty('interestedAt');
    expect(Object.keys(item!).filter((key) => !/^(id|url|title|content_text|date_published|tags|authors)$/.test(key))).toEqual(['_nordlys']);
  });

  it('survives JSON with hostile texts intact', () => {
    const feed = jobsJsonFeed([summary(hostileJob)], options);
    const back = JSON.parse(JSON.stringify(feed));
    expect(back).toEqual(feed);
    expect(back.items[0].title).toBe(`${hostileJob.title} at Aurora Labs`);
  });

  it('leaves out an unparsable date and refuses relative feed URLs', () => {
    expect(jobsJsonFeed([{ ...summary(frontendJob), createdAt: '', approvedAt: null }], options).items[0]).not.toHaveProperty('date_published');
    expect(() => jobsJsonFeed(jobs, { ...options, feedUrl: '/feeds/jobs.json' })).toThrow(/feedUrl must be an absolute/);
    expect(() => jobsJsonFeed([], { ...options, origin: '/' })).toThrow(/origin must be an absolute/);
    expect(() => jobsJsonFeed(jobs, { ...options, homePageUrl: 'jobs' })).toThrow(/homePageUrl must be an absolute/);
  });
});
