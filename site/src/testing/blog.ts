/** Blog answers of the fake /api (issue #15): a public post with its startup and jobs, a site post, and posts as their writers manage them. */
import { BlogPostSchema, ManagedBlogPostSchema, type BlogPost, type BlogPostSummary, type Image, type ManagedBlogPost } from '@nordlys/sdk/schemas';
import { companies, frontendJob, remoteJob, summary } from '@nordlys/sdk/testing';
import * as v from 'valibot';

export const image = (path: string): Image => ({
  path,
  sizes: Object.fromEntries(['large', 'cover', 'thumbnail', 'listing', 'portrait', 'social'].map((size) => [size, `/images/${size}/${path}`])) as Image['sizes'],
});

const aurora = companies[0]!;

/** Aurora Labs' published post, with two of its jobs. */
export function startupPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return v.parse(BlogPostSchema, {
    id: 11,
    slug: 'how-we-hire-at-aurora-labs',
    title: 'How we hire at Aurora Labs',
    excerpt: 'Four steps, two weeks, and an answer to everyone who applies.',
    coverImage: image('demo/cover/2'),
    publishedAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-02T10:00:00.000Z',
    author: { name: 'Mads Holm' },
    company: aurora,
    body: '<h2>The first call</h2><p>We call every candidate within a week.</p><ul><li>A short call</li><li>A paid task</li></ul>',
    jobs: [summary(frontendJob), summary(remoteJob)],
    ...overrides,
  });
}

/** One of the site's own posts, without a cover. */
export function sitePost(overrides: Partial<BlogPost> = {}): BlogPost {
  return v.parse(BlogPostSchema, {
    ...startupPost(),
    id: 12,
    slug: 'moving-to-the-nordics',
    title: 'Moving to the Nordics for a startup job',
    excerpt: 'Permits, ID numbers and housing.',
    coverImage: null,
    author: { name: 'Astrid Lindqvist' },
    company: null,
    jobs: [],
    publishedAt: '2026-04-20T08:00:00.000Z',
    ...overrides,
  });
}

/** The list card of a post. */
export function summaryOf(post: BlogPost): BlogPostSummary {
  const { body: _b, jobs: _j, company, ...rest } = post;
  return { ...rest, company: company && { id: company.id, key: company.key, name: company.name, logoImage: company.logoImage } };
}

/** A post as its writers see it in the editor. */
export function managedPost(overrides: Partial<ManagedBlogPost> = {}): ManagedBlogPost {
  return v.parse(ManagedBlogPostSchema, {
    ...summaryOf(sitePost()),
    id: 7,
    slug: 'nordlys-news',
    title: 'Nordlys news',
    excerpt: 'What is new.',
    ownExcerpt: 'What is new.',
    body: '<p>We have news.</p>',
    publishedAt: null,
    createdAt: '2026-05-01T08:00:00.000Z',
    public: false,
    ...overrides,
  });
}
