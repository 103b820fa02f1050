/**
 * `/blog/{slug}` (issue #15): one post in the reading column, with its Article JSON-LD, the cover,
 * the sanitized body and share links; then its startup's card and open jobs ("its startup's jobs
 * below it"), or, for the site's own posts, the way to the jobs. 404 unless the post is public.
 */
import { articleJsonLd, serializeJsonLd } from '@nordlys/feeds';
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import { BlogSlugSchema, type BlogPost } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import * as v from 'valibot';
import { apiFrom, originFrom } from '../../api';
import { BlogByline } from '../../components/blog/BlogPostCard';
import { CompanyCard } from '../../components/CompanyCard';
import { JobList } from '../../components/JobList';
import { htmlText, WideImage } from '../../components/ProfileParts';
import { ShareLinks } from '../../components/ShareLinks';
import { notFound, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

interface BlogPostData {
  post: BlogPost;
  origin: string;
}

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<BlogPostData> {
  const slug = params.slug ?? '';
  // Not a post's address: no call, straight to 'Page not found'.
  if (!v.is(BlogSlugSchema, slug)) notFound();
  const post = await orRouteError(apiFrom(context).blog.get(slug));
  return { post, origin: originFrom(context) };
}

export const handle: RouteHandle<BlogPostData> = {
  meta: ({ data: { post } }) => ({
    title: post.title,
    description: post.excerpt,
    image: post.coverImage?.sizes.social ?? null,
    type: 'article',
    canonicalPath: paths.blogPost(post.slug),
  }),
};

/** The summary as a lead above the post, unless it is only the post's own first words (made when the writer gave none). */
export function leadOf(post: Pick<BlogPost, 'excerpt' | 'body'>): string | null {
  const excerpt = post.excerpt.replace(/…$/, '').trim();
  if (!excerpt) return null;
  const start = htmlText(post.body).replace(/\s+/g, ' ').trim();
  return start.startsWith(excerpt) ? null : post.excerpt;
}

export function Component() {
  const { post, origin } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  const { company, jobs } = post;
  const url = new URL(paths.blogPost(post.slug), origin).href;
  const lead = leadOf(post);
  return (
    <>
      <article className="blog-post" aria-labelledby="blog-post-title">
        <header className="blog-post__head">
          <h1 id="blog-post-title" className="blog-post__title">
            {post.title}
          </h1>
          {lead ? <p className="blog-post__lead">{lead}</p> : null}
          <BlogByline post={post} productName={productName} className="blog-byline blog-post__byline" />
        </header>
        {post.coverImage ? <WideImage className="blog-post__cover" image={post.coverImage} alt="" sizes="(min-width: 760px) 720px, 100vw" eager /> : null}
        <div className="prose blog-post__body" dangerouslySetInnerHTML={{ __html: post.body }} />
        <section className="blog-post__share" aria-labelledby="blog-share-heading">
          <h2 id="blog-share-heading">Share this post</h2>
          <ShareLinks url={url} title={post.title} description={post.excerpt} />
        </section>
      </article>

      {company ? (
        <section className="blog-post__startup" aria-labelledby="blog-jobs-heading">
          <CompanyCard company={company} />
          <h2 id="blog-jobs-heading">Open jobs at {company.name}</h2>
          {jobs.length ? (
            <>
              <JobList jobs={jobs} />
              {company.numberOfActiveJobs > jobs.length ? (
                <p>
                  <Link to={paths.startup(company.key)}>
                    See all {countLabel(company.numberOfActiveJobs, 'open job')} at {company.name}
                  </Link>
                </p>
              ) : null}
            </>
          ) : (
            <p className="muted">
              {company.name} has no open jobs right now. <Link to={paths.startup(company.key)}>Follow {company.name}</Link> to hear when it hires, or{' '}
              <Link to={paths.jobs()}>browse other startup jobs</Link>.
            </p>
          )}
        </section>
      ) : (
        <section className="blog-post__startup" aria-labelledby="blog-jobs-heading">
          <h2 id="blog-jobs-heading">Find your next startup job</h2>
          <p>Startups across Denmark, Norway, Sweden, Finland and Iceland post their open jobs on {productName}.</p>
          <p>
            <Link to={paths.jobs()} className="button button--primary">
              Browse startup jobs
            </Link>
          </p>
        </section>
      )}

      <p className="blog-post__more">
        <Link to={paths.blog()}>More posts on the {productName} blog</Link>
      </p>

      <script
        type="application/ld+json"
        // Escaped so that no text of the post can close the script element.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(articleJsonLd(post, { origin, publisher: { name: productName } })) }}
      />
    </>
  );
}
