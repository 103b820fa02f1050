/**
 * Issue #15: the site's content pages (sdk content-pages.ts), rendered from server/content.
 *
 *   GET /pages/content/{id}   public: {id, title, description, html, updatedAt}; 404 for an unknown id
 *
 * The answer is the same for everyone and changes only with a deploy, so shared caches may keep it.
 */
import { Hono } from 'hono';
import { ContentPageAnswerSchema, type ContentPageAnswer } from '@nordlys/sdk/schemas';
import { defaultTeamEmail } from '../config';
import { contentPages, type ContentPages } from '../content-pages';
import { notFound } from '../errors';
import { publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import type { RouterDeps } from './deps';
import { operation } from './operation';

export interface PagesRouterOptions {
  /** The rendered pages; server/content with the configured product name and team address when absent (tests pass their own folder). */
  pages?: ContentPages;
}

export function pagesRouter({ config }: RouterDeps, options: PagesRouterOptions = {}) {
  const pages = options.pages ?? contentPages({ productName: config.productName, teamEmail: config.teamEmail ?? defaultTeamEmail(config.publicUrl) });
  return new Hono<AppEnv>().get(
    '/pages/content/:id',
    operation({ summary: "One of the site's content pages, rendered", access: 'public', response: ContentPageAnswerSchema, errors: ['E_NOT_FOUND'] }),
    publicRead({ maxAge: 300, sMaxAge: 3600 }),
    async (c) => {
      const page = await pages.get(c.req.param('id'));
      if (!page) throw notFound('Page');
      return c.json(page satisfies ContentPageAnswer);
    },
  );
}
