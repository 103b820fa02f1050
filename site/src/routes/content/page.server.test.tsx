/** The content pages (issue #15) as the server renders them: meta, the article with its sections, the table of contents, the FAQ's JSON-LD. */
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, withProductName } from '@nordlys/sdk/content-pages';
import type { ContentPageAnswer } from '@nordlys/sdk/schemas';
import { render as renderServer } from '../../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../../modals/test-helpers';

const visitor: Handlers = { 'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401) };

/** What the server's renderer answers for a page; `html` as it stands, which the page sanitizes again. */
function answer(id: string, html: string): ContentPageAnswer {
  const page = CONTENT_PAGES.find((p) => p.id === id)!;
  return { id, title: withProductName(page.title, 'Nordlys'), description: withProductName(page.description, 'Nordlys'), html, updatedAt: '2026-11-24' };
}

async function serverRender(path: string, pages: Record<string, ContentPageAnswer>) {
  const handlers: Handlers = { ...visitor };
  for (const [id, page] of Object.entries(pages)) handlers[`GET pages/content/${id}`] = () => jsonAnswer(page);
  const { api, calls } = accountApi(handlers);
  const response = await renderServer(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), calls };
}

const PRIVACY =
  '<p>This policy explains what Nordlys stores.</p>\n' +
  '<h2 id="who-is-responsible">Who is responsible</h2>\n<p>Nordlys ApS. <a href="/contact">Contact us</a>.</p>\n' +
  '<h2 id="what-we-store-and-why">What we store &amp; why</h2>\n<h3 id="your-account">Your account</h3><p>Your name.</p>\n' +
  '<h2 id="cookies-and-local-storage">Cookies and local storage</h2>\n<table><thead><tr><th>Cookie</th></tr></thead><tbody><tr><td><code>nordlys_session</code></td></tr></tbody></table>' +
  '<script>window.__x = 1</script><p onclick="steal()">Safe</p><a href="javascript:alert(1)">bad</a>';

describe('a content page on the server', () => {
  it('is a complete article with its title, description, canonical, date and a table of contents of its sections', async () => {
    const { response, html, calls } = await serverRender('/privacy-policy', { 'privacy-policy': answer('privacy-policy', PRIVACY) });
    expect(response.status).toBe(200);
    expect(calls.some((c) => c.path === '/api/pages/content/privacy-policy')).toBe(true);
    expect(html).toContain('<title>Privacy policy | Nordlys</title>');
    expect(html).toContain(`<meta name="description" content="${withProductName(CONTENT_PAGES[2].description, 'Nordlys')}">`);
    expect(html).toContain('<link rel="canonical" href="http://nordlys.test/privacy-policy">');
    expect(html).toContain('<h1 id="content-page-title">Privacy policy</h1>');
    expect(html).toMatch(/Last updated <time dateTime="2026-11-24">24 November 2026<\/time>/);

    // The table of contents links each section, which is a region labelled by its heading.
    const toc = /<nav class="content-toc" aria-labelledby="content-toc-title">([\s\S]*?)<\/nav>/.exec(html)![1]!;
    expect([...toc.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['who-is-responsible', 'Who is responsible'],
      ['what-we-store-and-why', 'What we store &amp; why'],
      ['cookies-and-local-storage', 'Cookies and local storage'],
    ]);
    expect(html).toContain('<section class="content-section" aria-labelledby="what-we-store-and-why"><h2 id="what-we-store-and-why">What we store &amp; why</h2>');
    expect(html).toContain('<h3 id="your-account">Your account</h3>');
    expect(html).toContain('<td><code>nordlys_session</code></td>');
    expect(html).toContain('<a href="/contact">Contact us</a>');
    // Sanitized again on render: nothing the policy forbids gets through, whatever the answer holds.
    expect(html).not.toMatch(/__x|steal|javascript:/);
    expect(html).toContain('<p>Safe</p><a>bad</a>');
    // One h1, then h2s: the headings keep their order.
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it('gives the FAQ FAQPage structured data, one question per section', async () => {
    const faq =
      '<p>The questions startups ask.</p><h2 id="how-much">How much does it cost?</h2><p>Nothing. <a href="/pricing">Prices</a></p>' +
      '<h2 id="boost">What does a Boost do?</h2><ul><li>Featured</li></ul><h2 id="approval">Why is our job not live yet?</h2><p>Approval.</p>';
    const { html } = await serverRender('/startups/faq', { 'startups-faq': answer('startups-faq', faq) });
    expect(html).toContain('<title>FAQ for startups | Nordlys</title>');
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: 'http://nordlys.test/startups/faq',
      mainEntity: [
        { '@type': 'Question', name: 'How much does it cost?', acceptedAnswer: { '@type': 'Answer', text: '<p>Nothing. <a href="/pricing">Prices</a></p>' } },
        { '@type': 'Question', name: 'What does a Boost do?', acceptedAnswer: { '@type': 'Answer', text: '<ul><li>Featured</li></ul>' } },
        { '@type': 'Question', name: 'Why is our job not live yet?', acceptedAnswer: { '@type': 'Answer', text: '<p>Approval.</p>' } },
      ],
    });
  });

  it('shows a short page without a table of contents or structured data, with the product name in its title', async () => {
    const about = '<p>Nordlys is a job marketplace.</p><h2 id="for-talent">For talent</h2><p>Jobs.</p><h2 id="for-startups">For startups</h2><p>Hiring.</p><h2 id="contact">Contact</h2><p>Hi.</p>';
    const { response, html } = await serverRender('/about', { about: answer('about', about) });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>About Nordlys | Nordlys</title>');
    expect(html).toContain('<div class="prose content-prose content-page__intro"><p>Nordlys is a job marketplace.</p></div>');
    expect(html).not.toContain('content-toc');
    expect(html).not.toContain('application/ld+json');
  });

  it('answers the error page when the page cannot be loaded', async () => {
    const { response, html } = await serverRender('/terms', {});
    expect(response.status).toBe(404);
    expect(html).toContain('Page not found');
  });
});
