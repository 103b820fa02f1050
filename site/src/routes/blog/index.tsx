/**
 * `/blog` (issue #15, spec 2.1): the public posts, newest first, a page at a time (?page=N, the first
 * page has no query). Each page is its own canonical URL; a page past the last, or a page number
 * that is not one, is a 404.
 */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { BlogPostList } from '@nordlys/sdk/schemas';
import { useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { BlogPostCard } from '../../components/blog/BlogPostCard';
import { EmptyState } from '../../components/JobList';
import { Pagination } from '../../components/Pagination';
import { notFound, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

interface BlogData {
  list: BlogPostList;
}

/** The page number of `?page=`: 1 without it, null when it is not a page number. */
export function blogPageOf(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<BlogData> {
  const page = blogPageOf(new URL(request.url));
  if (page === null) notFound();
  const list = await orRouteError(apiFrom(context).blog.list(page));
  if (page > 1 && page > list.pages) notFound();
  return { list };
}

export const handle: RouteHandle<BlogData> = {
  meta: ({ data: { list }, productName }) => ({
    title: list.page > 1 ? `Blog, page ${list.page}` : 'Blog',
    description:
      list.page > 1
        ? `Page ${list.page} of the ${productName} blog: advice on startup jobs and hiring in the Nordics, and stories from Nordic startups.`
        : `Advice on finding a startup job and hiring in the Nordics from the ${productName} team, and stories from the startups hiring on ${productName}.`,
    canonicalPath: paths.blog(list.page),
  }),
};

export function Component() {
  const { list } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  return (
    <section className="blog-list-page" aria-labelledby="blog-posts-heading" aria-busy={loading || undefined}>
      <h2 id="blog-posts-heading" className="visually-hidden">
        {list.page > 1 ? `Posts, page ${list.page} of ${list.pages}` : 'Latest posts'}
      </h2>
      {list.posts.length ? (
        <>
          <p className="blog-list-page__count muted">{countLabel(list.total, 'post')}</p>
          <ul className={loading ? 'blog-list is-loading' : 'blog-list'}>
            {list.posts.map((post) => (
              <li key={post.id}>
                <BlogPostCard post={post} productName={productName} headingLevel={3} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState title="No posts yet">
          <p>The first stories from Nordic startups are on their way. Meanwhile, see who is hiring.</p>
          <p>
            <Link to={paths.jobs()} className="button button--primary">
              Browse startup jobs
            </Link>
          </p>
        </EmptyState>
      )}
      <Pagination page={list.page} pages={list.pages} label="Blog pages" href={(page) => paths.blog(page)} />
    </section>
  );
}
