import type { BlogPost, Image } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { articleJsonLd } from './article';
import { serializeJsonLd } from './jobPosting';

const origin = 'https://nordlys.example';
const image = (path: string): Image => ({
  path,
  sizes: Object.fromEntries(['large', 'cover', 'thumbnail', 'listing', 'portrait', 'social'].map((size) => [size, `/images/${size}/${path}`])) as Image['sizes'],
});

const post: BlogPost = {
  id: 4,
  slug: 'what-our-first-ten-hires-taught-us',
  title: 'What our first ten hires taught us',
  excerpt: 'How we onboard.',
  coverImage: image('demo/cover/2'),
  publishedAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-03T09:30:00.000Z',
  author: { name: 'Mads Holm' },
  company: { id: 1, key: 'northwind-labs', name: 'Northwind Labs', logoImage: null, website: null, whatWeDo: null, countries: [], numberOfActiveJobs: 2 },
  body: '<p>Hello</p>',
  jobs: [],
};

describe('articleJsonLd', () => {
  it("describes a startup's post: headline, images, dates, its writer and startup, and the site as publisher", () => {
    expect(articleJsonLd(post, { origin, publisher: { name: 'Nordlys', logo: '/favicon.svg' } })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'What our first ten hires taught us',
      description: 'How we onboard.',
      url: 'https://nordlys.example/blog/what-our-first-ten-hires-taught-us',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://nordlys.example/blog/what-our-first-ten-hires-taught-us' },
      image: [
        'https://nordlys.example/images/cover/demo/cover/2',
        'https://nordlys.example/images/social/demo/cover/2',
        'https://nordlys.example/images/large/demo/cover/2',
      ],
      datePublished: '2026-05-01T08:00:00.000Z',
      dateModified: '2026-05-03T09:30:00.000Z',
      author: [
        { '@type': 'Person', name: 'Mads Holm' },
        { '@type': 'Organization', name: 'Northwind Labs', url: 'https://nordlys.example/startups/northwind-labs' },
      ],
      publisher: { '@type': 'Organization', name: 'Nordlys', url: 'https://nordlys.example/', logo: { '@type': 'ImageObject', url: 'https://nordlys.example/favicon.svg' } },
    });
  });

  it("names the site as author of its own post when the writer's account is gone, and cuts a long headline", () => {
    const ld = articleJsonLd({ ...post, title: 'A'.repeat(130), author: null, company: null, coverImage: null }, { origin, publisher: { name: 'Nordlys' } });
    expect(ld.headline).toBe(`${'A'.repeat(109)}…`);
    expect(ld.author).toEqual({ '@type': 'Organization', name: 'Nordlys', url: 'https://nordlys.example/' });
    expect(ld.image).toBeUndefined();
  });

  it('serializes safely inside a script element', () => {
    const text = serializeJsonLd(articleJsonLd({ ...post, title: '</script><script>alert(1)</script>' }, { origin, publisher: { name: 'Nordlys' } }));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).headline).toBe('</script><script>alert(1)</script>');
  });
});
