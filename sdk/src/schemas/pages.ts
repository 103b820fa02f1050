/** Issue #15: the answer of GET /pages/content/{id}, one Markdown content page rendered by the server (sdk content-pages.ts). */
import * as v from 'valibot';

export const ContentPageAnswerSchema = /* @__PURE__ */ v.object({
  /** The page's Markdown id (CONTENT_PAGES id). */
  id: v.string(),
  /** The H1 and the page title, with the product name filled in. */
  title: v.string(),
  description: v.string(),
  /** The page body: HTML sanitized with the content policy (sdk sanitize.ts), `<h2>`s with ids. */
  html: v.string(),
  /** The day the text last changed, YYYY-MM-DD. */
  updatedAt: v.pipe(v.string(), v.isoDate()),
});
export type ContentPageAnswer = v.InferOutput<typeof ContentPageAnswerSchema>;
