/**
 * The page around the blog post editor (issue #15), shared by a startup's editor and the admins':
 * the loader's part (':post' is 'new' or the post's id) and the heading. Both routes render this one
 * component, so when the first save turns 'new' into the id the form stays as it is.
 */
import type { BlogScope, ManagedBlogPost } from '@nordlys/sdk/schemas';
import type { LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { notFound, orRouteError } from '../../lib/routeErrors';
import { BlogPostEditor } from './BlogPostEditor';
import type { BlogWriter } from './writers';

/** The post of the route's ':post', or null for 'new'; a 404 for anything else or another scope's post. */
export async function loadPostForEditor(args: Pick<LoaderFunctionArgs, 'params' | 'context'>, scope: BlogScope): Promise<ManagedBlogPost | null> {
  const raw = args.params.post ?? '';
  if (raw === 'new') return null;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) notFound();
  return orRouteError(apiFrom(args.context).blog.post(scope, Number(raw)));
}

export function BlogPostEditorPage({ writer, post }: { writer: BlogWriter; post: ManagedBlogPost | null }) {
  const site = writer.scope.kind === 'site';
  return (
    <div className="blog-editor-page">
      <header className="page-head">
        <h1>{post ? 'Edit post' : 'New post'}</h1>
        <p className="page-head__lead">
          {site
            ? `A post of the ${writer.name} team on the blog. Only admins see it until it is published.`
            : `A post by ${writer.name} on the blog, with your startup and its open jobs below it. Only your team sees it until it is published.`}
        </p>
      </header>
      <BlogPostEditor writer={writer} post={post} />
    </div>
  );
}
