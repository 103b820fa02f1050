/**
 * Blog queries (issue #15): the public posts (sdk isBlogPostPublic, here its SQL twin), and the posts
 * as their writers manage them, scoped to a startup (`companyId`) or to the site (`companyId` null).
 */
import { and, count, desc, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '@nordlys/sdk/constants';
import { shareText } from '@nordlys/sdk/format';
import { slugify } from '@nordlys/sdk/profile-review';
import { BLOG_LIMITS, type BlogPost, type BlogPostList, type BlogPostSummary, type ManagedBlogPost, type ManagedBlogPostSummary } from '@nordlys/sdk/schemas';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import { isUniqueViolation } from '../accounts/users';
import type { Db } from '../db/client';
import { blogPosts, companies, images, users } from '../db/schema';
import { toImage } from '../images';
import { publicCompanySummaries } from './companies';
import { companyJobs } from './jobs';
import { blogPostIsPublic } from './visibility';

const cover = alias(images, 'blog_cover');
const logo = alias(images, 'blog_company_logo');

/** Enough of the body to make a summary of when the writer gave none. */
const BODY_START_CHARS = 1500;

const summaryColumns = (now: Date) => ({
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  bodyStart: sql<string>`left(${blogPosts.body}, ${BODY_START_CHARS})`,
  cover: cover.path,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  authorFirst: users.firstName,
  authorLast: users.lastName,
  companyId: companies.id,
  companyKey: companies.key,
  companyName: companies.name,
  companyLogo: logo.path,
  isPublic: sql<boolean>`coalesce(${blogPostIsPublic(now)}, false)`,
});

/** Posts with their cover, author, and startup (left-joined: a site post has none), as blogPostIsPublic needs. */
function selectPosts(db: Db, now: Date) {
  return db
    .select(summaryColumns(now))
    .from(blogPosts)
    .leftJoin(companies, eq(companies.id, blogPosts.companyId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId))
    .leftJoin(cover, eq(cover.id, blogPosts.coverImageId))
    .leftJoin(users, eq(users.id, blogPosts.authorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

/** The writer's summary, else the start of the post as plain text. */
export function excerptOf(excerpt: string, body: string): string {
  return excerpt.trim() || shareText(body, LIMITS.shareTextMax);
}

function toSummary(row: Row): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOf(row.excerpt, row.bodyStart),
    coverImage: toImage(row.cover),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    author: row.authorFirst === null ? null : { name: `${row.authorFirst} ${row.authorLast ?? ''}`.trim() },
    company: row.companyId === null ? null : { id: row.companyId, key: row.companyKey!, name: row.companyName!, logoImage: toImage(row.companyLogo) },
  };
}

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** GET /blog: the public posts, newest first. */
export async function listPublicPosts(db: Db, { page, pageSize = BLOG_LIMITS.pageSize }: { page: number; pageSize?: number }, now = new Date()): Promise<BlogPostList> {
  const where = blogPostIsPublic(now);
  const [rows, [totalRow]] = await Promise.all([
    selectPosts(db, now)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(blogPosts).leftJoin(companies, eq(companies.id, blogPosts.companyId)).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { posts: rows.map(toSummary), total, page, pageSize, pages: Math.ceil(total / pageSize) };
}

/** GET /blog/{slug}: a public post with its startup's card and a few of its open jobs; null unless public. */
export async function getPublicPost(db: Db, slug: string, now = new Date()): Promise<BlogPost | null> {
  const [row] = await selectPosts(db, now)
    .where(and(eq(blogPosts.slug, slug), blogPostIsPublic(now)))
    .limit(1);
  if (!row) return null;
  const [body, company, jobs] = await Promise.all([
    bodyOf(db, row.id),
    row.companyId === null ? null : publicCompanySummaries(db, [row.companyId], now).then((found) => found.get(row.companyId!) ?? null),
    row.companyId === null ? [] : companyJobs(db, { id: row.companyId }, now),
  ]);
  return { ...toSummary(row), body: sanitizeUserHtml(body), company, jobs: jobs.slice(0, BLOG_LIMITS.jobsShown) };
}

async function bodyOf(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ body: blogPosts.body }).from(blogPosts).where(eq(blogPosts.id, id));
  return row?.body ?? '';
}

/** The posts of a scope: a startup's (`companyId`), or the site's own (null). */
function inScope(companyId: number | null): SQL {
  return companyId === null ? isNull(blogPosts.companyId) : eq(blogPosts.companyId, companyId);
}

function toManagedSummary(row: Row): ManagedBlogPostSummary {
  return { ...toSummary(row), createdAt: row.createdAt.toISOString(), public: row.isPublic === true };
}

/** A scope's posts, drafts included, last changed first. */
export async function listManagedPosts(db: Db, companyId: number | null, now = new Date()): Promise<ManagedBlogPostSummary[]> {
  const rows = await selectPosts(db, now)
    .where(inScope(companyId))
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
  return rows.map(toManagedSummary);
}

/** One post of a scope for its editor; null when the scope has no post with that id. */
export async function getManagedPost(db: Db, companyId: number | null, id: number, now = new Date()): Promise<ManagedBlogPost | null> {
  const [row] = await selectPosts(db, now).where(and(inScope(companyId), eq(blogPosts.id, id)));
  if (!row) return null;
  return { ...toManagedSummary(row), body: sanitizeUserHtml(await bodyOf(db, id)), ownExcerpt: row.excerpt };
}

/** What a write stores: the form's values, the body sanitized, the cover by its image id. */
export interface BlogPostRecord {
  title: string;
  excerpt: string;
  body: string;
  coverImageId: number | null;
}

/**
 * Inserts a draft with a slug made from its title: the first of 'title', 'title-2', 'title-3'… that
 * is free. A concurrent post that took it first trips the unique index, and the next is tried.
 */
export async function insertPost(db: Db, scope: { companyId: number | null; authorId: number }, record: BlogPostRecord, now = new Date()): Promise<number> {
  const base = slugify(record.title, BLOG_LIMITS.slugMax) || 'post';
  for (let round = 0; ; round++) {
    const taken = new Set(
      (await db.select({ slug: blogPosts.slug }).from(blogPosts).where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)))).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    try {
      // A savepoint of its own, so that a lost race leaves the surrounding transaction usable.
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({ slug, companyId: scope.companyId, authorId: scope.authorId, ...record, publishedAt: null, createdAt: now, updatedAt: now })
          .returning({ id: blogPosts.id });
        return row!.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || round >= 4) throw error;
    }
  }
}

