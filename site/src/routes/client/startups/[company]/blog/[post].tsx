/**
 * `/client/startups/{company}/blog/{post}` (issue #15): the editor of one of the startup's posts;
 * 'new' for a new one (nothing is stored until its first save, which moves the address to its id).
 */
import type { ManagedBlogPost } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BlogPostEditorPage, loadPostForEditor } from '../../../../../components/blog/BlogPostEditorPage';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import type { RouteHandle } from '../../../../../meta';

interface StartupPostData {
  owner: AreaOwner;
  post: ManagedBlogPost | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<StartupPostData> {
  const owner = await companyArea(args);
  const post = await loadPostForEditor(args, { kind: 'company', key: owner.key });
  return { owner, post };
}

export const handle: RouteHandle<StartupPostData> = {
  meta: ({ data }) => ({ title: `${data.post ? `Edit “${data.post.title}”` : 'New post'} · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, post } = useLoaderData<typeof loader>();
  return <BlogPostEditorPage writer={{ scope: { kind: 'company', key: owner.key }, name: owner.name }} post={post} />;
}
