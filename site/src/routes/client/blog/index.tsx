/**
 * `/client/blog` (issue #15): the site's own blog posts, written by its admins: drafts and published,
 * with New post, Publish or Unpublish and Delete. For anyone but an admin the page does not exist (404).
 */
import type { ManagedBlogPostSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../api';
import { ManagedBlogPosts } from '../../../components/blog/ManagedBlogPosts';
import { signedInArea } from '../../../layouts/areas';
import { notFound, orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { useRootData } from '../../../root';

interface AdminBlogData {
  posts: ManagedBlogPostSummary[];
}

export async function loader(args: LoaderFunctionArgs): Promise<AdminBlogData> {
  // Signed out: sign in and come back (the auth guard); signed in without admin rights: no such page.
  const user = await signedInArea(args);
  if (!user?.isAdmin) notFound();
  const { posts } = await orRouteError(apiFrom(args.context).blog.posts({ kind: 'site' }));
  return { posts };
}

export const handle: RouteHandle<AdminBlogData> = {
  meta: () => ({ title: 'Blog posts', noindex: true }),
};

export function Component() {
  const { posts } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  return (
    <div className="page container">
      <ManagedBlogPosts
        writer={{ scope: { kind: 'site' }, name: productName }}
        posts={posts}
        lead={`The posts of the ${productName} team on the blog: advice for candidates and startups, and news of the site. Startups write their own posts from their area.`}
      />
    </div>
  );
}
