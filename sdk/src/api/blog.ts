/**
 * Issue #15: the blog's calls. The public posts (GET /blog, /blog/{slug}), and the writers' own:
 * a startup's posts under companies/{key}/blog (its members and the site's admins) and the site's
 * posts under blog-admin/posts (admins). The writers' calls take a BlogScope that picks the routes,
 * so one editor serves both. Writes answer 400 with field messages, 403 for a stranger, 404 for a
 * post that is not the scope's.
 */
import { toSearchParams } from './params';
import type { Transport } from './transport';
import type { BlogPost, BlogPostInput, BlogPostList, BlogScope, ManagedBlogPost, ManagedBlogPostList } from '../schemas/blog';
import { noAnswer } from './no-answer';

/** The route of a scope's posts, or of one of them. */
export function blogScopePath(scope: BlogScope, id?: number): string {
  const base = scope.kind === 'site' ? 'blog-admin/posts' : `companies/${encodeURIComponent(scope.key)}/blog`;
  return id === undefined ? base : `${base}/${id}`;
}

export function blogApi(http: Transport) {
  return {
    /** GET /blog?page=: the public posts, newest first, a page of BLOG_LIMITS.pageSize. */
    list: (page = 1) => http.get('blog', { searchParams: toSearchParams({ page: page > 1 ? page : undefined }) }).json<BlogPostList>(),
    /** GET /blog/{slug}: a public post with its startup's card and open jobs (404 unless public). */
    get: (slug: string) => http.get(`blog/${encodeURIComponent(slug)}`).json<BlogPost>(),
    /** GET the scope's posts, drafts included, last changed first. */
    posts: (scope: BlogScope) => http.get(blogScopePath(scope)).json<ManagedBlogPostList>(),
    /** GET one of the scope's posts, for the editor. */
    post: (scope: BlogScope, id: number) => http.get(blogScopePath(scope, id)).json<ManagedBlogPost>(),
    /** POST a new post as a draft (201); its slug comes from the title and stays. */
    create: (scope: BlogScope, body: BlogPostInput) => http.post(blogScopePath(scope), { json: body }).json<ManagedBlogPost>(),
    /** PUT the whole form; a published post changes at once. */
    update: (scope: BlogScope, id: number, body: BlogPostInput) => http.put(blogScopePath(scope, id), { json: body }).json<ManagedBlogPost>(),
    /** DELETE a post for good (204). */
    remove: (scope: BlogScope, id: number) => noAnswer(http.delete(blogScopePath(scope, id))),
    /** POST …/{id}/publish: out now (400 `errors.body` when it has no text yet). Publishing a published post changes nothing. */
    publish: (scope: BlogScope, id: number) => http.post(`${blogScopePath(scope, id)}/publish`).json<ManagedBlogPost>(),
    /** POST …/{id}/unpublish: back to a draft that only its writers see. */
    unpublish: (scope: BlogScope, id: number) => http.post(`${blogScopePath(scope, id)}/unpublish`).json<ManagedBlogPost>(),
  };
}
export type BlogApi = ReturnType<typeof blogApi>;