/** Saves the form over a post of the scope (its slug stays); false when the scope has no such post. */
export async function updatePost(db: Db, companyId: number | null, id: number, record: BlogPostRecord, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...record, updatedAt: now })
    .where(and(inScope(companyId), eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function deletePost(db: Db, companyId: number | null, id: number): Promise<boolean> {
  const rows = await db
    .delete(blogPosts)
    .where(and(inScope(companyId), eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

/**
 * Publishes (a post already out keeps its date) or unpublishes a post of the scope; false when the
 * scope has no such post.
 */
export async function setPublished(db: Db, companyId: number | null, id: number, published: boolean, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ publishedAt: published ? sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)` : null, updatedAt: now })
    .where(and(inScope(companyId), eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** The stored title and body of a post of the scope (what publishing checks), or null. */
export async function postContent(db: Db, companyId: number | null, id: number): Promise<{ title: string; body: string; coverImageId: number | null } | null> {
  const [row] = await db
    .select({ title: blogPosts.title, body: blogPosts.body, coverImageId: blogPosts.coverImageId })
    .from(blogPosts)
    .where(and(inScope(companyId), eq(blogPosts.id, id)));
  return row ?? null;
}

/**
 * The id of an image a post may take as its cover, or null. The post's current cover always; for a
 * startup's post an image uploaded for that startup, by this user, or a demo image without an owner;
 * for the site's own posts (admins only, who manage every profile) any stored image.
 */
export async function usableCoverId(
  db: Db,
  path: string,
  { companyId, userId, currentCoverId }: { companyId: number | null; userId: number; currentCoverId: number | null },
): Promise<number | null> {
  const [row] = await db
    .select({ id: images.id, ownerKind: images.ownerKind, ownerId: images.ownerId, uploadedBy: images.uploadedBy })
    .from(images)
    .where(eq(images.path, path));
  if (!row) return null;
  if (row.id === currentCoverId || companyId === null) return row.id;
  const unowned = row.ownerKind === null && row.uploadedBy === null;
  const ours = row.ownerKind === 'company' && row.ownerId === companyId;
  return unowned || ours || row.uploadedBy === userId ? row.id : null;
}
