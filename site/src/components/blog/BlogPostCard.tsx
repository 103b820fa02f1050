/**
 * A post on /blog (issue #15): cover, title as the link, summary, and the byline. The whole card is
 * clickable through the title's real <a> (ui.md); the startup in the byline is a link of its own.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { paths } from '@nordlys/sdk/routes';
import type { BlogPostSummary } from '@nordlys/sdk/schemas';
import { Link } from '../../lib/Link';

/**
 * Who wrote a post and when: "Mads Holm, Northwind Labs · 6 May 2026". A site post names the site;
 * the date is exact, in UTC, so the server and the browser print the same text.
 */
export function BlogByline({ post, productName, className = 'blog-byline' }: { post: BlogPostSummary; productName: string; className?: string }) {
  const writer = post.author?.name ?? null;
  return (
    <p className={className}>
      {writer ? <span>{writer}, </span> : null}
      {post.company ? (
        <Link className="blog-byline__startup" to={paths.startup(post.company.key)}>
          {post.company.name}
        </Link>
      ) : (
        <span>{productName}</span>
      )}
      {post.publishedAt ? (
        <>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishedAt}>
            <span className="visually-hidden">, published </span>
            {exactDate(post.publishedAt)}
          </time>
        </>
      ) : null}
    </p>
  );
}

export function BlogPostCard({ post, productName, headingLevel = 2 }: { post: BlogPostSummary; productName: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="blog-card">
      {post.coverImage ? (
        // Decorative: the title says what the post is.
        <img className="blog-card__cover" src={post.coverImage.sizes.listing} alt="" width={1200} height={675} loading="lazy" decoding="async" />
      ) : null}
      <div className="blog-card__body">
        <Heading className="blog-card__title">
          <Link className="blog-card__link" to={paths.blogPost(post.slug)}>
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="blog-card__excerpt">{post.excerpt}</p> : null}
        <BlogByline post={post} productName={productName} className="blog-byline blog-card__byline" />
      </div>
    </article>
  );
}
