/** Issue #15: the site's own pages from the server: the Markdown content pages (sdk content-pages.ts). */
import type { Transport } from './transport';
import type { ContentPageAnswer } from '../schemas/pages';

export function pagesApi(http: Transport) {
  return {
    /**
     * GET /pages/content/{id}: a content page (CONTENT_PAGES id, e.g. 'privacy-policy') with its title,
     * description, sanitized HTML and the day it last changed; 404 for an unknown id.
     */
    content: (id: string) => http.get(`pages/content/${encodeURIComponent(id)}`).json<ContentPageAnswer>(),
  };
}
export type PagesApi = ReturnType<typeof pagesApi>;
