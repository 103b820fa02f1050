/**
 * Issue #15: the blog (spec 2.1 /blog, spec 2.4 /client/startups/{company}/blog). A post is the
 * site's own (written by its admins, no company) or a startup's. What the public list and page read,
 * what the writers manage, and what the editor sends, with its messages.
 */
import * as v from 'valibot';
import { intParam, noControlCharacters, PageInfoSchema } from './common';
import { CompanyRefSchema, CompanySummarySchema } from './company';
import { ImageSchema } from './image';
import { JobSummarySchema } from './job';
import { ImagePathSchema, requiredText } from './profile-input';

/** The blog's sizes: the editor's limits (the body fits the API's 64 KB JSON limit), the list's page and the jobs under a post. */
export const BLOG_LIMITS = {
  titleMax: 120,
  excerptMax: 300,
  bodyMax: 40_000,
  slugMax: 80,
  /** Posts per page of /blog. */
  pageSize: 12,
  /** The startup's open jobs shown under its post. */
  jobsShown: 4,
} as const;

/** The blog's words, shared by the editor's checks and the server's answers. */
export const BLOG_MESSAGES = {
  title: 'Please enter the title of the post',
  excerptMax: `The summary must be at most ${BLOG_LIMITS.excerptMax} characters`,
  bodyMax: 'The post must be at most 40,000 characters',
  /** Publishing needs more than a draft: some text. */
  bodyToPublish: 'Write the post before you publish it',
  cover: 'The cover must be an image uploaded for this post',
  /** For API_MESSAGES.notFound. */
  what: 'Blog post',
} as const;

/** A post's URL segment: lower-case words joined by dashes, made from its first title (sdk slugify). */
export const BlogSlugSchema = /* @__PURE__ */ v.pipe(
  v.string('Must be the address of a post'),
  v.maxLength(BLOG_LIMITS.slugMax + 12, 'Must be the address of a post'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be the address of a post'),
);

/** A post's id, as a route parameter. */
export const BlogPostIdSchema = /* @__PURE__ */ intParam('Post id', 1, 2_147_483_647);

export const BlogAuthorSchema = /* @__PURE__ */ v.object({ name: v.string() });
export type BlogAuthor = v.InferOutput<typeof BlogAuthorSchema>;

/** A post in the list: its card on /blog, and the rows of the writers' lists. */
export const BlogPostSummarySchema = /* @__PURE__ */ v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  /** Plain text: what the writer gave, else the start of the post. The list, the meta description, the share text. */
  excerpt: v.string(),
  coverImage: v.nullable(ImageSchema),
  /** Null while a draft or unpublished. */
  publishedAt: v.nullable(v.string()),
  updatedAt: v.string(),
  /** Who wrote it; null once their account is gone. */
  author: v.nullable(BlogAuthorSchema),
  /** The startup that wrote it; null for the site's own posts. */
  company: v.nullable(CompanyRefSchema),
});
export type BlogPostSummary = v.InferOutput<typeof BlogPostSummarySchema>;

/** GET /blog?page=: the public posts, newest first. */
export const BlogPostListSchema = /* @__PURE__ */ v.object({
  posts: v.array(BlogPostSummarySchema),
  ...PageInfoSchema.entries,
});
export type BlogPostList = v.InferOutput<typeof BlogPostListSchema>;

export const BlogListQuerySchema = /* @__PURE__ */ v.object({
  page: v.optional(intParam('Page', 1, 10_000), 1),
});
export type BlogListQuery = v.InferOutput<typeof BlogListQuerySchema>;

/** GET /blog/{slug}: the whole post, with its startup's card and a few of its open jobs ("its startup's jobs below it"). */
export const BlogPostSchema = /* @__PURE__ */ v.object({
  ...BlogPostSummarySchema.entries,
  /** Sanitized HTML (the sdk policy, on write and again on read). */
  body: v.string(),
  company: v.nullable(CompanySummarySchema),
  jobs: v.array(JobSummarySchema),
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

/** A post as its writers manage it (a startup's members, or the site's admins), in their list. */
export const ManagedBlogPostSummarySchema = /* @__PURE__ */ v.object({
  ...BlogPostSummarySchema.entries,
  createdAt: v.string(),
  /**
   * Whether readers see it now (sdk isBlogPostPublic): published, and its startup public. A startup
   * still in review can publish; its posts show once it is approved.
   */
  public: v.boolean(),
});
export type ManagedBlogPostSummary = v.InferOutput<typeof ManagedBlogPostSummarySchema>;

export const ManagedBlogPostListSchema = /* @__PURE__ */ v.object({ posts: v.array(ManagedBlogPostSummarySchema) });
export type ManagedBlogPostList = v.InferOutput<typeof ManagedBlogPostListSchema>;

/** One post in the editor: the summary with its body as stored (and as typed: the editor's `excerpt` is the writer's own). */
export const ManagedBlogPostSchema = /* @__PURE__ */ v.object({
  ...ManagedBlogPostSummarySchema.entries,
  body: v.string(),
  /** The summary as the writer typed it ('' when left to the start of the post). */
  ownExcerpt: v.string(),
});
export type ManagedBlogPost = v.InferOutput<typeof ManagedBlogPostSchema>;

/**
 * POST and PUT of a post, the startup's (companies/{key}/blog) or the site's (blog-admin/posts): the
 * editor's whole form. A draft needs only its title; publishing also needs text (blogPostMissing).
 */
export const BlogPostInputSchema = /* @__PURE__ */ v.object({
  title: requiredText('Title', BLOG_LIMITS.titleMax, BLOG_MESSAGES.title),
  /** Plain text; line breaks become spaces. */
  excerpt: v.pipe(
    v.optional(v.string('The summary must be text'), ''),
    noControlCharacters('The summary', { lines: true }),
    v.transform((s) => s.replace(/\s+/g, ' ').trim()),
    v.maxLength(BLOG_LIMITS.excerptMax, BLOG_MESSAGES.excerptMax),
  ),
  /** Rich text (HTML) from the editor; the server sanitizes it with the one policy (sdk/sanitize) before storing. */
  body: v.pipe(
    v.optional(v.nullable(v.string('The post must be text')), ''),
    v.transform((s) => s ?? ''),
    v.maxLength(BLOG_LIMITS.bodyMax, BLOG_MESSAGES.bodyMax),
    noControlCharacters('The post', { lines: true }),
  ),
  /** The `path` an image upload answered; null for none. */
  coverImage: v.nullish(ImagePathSchema, null),
});
export type BlogPostInput = v.InferInput<typeof BlogPostInputSchema>;
export type BlogPostValues = v.InferOutput<typeof BlogPostInputSchema>;

/** Whether HTML holds any text (an editor left alone leaves '<p><br></p>' behind). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim().length > 0;
}

/** What a post still lacks before it can be published, by field; {} when it may go out. */
export function blogPostMissing(post: { title: string; body: string }): Partial<Record<'title' | 'body', string>> {
  const missing: Partial<Record<'title' | 'body', string>> = {};
  if (!post.title.trim()) missing.title = BLOG_MESSAGES.title;
  if (!hasText(post.body)) missing.body = BLOG_MESSAGES.bodyToPublish;
  return missing;
}

/**
 * Whose posts a writer works on: a startup's (its members and the site's admins), or the site's own
 * (its admins). The sdk's blog calls take it to pick the routes.
 */
export type BlogScope = { kind: 'site' } | { kind: 'company'; key: string };
