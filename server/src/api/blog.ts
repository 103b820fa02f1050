/**
 * The blog (issue #15, spec 2.1 /blog and 2.4 /client/startups/{company}/blog).
 *
 * - Public: GET /blog?page= (the public posts, newest first) and GET /blog/{slug} (404 unless public),
 *   cacheable (publicRead).
 * - A startup's posts under /companies/{key}/blog: its members and the site's admins (spec 6); 404 for
 *   an unknown or deleted startup (or a key no startup could have), 403 for anyone else, both before
 *   the body is read.
 * - The site's own posts under /blog-admin/posts: admins only.
 *
 * Both writer scopes answer the same routes: list, create (a draft, 201), read, save, delete, publish
 * and unpublish. The body is sanitized with the sdk policy on write (and again on read); the cover is
 * an uploaded image, stored by its id; the slug comes from the first title and stays.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import {
  BLOG_MESSAGES,
  BlogListQuerySchema,
  BlogPostIdSchema,
  BlogPostInputSchema,
  BlogPostListSchema,
  BlogPostSchema,
  BlogSlugSchema,
  ManagedBlogPostListSchema,
  ManagedBlogPostSchema,
  blogPostMissing,
  hasText,
  type BlogPostValues,
} from '@nordlys/sdk/schemas';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import { assertCanManageCompany, currentViewer, requireUser } from '../accounts/guards';
import { AppError } from '../errors';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv, Viewer } from '../http/viewer';
import {
  deletePost,
  getManagedPost,
  getPublicPost,
  insertPost,
  listManagedPosts,
  listPublicPosts,
  postContent,
  setPublished,
  updatePost,
  usableCoverId,
  type BlogPostRecord,
} from '../queries/blog';
import { findLiveProfile } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation, type Answer } from './operation';
import { perViewer, withMarks } from './viewer-marks';
import { requireAdmin } from './profile-guards';

const SlugParam = v.object({ slug: BlogSlugSchema });
const IdParam = v.object({ id: BlogPostIdSchema });

const postNotFound = () => new AppError('E_NOT_FOUND', API_MESSAGES.notFound(BLOG_MESSAGES.what));

/** The posts a request works on: a startup's (its id) or the site's own (null), once the viewer may. */
type ScopeOf = (c: Context<AppEnv>) => Promise<number | null>;

/** A 400 naming the fields publishing still needs. */
function missingError(missing: Partial<Record<string, string>>): AppError {
  const errors = Object.fromEntries(Object.entries(missing).map(([field, message]) => [field, [message!]]));
  return new AppError('E_VALIDATION', Object.values(missing).join('. '), errors);
}

/** How one scope's routes are declared (issue #17): who may call them, and whose blog they work on. */
interface WriterDocs {
  access: 'company' | 'admin';
  /** For the summaries: "a startup's blog", "the site's own blog". */
  blog: string;
}

/**
 * The writers' routes of one scope, relative to where they are mounted. `guard` runs before the
 * body is validated, so a stranger learns nothing from a 400.
 */
