/** GET /api/pages/content/{id} (issue #15): every content page from the running app, its caching, a 404, and sanitizing. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, withProductName } from '@nordlys/sdk/content-pages';
import { ContentPageAnswerSchema, ErrorBodySchema } from '@nordlys/sdk/schemas';
import { contentPages } from '../content-pages';
import type { Db } from '../db/client';
import { handleError } from '../errors';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { pagesRouter } from './pages';

describe.each(backends)('content pages on %s', (backend) => {
  const t = useTestApp(backend, { config: { productName: 'Jobfjord', teamEmail: 'hello@jobfjord.example' } });

  it('answers each page with its title, description, HTML and date, cacheable by anyone', async () => {
    for (const page of CONTENT_PAGES) {
      const res = await t.get(`/api/pages/content/${page.id}`);
      expect(res.status, page.id).toBe(200);
      const answer = v.parse(ContentPageAnswerSchema, res.body);
      expect(answer.id).toBe(page.id);
      expect(answer.title).toBe(withProductName(page.title, 'Jobfjord'));
      expect(answer.description).toBe(withProductName(page.description, 'Jobfjord'));
      expect(answer.html).toMatch(/^<(p|h2)/);
      expect(answer.html).not.toContain('{{');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      // The ETag lets a cache ask again for nothing.
      const again = await t.request(`/api/pages/content/${page.id}`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status, page.id).toBe(304);
    }
    const privacy = await t.get('/api/pages/content/privacy-policy');
    // The configured product name and team address.
    expect(privacy.body.html).toContain('This policy explains what Jobfjord stores about you');
    expect(privacy.body.html).toContain('<a href="mailto:hello@jobfjord.example" rel="noopener">hello@jobfjord.example</a>');
    expect((await t.get('/api/pages/content/about')).body.title).toBe('About Jobfjord');
  });

  it('answers 404 for a page that does not exist', async () => {
    for (const id of ['pricing', 'About', '..%2Fabout', 'privacy-policy.md']) {
      const res = await t.get(`/api/pages/content/${id}`);
      expect(res.status, id).toBe(404);
      expect(v.parse(ErrorBodySchema, res.body)).toMatchObject({ code: 'E_NOT_FOUND', message: 'Page was not found' });
    }
  });
});

describe('GET /pages/content/{id} on its own', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nordlys-pages-'));
    await writeFile(
      join(dir, 'about.md'),
      '---\nupdated: 2026-05-01\n---\n\n## Hello\n\nText<script>window.__x = 1</script> <a href="javascript:alert(1)" onclick="y()">link</a>\n\n<iframe src="https://evil.example"></iframe>\n',
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const app = () =>
    new Hono()
      .route('/api', pagesRouter({ db: {} as Db, config: { productName: 'Nordlys', publicUrl: 'http://nordlys.test' } }, { pages: contentPages({ productName: 'Nordlys', teamEmail: 't@n.test', dir }) }))
      .onError(handleError);

  it('removes scripts, handlers and unsafe links from the Markdown', async () => {
    const res = await app().request('/api/pages/content/about');
    expect(res.status).toBe(200);
    const answer = v.parse(ContentPageAnswerSchema, await res.json());
    expect(answer).toMatchObject({ id: 'about', title: 'About Nordlys', updatedAt: '2026-05-01' });
    expect(answer.html.trim()).toBe('<h2 id="hello">Hello</h2>\n<p>Text <a>link</a></p>');
  });
});
