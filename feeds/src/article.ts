/** schema.org Article JSON-LD for a blog post's page (issue #15): what search engines read of a post. */
import { paths } from '@nordlys/sdk/routes';
import type { BlogPost } from '@nordlys/sdk/schemas';
import type { JsonLd } from './jobPosting';

export interface ArticleOptions {
  /** The site origin, to make the post URL and image paths absolute, e.g. 'https://nordlys.jobs'. */
  origin: string;
  /** The site, which publishes every post: its name, and its logo's path or URL when it has one. */
  publisher: { name: string; logo?: string | null };
}

/** Google shows at most this much of a headline. */
const HEADLINE_MAX = 110;

const absolute = (url: string, origin: string) => new URL(url, origin).href;

/**
 * Builds the Article of a published post. The author is the person who wrote it (else the startup,
 * else the site); a startup's post names the startup too, as the organisation it is about.
 * @example articleJsonLd(post, { origin: 'https://nordlys.jobs', publisher: { name: 'Nordlys' } })['@type'] // 'Article'
 */
export function articleJsonLd(post: BlogPost, { origin, publisher }: ArticleOptions): JsonLd {
  const url = absolute(paths.blogPost(post.slug), origin);
  const site: JsonLd = {
    '@type': 'Organization',
    name: publisher.name,
    url: absolute(paths.home(), origin),
    ...(publisher.logo ? { logo: { '@type': 'ImageObject', url: absolute(publisher.logo, origin) } } : {}),
  };
  const company: JsonLd | null = post.company
    ? { '@type': 'Organization', name: post.company.name, url: absolute(paths.startup(post.company.key), origin) }
    : null;
  const author: JsonLd = post.author ? { '@type': 'Person', name: post.author.name } : (company ?? site);
  const headline = post.title.length > HEADLINE_MAX ? `${post.title.slice(0, HEADLINE_MAX - 1)}…` : post.title;
  const article: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline,
    description: post.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: company && post.author ? [author, company] : author,
    publisher: site,
    dateModified: post.updatedAt,
  };
  if (post.publishedAt) article.datePublished = post.publishedAt;
  if (post.coverImage) {
    // The sizes Google asks for: wide (16:9), and the large original shape.
    article.image = [post.coverImage.sizes.cover, post.coverImage.sizes.social, post.coverImage.sizes.large].map((src) => absolute(src, origin));
  }
  if (!post.excerpt) delete article.description;
  return article;
}