function writerRoutes(deps: RouterDeps, scopeOf: ScopeOf, guard: MiddlewareHandler<AppEnv>, docs: WriterDocs) {
  const { db } = deps;

  /** A route's declaration; a startup's routes also answer 404 for an unknown startup, every route naming a post 404 for another scope's. */
  const declared = (summary: string, response: Answer, { post = true, status }: { post?: boolean; status?: 201 } = {}) =>
    operation({ summary, access: docs.access, response, ...(status ? { status } : {}), ...(post || docs.access === 'company' ? { errors: ['E_NOT_FOUND'] } : {}) });

  /** The row to store from the validated form: the cover usable by this writer, the body sanitized. */
  const toRecord = async (input: BlogPostValues, companyId: number | null, viewer: Viewer, currentCoverId: number | null): Promise<BlogPostRecord> => {
    let coverImageId: number | null = null;
    if (input.coverImage) {
      coverImageId = await usableCoverId(db, input.coverImage, { companyId, userId: viewer.userId, currentCoverId });
      if (coverImageId === null) throw new AppError('E_VALIDATION', BLOG_MESSAGES.cover, { coverImage: [BLOG_MESSAGES.cover] });
    }
    const body = input.body ? sanitizeUserHtml(input.body) : '';
    return { title: input.title, excerpt: input.excerpt, body: hasText(body) ? body : '', coverImageId };
  };

  const found = async <T>(value: T | null): Promise<T> => {
    if (value === null) throw postNotFound();
    return value;
  };

  return new Hono<AppEnv>()
    .get('/', declared(`The posts of ${docs.blog}, drafts included`, ManagedBlogPostListSchema, { post: false }), requireUser, privateNoStore, guard, async (c) => {
      const companyId = await scopeOf(c);
      return c.json({ posts: await listManagedPosts(db, companyId) });
    })
    .post(
      '/',
      declared(`Start a draft post on ${docs.blog}`, ManagedBlogPostSchema, { post: false, status: 201 }),
      requireUser,
      privateNoStore,
      guard,
      validate('json', BlogPostInputSchema),
      async (c) => {
        const viewer = currentViewer(c);
        const companyId = await scopeOf(c);
        const record = await toRecord(c.req.valid('json'), companyId, viewer, null);
        const id = await insertPost(db, { companyId, authorId: viewer.userId }, record);
        return c.json(await found(await getManagedPost(db, companyId, id)), 201);
      },
    )
    .get('/:id', declared(`A post of ${docs.blog}, as its writers edit it`, ManagedBlogPostSchema), requireUser, privateNoStore, guard, validate('param', IdParam), async (c) => {
      const companyId = await scopeOf(c);
      return c.json(await found(await getManagedPost(db, companyId, c.req.valid('param').id)));
    })
    .put(
      '/:id',
      declared(`Save a post of ${docs.blog}`, ManagedBlogPostSchema),
      requireUser,
      privateNoStore,
      guard,
      validate('param', IdParam),
      validate('json', BlogPostInputSchema),
      async (c) => {
        const viewer = currentViewer(c);
        const companyId = await scopeOf(c);
        const { id } = c.req.valid('param');
        // Another scope's post is no post of this one: 404 before anything about its input.
        const current = await found(await getManagedPost(db, companyId, id));
        const stored = await postContent(db, companyId, id);
        const record = await toRecord(c.req.valid('json'), companyId, viewer, stored?.coverImageId ?? null);
        // A post that is out keeps what publishing needed.
        if (current.publishedAt !== null) {
          const missing = blogPostMissing(record);
          if (Object.keys(missing).length) throw missingError(missing);
        }
        if (!(await updatePost(db, companyId, id, record))) throw postNotFound();
        return c.json(await found(await getManagedPost(db, companyId, id)));
      },
    )
    .delete('/:id', declared(`Delete a post of ${docs.blog}`, 'empty'), requireUser, privateNoStore, guard, validate('param', IdParam), async (c) => {
      const companyId = await scopeOf(c);
      if (!(await deletePost(db, companyId, c.req.valid('param').id))) throw postNotFound();
      return c.body(null, 204);
    })
    .post('/:id/publish', declared(`Publish a post of ${docs.blog}`, ManagedBlogPostSchema), requireUser, privateNoStore, guard, validate('param', IdParam), async (c) => {
      const companyId = await scopeOf(c);
      const { id } = c.req.valid('param');
      const content = await found(await postContent(db, companyId, id));
      const missing = blogPostMissing(content);
      if (Object.keys(missing).length) throw missingError(missing);
      await setPublished(db, companyId, id, true);
      return c.json(await found(await getManagedPost(db, companyId, id)));
    })
    .post('/:id/unpublish', declared(`Take a post of ${docs.blog} off the site`, ManagedBlogPostSchema), requireUser, privateNoStore, guard, validate('param', IdParam), async (c) => {
      const companyId = await scopeOf(c);
      const { id } = c.req.valid('param');
      if (!(await setPublished(db, companyId, id, false))) throw postNotFound();
      return c.json(await found(await getManagedPost(db, companyId, id)));
    });
}

export function blogRouter(deps: RouterDeps) {
  const { db } = deps;

  // The guard resolves the startup before the body is read; the handler reuses that answer.
  const resolved = new WeakMap<Request, Promise<number>>();
  /** The startup of the `key` parameter, once the viewer is one of its members or an admin (404, 403). */
  const companyScope: ScopeOf = (c) => {
    let scope = resolved.get(c.req.raw);
    if (!scope) {
      scope = findLiveProfile(db, 'company', c.req.param('key') ?? '').then(({ id }) => {
        assertCanManageCompany(c.get('viewer'), id);
        return id;
      });
      resolved.set(c.req.raw, scope);
    }
    return scope;
  };
  const companyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
    await companyScope(c);
    await next();
  };

  return new Hono<AppEnv>()
    .get(
      '/blog',
      operation({ summary: 'The public blog posts, newest first', access: 'public', response: BlogPostListSchema }),
      publicRead(),
      validate('query', BlogListQuerySchema),
      async (c) => c.json(await listPublicPosts(db, { page: c.req.valid('query').page })),
    )
    .get(
      '/blog/:slug',
      operation({ summary: "A public blog post, with its startup's card and open jobs", access: 'public', response: BlogPostSchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      perViewer,
      validate('param', SlugParam),
      async (c) => {
        const post = await getPublicPost(db, c.req.valid('param').slug);
        if (!post) throw postNotFound();
        const { jobs, companies } = await withMarks(db, c.get('viewer'), { jobs: post.jobs, companies: post.company ? [post.company] : [] });
        return c.json({ ...post, jobs, company: companies[0] ?? null });
      },
    )
    .route('/companies/:key/blog', writerRoutes(deps, companyScope, companyGuard, { access: 'company', blog: "a startup's blog" }))
    .route('/blog-admin/posts', writerRoutes(deps, async () => null, requireAdmin, { access: 'admin', blog: "the site's own blog" }));
}
