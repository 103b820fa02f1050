/** The blog's routes (issue #15): what the public sees, who may write where, and what a write stores, on both databases. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BlogPostListSchema,
  BlogPostSchema,
  ManagedBlogPostListSchema,
  ManagedBlogPostSchema,
  type BlogPostInput,
  type ManagedBlogPost,
} from '@nordlys/sdk/schemas';
import { blogPosts, companies, images } from '../db/schema';
import { createTestAuthParts } from '../testing/auth-parts';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const NORTHWIND = '/api/companies/northwind-labs/blog';
const SITE = '/api/blog-admin/posts';

describe.each(backends)('the blog on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: 'https://nordlys.example' } });
  const cookies = new Map<string, string>();
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  const who = (name: string) => `${name}@nordlys.test`;
  const call = async (method: string, path: string, user?: string, body?: unknown) =>
    t.send(path, body, { method, headers: user ? await as(who(user)) : {} });
  const post = (input: Partial<BlogPostInput> = {}): BlogPostInput => ({
    title: 'Hiring our first designer',
    excerpt: 'What we look for.',
    body: '<p>We are hiring.</p>',
    coverImage: null,
    ...input,
  });
  const create = async (path: string, user: string, input: Partial<BlogPostInput> = {}): Promise<ManagedBlogPost> => {
    const res = await call('POST', path, user, post(input));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return v.parse(ManagedBlogPostSchema, res.body);
  };
  const publicSlugs = async () => v.parse(BlogPostListSchema, (await t.get('/api/blog')).body).posts.map((p) => p.slug);

  it('lists the public posts, newest first, without drafts or the posts of a startup that is not public', async () => {
    const res = await t.get('/api/blog');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    const list = v.parse(BlogPostListSchema, res.body);
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: BLOG_LIMITS.pageSize, pages: 1 });
    expect(list.posts.map((p) => p.slug)).toEqual([
      'how-to-read-a-nordic-startup-job-ad',
      'what-our-first-ten-hires-taught-us-about-onboarding',
      'why-we-stayed-small-until-customers-asked-for-more',
      'salary-equity-and-pension-what-nordic-startups-offer-in-2026',
      'moving-to-the-nordics-for-a-startup-job',
    ]);
    const dates = list.posts.map((p) => Date.parse(p.publishedAt!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const northwind = list.posts[1]!;
    expect(northwind.company).toMatchObject({ key: 'northwind-labs', name: 'Northwind Labs' });
    expect(northwind.author).toEqual({ name: 'Mads Holm' });
    expect(northwind.coverImage?.sizes.listing).toMatch(/^\/images\/listing\/demo\/cover\/\d$/);
    expect(list.posts[0]!.company).toBeNull();
    expect(list.posts[0]!.author).toEqual({ name: 'Astrid Lindqvist' });

    // The seeded draft and the draft startup's published post are not there.
    const [hidden] = await t.db.select({ n: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, 'building-in-public-from-day-one'));
    expect(hidden).toBeDefined();
    expect(list.posts.some((p) => p.slug === 'building-in-public-from-day-one' || p.slug === 'our-next-hire-a-data-engineer-for-energy-prices')).toBe(false);

    expect((await t.get('/api/blog?page=2')).body).toMatchObject({ posts: [], page: 2, total: 5 });
    const bad = await t.get('/api/blog?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.page).toEqual(['Page must be 1 or more']);
  });

  it("answers a public post with its sanitized body, its startup's card and a few of its open jobs; 404 unless public", async () => {
    const res = await t.get('/api/blog/what-our-first-ten-hires-taught-us-about-onboarding');
    expect(res.status).toBe(200);
    const one = v.parse(BlogPostSchema, res.body);
    expect(one.body).toContain('<h2>Write it down before they arrive</h2>');
    expect(one.company).toMatchObject({ key: 'northwind-labs', name: 'Northwind Labs' });
    expect(one.company!.numberOfActiveJobs).toBeGreaterThan(0);
    expect(one.jobs.length).toBeGreaterThan(0);
    expect(one.jobs.length).toBeLessThanOrEqual(BLOG_LIMITS.jobsShown);
    expect(one.jobs.every((job) => job.company.key === 'northwind-labs')).toBe(true);

    const site = v.parse(BlogPostSchema, (await t.get('/api/blog/how-to-read-a-nordic-startup-job-ad')).body);
    expect(site).toMatchObject({ company: null, jobs: [] });

    for (const slug of ['our-next-hire-a-data-engineer-for-energy-prices', 'building-in-public-from-day-one', 'no-such-post']) {
      const missing = await t.get(`/api/blog/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(missing.body.message).toBe(API_MESSAGES.notFound('Blog post'));
    }
    expect((await t.get('/api/blog/Not%20A%20Slug')).status).toBe(400);
  });

  it("lets a startup's members write, publish and unpublish its posts; strangers get 401, 403 or 404", async () => {
    expect((await call('GET', NORTHWIND)).status).toBe(401);
    expect((await call('POST', NORTHWIND, undefined, post())).status).toBe(401);
    expect((await call('GET', NORTHWIND, 'talent')).status).toBe(403);
    // A member of another startup, and before the body is looked at (an empty one would be a 400).
    expect((await call('POST', NORTHWIND, 'multi', {})).status).toBe(403);
    expect((await call('GET', '/api/companies/no-such-startup/blog', 'founder')).status).toBe(404);

    const own = v.parse(ManagedBlogPostListSchema, (await call('GET', NORTHWIND, 'founder')).body);
    expect(own.posts.map((p) => [p.title, p.publishedAt === null, p.public])).toEqual([
      ['Our next hire: a data engineer for energy prices', true, false],
      ['What our first ten hires taught us about onboarding', false, true],
    ]);

    const draft = await create(NORTHWIND, 'founder');
    expect(draft).toMatchObject({ slug: 'hiring-our-first-designer', publishedAt: null, public: false, company: { key: 'northwind-labs' }, author: { name: 'Mads Holm' } });
    expect(await publicSlugs()).not.toContain(draft.slug);
    expect((await t.get(`/api/blog/${draft.slug}`)).status).toBe(404);

    const published = await call('POST', `${NORTHWIND}/${draft.id}/publish`, 'founder');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ public: true, publishedAt: expect.any(String) });
    expect((await publicSlugs())[0]).toBe(draft.slug);
    expect((await t.get(`/api/blog/${draft.slug}`)).status).toBe(200);
    // Publishing again keeps the date it went out.
    const again = await call('POST', `${NORTHWIND}/${draft.id}/publish`, 'founder');
    expect(again.body.publishedAt).toBe(published.body.publishedAt);

    const back = await call('POST', `${NORTHWIND}/${draft.id}/unpublish`, 'founder');
    expect(back.body).toMatchObject({ publishedAt: null, public: false });
    expect((await t.get(`/api/blog/${draft.slug}`)).status).toBe(404);

    // Strangers cannot reach the post either.
    expect((await call('PUT', `${NORTHWIND}/${draft.id}`, 'talent', post())).status).toBe(403);
    expect((await call('DELETE', `${NORTHWIND}/${draft.id}`, 'multi')).status).toBe(403);
    expect((await call('POST', `${NORTHWIND}/${draft.id}/publish`, undefined)).status).toBe(401);

    expect((await call('DELETE', `${NORTHWIND}/${draft.id}`, 'founder')).status).toBe(204);
    expect((await call('GET', `${NORTHWIND}/${draft.id}`, 'founder')).status).toBe(404);
  });

  it('keeps the slug when the title changes, and makes the next one unique', async () => {
    const first = await create(NORTHWIND, 'founder', { title: 'Life at Northwind' });
    const second = await create(NORTHWIND, 'founder', { title: 'Life at Northwind!' });
    expect([first.slug, second.slug]).toEqual(['life-at-northwind', 'life-at-northwind-2']);
    const renamed = await call('PUT', `${NORTHWIND}/${first.id}`, 'founder', post({ title: 'Life at Northwind, one year on' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Life at Northwind, one year on', slug: 'life-at-northwind' });
    const nordic = await create(NORTHWIND, 'founder', { title: 'Æblegrød og fjordfolk på Ærø' });
    expect(nordic.slug).toBe('aeblegroed-og-fjordfolk-paa-aeroe');
  });

  it('sanitizes the body on write with the sdk policy', async () => {
    const dirty = await create(NORTHWIND, 'founder', {
      title: 'A post with tricks',
      body: '<p onclick="steal()">Hello <img src=x onerror="steal()"><script>steal()</script><a href="javascript:steal()">link</a> <a href="https://northwind.dk">site</a></p><style>p{}</style>',
    });
    expect(dirty.body).toBe('<p>Hello <a rel="nofollow noopener">link</a> <a href="https://northwind.dk" rel="nofollow noopener">site</a></p>');
    const [row] = await t.db.select({ body: blogPosts.body }).from(blogPosts).where(eq(blogPosts.id, dirty.id));
    expect(row!.body).toBe(dirty.body);
    // An editor left empty stores nothing.
    const empty = await create(NORTHWIND, 'founder', { title: 'Empty so far', body: '<p><br></p>' });
    expect(empty.body).toBe('');
  });

  it('refuses bad input with field messages (400), keeping the stored post as it was', async () => {
    const bad = await call('POST', NORTHWIND, 'founder', { title: '   ', excerpt: 'x'.repeat(301), body: 'y'.repeat(BLOG_LIMITS.bodyMax + 1), coverImage: 'Not an image' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      title: [BLOG_MESSAGES.title],
      excerpt: [BLOG_MESSAGES.excerptMax],
      body: [BLOG_MESSAGES.bodyMax],
      coverImage: ['Image must be an uploaded image'],
    });

    const missingCover = await call('POST', NORTHWIND, 'founder', post({ coverImage: 'uploads/nope.webp' }));
    expect(missingCover.status).toBe(400);
    expect(missingCover.body.errors).toEqual({ coverImage: [BLOG_MESSAGES.cover] });

    // An image uploaded for another startup is not this one's to use; Northwind's own and a demo cover are.
    const [draftStartup] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'draft-startup'));
    await t.db.insert(images).values({ path: `uploads/blog-foreign-${backend}.webp`, kind: 'cover', ownerKind: 'company', ownerId: draftStartup!.id });
    const foreign = await call('POST', NORTHWIND, 'founder', post({ coverImage: `uploads/blog-foreign-${backend}.webp` }));
    expect(foreign.body.errors).toEqual({ coverImage: [BLOG_MESSAGES.cover] });
    const withCover = await create(NORTHWIND, 'founder', { title: 'With a cover', coverImage: 'demo/cover/3' });
    expect(withCover.coverImage?.path).toBe('demo/cover/3');

    // Publishing needs text, and a published post keeps it.
    const empty = await create(NORTHWIND, 'founder', { title: 'Nothing yet', body: '' });
    const refused = await call('POST', `${NORTHWIND}/${empty.id}/publish`, 'founder');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ body: [BLOG_MESSAGES.bodyToPublish] });
    expect((await call('GET', `${NORTHWIND}/${empty.id}`, 'founder')).body.publishedAt).toBeNull();

    await call('POST', `${NORTHWIND}/${withCover.id}/publish`, 'founder');
    const emptied = await call('PUT', `${NORTHWIND}/${withCover.id}`, 'founder', post({ title: 'With a cover', body: '<p> </p>' }));
    expect(emptied.status).toBe(400);
    expect(emptied.body.errors).toEqual({ body: [BLOG_MESSAGES.bodyToPublish] });
    expect((await call('GET', `${NORTHWIND}/${withCover.id}`, 'founder')).body.body).toBe('<p>We are hiring.</p>');
  });

  it("lets an admin write any startup's posts; a draft startup's published post shows once it is public", async () => {
    const forNorthwind = await create(NORTHWIND, 'admin', { title: 'Written by the site team for Northwind' });
    expect(forNorthwind.company?.key).toBe('northwind-labs');

    const draftRoute = '/api/companies/draft-startup/blog';
    const mine = await create(draftRoute, 'draft', { title: 'Our first post' });
    const out = await call('POST', `${draftRoute}/${mine.id}/publish`, 'draft');
    expect(out.body).toMatchObject({ publishedAt: expect.any(String), public: false });
    expect(await publicSlugs()).not.toContain(mine.slug);
    const viaAdmin = v.parse(ManagedBlogPostListSchema, (await call('GET', draftRoute, 'admin')).body);
    expect(viaAdmin.posts.map((p) => p.title)).toContain('Our first post');

    await t.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.key, 'draft-startup'));
    try {
      expect(await publicSlugs()).toContain(mine.slug);
    } finally {
      await t.db.update(companies).set({ status: 'DRAFT' }).where(eq(companies.key, 'draft-startup'));
    }
  });

  it("keeps the site's own posts to admins, and each scope to its own posts", async () => {
    expect((await call('GET', SITE)).status).toBe(401);
    expect((await call('GET', SITE, 'founder')).status).toBe(403);
    expect((await call('POST', SITE, 'founder', {})).status).toBe(403);

    const list = v.parse(ManagedBlogPostListSchema, (await call('GET', SITE, 'admin')).body);
    expect(list.posts.map((p) => p.slug).sort()).toEqual([
      'how-to-read-a-nordic-startup-job-ad',
      'moving-to-the-nordics-for-a-startup-job',
      'salary-equity-and-pension-what-nordic-startups-offer-in-2026',
    ]);
    const ours = await create(SITE, 'admin', { title: 'Nordlys news', coverImage: 'demo/cover/1' });
    expect(ours).toMatchObject({ company: null, author: { name: 'Astrid Lindqvist' } });
    expect((await call('POST', `${SITE}/${ours.id}/publish`, 'admin')).body.public).toBe(true);
    expect((await t.get(`/api/blog/${ours.slug}`)).body.company).toBeNull();

    // A startup's post is not the site's, and the other way round.
    const northwindPost = list.posts[0]!.id;
    const [northwindRow] = await t.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, 'what-our-first-ten-hires-taught-us-about-onboarding'));
    expect((await call('PUT', `${SITE}/${northwindRow!.id}`, 'admin', post())).status).toBe(404);
    expect((await call('DELETE', `${NORTHWIND}/${northwindPost}`, 'admin')).status).toBe(404);
    expect((await call('GET', `${SITE}/${northwindPost}`, 'admin')).status).toBe(200);
    expect((await call('GET', `${SITE}/0`, 'admin')).status).toBe(400);
  });
});
