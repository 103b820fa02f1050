/** @jsxImportSource preact */
/**
 * The HTML document around a page (server only: preact-render-to-string). A page that hydrates names
 * its bundle and its data: the data goes into a `<script type="application/json">`, the bundle into an
 * external `<script src defer>`, so a Content-Security-Policy needs no inline-script allowance.
 */
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { jobPostingJsonLd, serializeJsonLd } from '@nordlys/feeds/job-posting';
import type { Job } from '@nordlys/sdk/schemas';
import { DATA_ID, type PageData } from './data';
import { isJobOpen } from '@nordlys/sdk/visibility';
import { PAGE_CSS } from './styles';

/** Where the server serves embed/dist/v1 (server/src/app.ts, on every host): same origin as the page. */
export const BUNDLE_BASE = '/embed/v1/';

export interface Head {
  title: string;
  description?: string | null;
  /** Absolute URL of the page search engines should index instead. */
  canonical?: string | null;
  /** Absolute URLs of the previous and next page of a paged list (rel="prev"/"next"). */
  prev?: string | null;
  next?: string | null;
  /** JSON-LD text already made safe by serializeJsonLd. */
  jsonLd?: string | null;
  /** Unknown hosts and 404s are not for search engines. */
  noindex?: boolean;
  /** The page CSS; the careers and white-label sheet by default. Static or checked text only. */
  css?: string;
}

/** The client bundle that hydrates the page's islands, and the data they start from. */
export interface Hydration {
  /** 'careers' or 'white-label': dist/v1/{bundle}.js. */
  bundle: 'careers' | 'white-label';
  data: PageData;
}

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` escaped (no `</script>` or `<!--`
 * can end it early), and the two line separators JavaScript once refused. JSON.parse reads it back.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A complete HTML document: doctype, head with the page CSS (and the bundle), then the body (and the data). */
export function renderDocument(head: Head, body: VNode, hydration?: Hydration): string {
  const html = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        {head.prev ? <link rel="prev" href={head.prev} /> : null}
        {head.next ? <link rel="next" href={head.next} /> : null}
        <style dangerouslySetInnerHTML={{ __html: head.css ?? PAGE_CSS }} />
        {head.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} /> : null}
        {hydration ? <script src={`${BUNDLE_BASE}${hydration.bundle}.js`} defer /> : null}
      </head>
      <body>
        {body}
        {hydration ? <script type="application/json" id={DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(hydration.data) }} /> : null}
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToString(html)}`;
}

/** The JobPosting JSON-LD of an open job, ready for the head; null for closed jobs (not to be listed). */
export function jobJsonLd(job: Job, canonicalOrigin: string): string | null {
  return isJobOpen(job) ? serializeJsonLd(jobPostingJsonLd(job, { origin: canonicalOrigin })) : null;
}
