/**
 * Issue #15: the live examples of the product pages /startups/career-page and
 * /startups/white-label-feed (GET /showcase).
 */
import * as v from 'valibot';

/**
 * A public startup with a career domain and open jobs (the most open jobs wins), and the white-label
 * feed of a live startup (the oldest); each null when there is none.
 */
export const ShowcaseSchema = /* @__PURE__ */ v.object({
  careerPage: v.nullable(v.object({ companyKey: v.string(), careersDomain: v.string() })),
  whiteLabelFeed: v.nullable(v.object({ domain: v.string() })),
});
export type Showcase = v.InferOutput<typeof ShowcaseSchema>;
