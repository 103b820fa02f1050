import { describe, expect, it } from 'vitest';
import { searchFeedAlternates, searchFeeds } from './jobSearch';

describe('the feeds of a job search (issue #14)', () => {
  it('links RSS, Atom and JSON Feed for the same filters, without sort or page', () => {
    const feeds = searchFeeds({ search: 'react dev', countryCode: 'DK', city: 'Aarhus', categories: ['frontend', 'backend'], positionTypes: ['FULL_TIME'], sort: 'oldest', page: 3 });
    const query = 'search=react+dev&countryCode=DK&city=Aarhus&categories=frontend&categories=backend&positionTypes=FULL_TIME';
    expect(feeds).toEqual([
      { format: 'rss', name: 'RSS', type: 'application/rss+xml', href: `/jobs/feed.rss?${query}` },
      { format: 'atom', name: 'Atom', type: 'application/atom+xml', href: `/jobs/feed.atom?${query}` },
      { format: 'json', name: 'JSON Feed', type: 'application/feed+json', href: `/jobs/feed.json?${query}` },
    ]);
    expect(searchFeeds({}).map((f) => f.href)).toEqual(['/jobs/feed.rss', '/jobs/feed.atom', '/jobs/feed.json']);
  });

  it('titles the head alternates with the search', () => {
    expect(searchFeedAlternates({ search: 'frontend', countryCode: 'DK' })).toEqual([
      { type: 'application/rss+xml', title: 'RSS: frontend · Denmark', href: '/jobs/feed.rss?search=frontend&countryCode=DK' },
      { type: 'application/atom+xml', title: 'Atom: frontend · Denmark', href: '/jobs/feed.atom?search=frontend&countryCode=DK' },
      { type: 'application/feed+json', title: 'JSON Feed: frontend · Denmark', href: '/jobs/feed.json?search=frontend&countryCode=DK' },
    ]);
    expect(searchFeedAlternates({ countryCode: 'REMOTE' })[0]!.title).toBe('RSS: Remote');
    expect(searchFeedAlternates({})[0]!.title).toBe('RSS: All jobs');
  });
});
