/**
 * `/client/startups/{company}/blog` (spec 2.4, issue #15): the startup's blog posts, drafts and
 * published, with New post, Publish or Unpublish and Delete. Its members and the site's admins.
 */
import type { ManagedBlogPostSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../../../api';
import { ManagedBlogPosts } from '../../../../../components/blog/ManagedBlogPosts';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface StartupBlogData {
  owner: AreaOwner;
  posts: ManagedBlogPostSummary[];
}

export async function loader(args: LoaderFunctionArgs): Promise<StartupBlogData> {
  const owner = await companyArea(args);
  const { posts } = await orRouteError(apiFrom(args.context).blog.posts({ kind: 'company', key: owner.key }));
  return { owner, posts };
}

export const handle: RouteHandle<StartupBlogData> = {
  meta: ({ data }) => ({ title: `Blog posts · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, posts } = useLoaderData<typeof loader>();
  return (
    <ManagedBlogPosts
      writer={{ scope: { kind: 'company', key: owner.key }, name: owner.name }}
      posts={posts}
      lead={`Posts by ${owner.name} on the blog. Each published post shows your startup and its open jobs below it.`}
    />
  );
}
