/**
 * The two places blog posts are written (issue #15): a startup's area (its members and the admins)
 * and the admins' own (/client/blog). One list and one editor serve both; these say where each
 * scope's pages are, what its uploads belong to, and how a post's state reads.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { paths } from '@nordlys/sdk/routes';
import type { BlogScope, ImageUploadType, ManagedBlogPostSummary, UploadOwner } from '@nordlys/sdk/schemas';

/** Who writes: the scope, and its name as the pages say it ("Northwind Labs", or the product's for the site). */
export interface BlogWriter {
  scope: BlogScope;
  name: string;
}

/** The list of the scope's posts. */
export function writerListPath(scope: BlogScope): string {
  return scope.kind === 'site' ? paths.adminBlog() : paths.companyAdmin(scope.key, 'blog');
}

/** The editor of one of the scope's posts, or of a new one. */
export function writerPostPath(scope: BlogScope, post: number | 'new'): string {
  return scope.kind === 'site' ? paths.adminBlog(post) : paths.companyBlogPost(scope.key, post);
}

/**
 * What a cover upload is: a startup's cover belongs to the startup (its members and admins may use it);
 * the site's posts take an image of the admin's own.
 */
export function coverUpload(scope: BlogScope): { type: ImageUploadType; owner: UploadOwner | undefined } {
  return scope.kind === 'site' ? { type: 'image', owner: undefined } : { type: 'cover', owner: { kind: 'company', key: scope.key } };
}

export type PostState = 'draft' | 'published' | 'waiting';

/** Where a post stands: a draft, out on the blog, or published but waiting for its startup's approval. */
export function postState(post: Pick<ManagedBlogPostSummary, 'publishedAt' | 'public'>): PostState {
  if (!post.publishedAt) return 'draft';
  return post.public ? 'published' : 'waiting';
}

/** The state in words, for the list and the editor. */
export function postStateText(post: Pick<ManagedBlogPostSummary, 'publishedAt' | 'public'>, writer: BlogWriter): string {
  const state = postState(post);
  if (state === 'draft') return writer.scope.kind === 'site' ? 'Draft: only the admins see it' : `Draft: only the team of ${writer.name} sees it`;
  if (state === 'published') return `Published ${exactDate(post.publishedAt!)}`;
  return `Published, and shown on the blog once ${writer.name} is approved`;
}

export const POST_STATE_LABEL: Record<PostState, string> = { draft: 'Draft', published: 'Published', waiting: 'Waiting for approval' };
