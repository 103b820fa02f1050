/** /blog and /blog/{slug} (issue #15) as the server renders them: meta, the band, the cards and paging, the post with its Article JSON-LD, and the 404s. */
import { BLOG_LIMITS, type BlogPostList } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render as renderServer } from '../../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../../modals/test-helpers';
import { sitePost, startupPost, summaryOf } from '../../testing/blog';

const visitor: Handlers = {
  'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
};

const listOf = (page: number, total: number, posts = [summaryOf(startupPost()), summaryOf(sitePost())]): BlogPostList => ({
  posts,
  total,
  page,
  pageSize: BLOG_LIMITS.pageSize,
  pages: Math.ceil(total / BLOG_LIMITS.pageSize),
});

async function serverRender(path: string, handlers: Handlers) {
  const { api, calls } = accountApi({ ...visitor, ...handlers });
  const response = await renderServer(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  // Without React's text separators, so the checks read as the HTML does.
  const html = (await response.text()).replace(/<!-- -->/g, '');
  return { response, html, calls };
}

/** The JSON-LD blocks of a page. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('/blog on the server', () => {
  it('is a complete page: title, description, canonical, the blog band as its heading, and a card per post', async () => {
    const { response, html, calls } = await serverRender('/blog', { 'GET blog': () => jsonAnswer(listOf(1, 2)) });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Blog | Nordlys</title>');
    expect(html).toMatch(/<meta name="description" content="Advice on finding a startup job and hiring in the Nordics from the Nordlys team[^"]*">/);
    expect(html).toContain('<link rel="canonical" href="http://nordlys.test/blog">');
    expect(html).not.toContain('noindex');
    expect(html).toMatch(/<h1 class="blog-band__name">The Nordlys blog<\/h1>/);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/<h3 class="blog-card__title"><a class="blog-card__link" href="\/blog\/how-we-hire-at-aurora-labs">How we hire at Aurora Labs<\/a><\/h3>/);
    expect(html).toContain('Four steps, two weeks, and an answer to everyone who applies.');
    // The byline: the writer, the startup's page, the exact date; a site post names the site.
    expect(html).toMatch(/Mads Holm, <\/span><a class="blog-byline__startup" href="\/startups\/aurora-labs">Aurora Labs<\/a>/);
    expect(html).toMatch(/<time dateTime="2026-05-01T08:00:00.000Z"><span class="visually-hidden">, published <\/span>1 May 2026<\/time>/);
    expect(html).toMatch(/Astrid Lindqvist, <\/span><span>Nordlys<\/span>/);
    expect(html).toContain('src="/images/listing/demo/cover/2" alt=""');
    expect(html).not.toContain('class="pagination"');
    expect(calls.map((c) => c.path)).toContain('/api/blog');
  });

  it('pages with real links, a canonical per page, and 404s past the last page or for a page that is not one', async () => {
    const second = await serverRender('/blog?page=2', { 'GET blog': (call) => jsonAnswer(listOf(Number(call.query.page), 30)) });
    expect(second.response.status).toBe(200);
    expect(second.html).toContain('<title>Blog, page 2 | Nordlys</title>');
    expect(second.html).toContain('<link rel="canonical" href="http://nordlys.test/blog?page=2">');
    expect(second.html).toMatch(/<a class="pagination__step" rel="prev" href="\/blog">/);
    expect(second.html).toMatch(/<a class="pagination__step" rel="next" href="\/blog\?page=3">/);

    const past = await serverRender('/blog?page=9', { 'GET blog': (call) => jsonAnswer(listOf(Number(call.query.page), 30, [])) });
    expect(past.response.status).toBe(404);
    const junk = await serverRender('/blog?page=two', { 'GET blog': () => jsonAnswer(listOf(1, 2)) });
    expect(junk.response.status).toBe(404);
    expect(junk.calls.some((c) => c.path === '/api/blog')).toBe(false);
  });

  it('says so kindly when there are no posts yet', async () => {
    const { response, html } = await serverRender('/blog', { 'GET blog': () => jsonAnswer(listOf(1, 0, [])) });
    expect(response.status).toBe(200);
    expect(html).toContain('No posts yet');
    expect(html).toContain('href="/jobs"');
  });
});

describe('/blog/{slug} on the server', () => {
  it("renders the post with its Article JSON-LD, the cover, the body, share links and its startup's jobs", async () => {
    const post = startupPost();
    const { response, html } = await serverRender(`/blog/${post.slug}`, { [`GET blog/${post.slug}`]: () => jsonAnswer(post) });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>How we hire at Aurora Labs | Nordlys</title>');
    expect(html).toContain('<meta name="description" content="Four steps, two weeks, and an answer to everyone who applies.">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:image" content="http://nordlys.test/images/social/demo/cover/2">');
    expect(html).toContain(`<link rel="canonical" href="http://nordlys.test/blog/${post.slug}">`);
    // The band links back to the list; the post has the page's one heading.
    expect(html).toMatch(/<p class="blog-band__name"><a href="\/blog">The Nordlys blog<\/a><\/p>/);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/<h1 id="blog-post-title" class="blog-post__title">How we hire at Aurora Labs<\/h1>/);
    expect(html).toContain('<p class="blog-post__lead">Four steps, two weeks, and an answer to everyone who applies.</p>');
    expect(html).toContain('<div class="prose blog-post__body"><h2>The first call</h2><p>We call every candidate within a week.</p>');
    expect(html).toContain('https://www.linkedin.com/sharing/share-offsite/?url=http%3A%2F%2Fnordlys.test%2Fblog%2Fhow-we-hire-at-aurora-labs');
    expect(html).toMatch(/<h2 id="blog-jobs-heading">Open jobs at Aurora Labs<\/h2>/);
    expect(html).toContain('Senior Frontend Engineer');
    expect(html).toContain('href="/jobs/1"');

    const [article] = jsonLd(html);
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How we hire at Aurora Labs',
      image: ['http://nordlys.test/images/cover/demo/cover/2', 'http://nordlys.test/images/social/demo/cover/2', 'http://nordlys.test/images/large/demo/cover/2'],
      datePublished: '2026-05-01T08:00:00.000Z',
      dateModified: '2026-05-02T10:00:00.000Z',
      author: [
        { '@type': 'Person', name: 'Mads Holm' },
        { '@type': 'Organization', name: 'Aurora Labs', url: 'http://nordlys.test/startups/aurora-labs' },
      ],
      publisher: { '@type': 'Organization', name: 'Nordlys', url: 'http://nordlys.test/' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `http://nordlys.test/blog/${post.slug}` },
    });
  });

  it("leads a site post to the jobs, and leaves out a lead that is only the post's first words", async () => {
    const post = sitePost({ excerpt: 'We have news for everyone…', body: '<p>We have news for everyone who looks for a job.</p>' });
    const { html } = await serverRender(`/blog/${post.slug}`, { [`GET blog/${post.slug}`]: () => jsonAnswer(post) });
    expect(html).not.toContain('blog-post__lead');
    expect(html).toContain('Find your next startup job');
    expect(jsonLd(html)[0]).toMatchObject({ author: { '@type': 'Person', name: 'Astrid Lindqvist' } });
  });

  it('is a 404 for a post that is not public, and for an address no post can have', async () => {
    const hidden = await serverRender('/blog/a-draft', { 'GET blog/a-draft': () => jsonAnswer({ message: 'Blog post was not found', code: 'E_NOT_FOUND' }, 404) });
    expect(hidden.response.status).toBe(404);
    expect(hidden.html).toContain('<meta name="robots" content="noindex">');
    const odd = await serverRender('/blog/Not_A_Post', {});
    expect(odd.response.status).toBe(404);
    expect(odd.calls.some((c) => c.path.startsWith('/api/blog'))).toBe(false);
  });
});
