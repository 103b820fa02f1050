/**
 * `/client/blog/{post}` (issue #15): the editor of one of the site's own posts ('new' for a new one).
 * Admins only: for anyone else the page does not exist (404).
 */
import type { ManagedBlogPost } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BlogPostEditorPage, loadPostForEditor } from '../../../components/blog/BlogPostEditorPage';
import { signedInArea } from '../../../layouts/areas';
import { notFound } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { useRootData } from '../../../root';

interface AdminPostData {
  post: ManagedBlogPost | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<AdminPostData> {
  const user = await signedInArea(args);
  if (!user?.isAdmin) notFound();
  return { post: await loadPostForEditor(args, { kind: 'site' }) };
}

export const handle: RouteHandle<AdminPostData> = {
  meta: ({ data }) => ({ title: data.post ? `Edit “${data.post.title}”` : 'New blog post', noindex: true }),
};

export function Component() {
  const { post } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  return (
    <div className="page container">
      <BlogPostEditorPage writer={{ scope: { kind: 'site' }, name: productName }} post={post} />
    </div>
  );
}
