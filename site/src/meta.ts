/** Page titles and meta tags: each route's `handle.meta(data)` feeds the server's <head> and, on navigation, document.title. */
import { TITLE_SUFFIX } from '@nordlys/sdk/constants';
import type { Params } from 'react-router';

/** What a route says about its page; every field is optional. */
export interface PageMeta {
  /** The page's own title; the product name is appended (`Title | Nordlys`). Absent: the default title. */
  title?: string;
  description?: string;
  /** An image path or URL for link previews. */
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  noindex?: boolean;
  /** Path and query of the canonical URL; defaults to the current path without its query. */
  canonicalPath?: string;
  /** Other formats of the page (issue #14: the job search's feeds), as `<link rel="alternate">`. */
  alternates?: readonly AlternateLink[];
}

/** One `<link rel="alternate">`: a feed of the page, say. */
export interface AlternateLink {
  type: string;
  title: string;
  /** A path or an absolute URL. */
  href: string;
}

export interface MetaArgs<Data> {
  data: Data;
  params: Params;
  url: URL;
  productName: string;
}

/** The `handle` of a route object. @example export const handle: RouteHandle<Data> = { meta: ({ data }) => ({ title: data.job.title }) }; */
export interface RouteHandle<Data = never> {
  meta?: (args: MetaArgs<Data>) => PageMeta;
}

/** The meta tags of one document, every URL absolute. */
export interface ResolvedMeta {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  type: string;
  noindex: boolean;
  siteName: string;
  alternates: AlternateLink[];
}

export const DEFAULT_DESCRIPTION = 'Connect global talents with career opportunities in Nordic startups.';

/** spec 1: "the product name followed by 'Find your next exciting startup job'". */
export function defaultTitle(productName: string): string {
  return `${productName} - ${TITLE_SUFFIX}`;
}

export function pageTitle(title: string | undefined, productName: string): string {
  return title ? `${title} | ${productName}` : defaultTitle(productName);
}

/** A matched route as both the static handler and `useMatches()` can describe it. */
export interface MetaMatch {
  handle: unknown;
  params: Params;
  loaderData: unknown;
}

function metaOf(handle: unknown): RouteHandle<unknown>['meta'] | undefined {
  if (handle && typeof handle === 'object' && 'meta' in handle && typeof handle.meta === 'function') {
    return handle.meta as RouteHandle<unknown>['meta'];
  }
  return undefined;
}

/** The meta of an error page (spec 2.6); never indexed. */
export function errorMeta(status: number): PageMeta {
  return status === 404
    ? { title: 'Page not found', description: 'This page could not be found', noindex: true }
    : status === 410
      ? { title: 'This job has expired', description: 'This job is no longer open. Similar jobs are listed on the page.', noindex: true }
      : { title: 'Something went wrong', noindex: true };
}

/**
 * The page meta of the deepest matched route that declares one. Returns null when that route has
 * no data (its loader failed: the error page sets the meta instead).
 */
export function routeMeta(matches: readonly MetaMatch[], url: URL, productName: string): PageMeta | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const meta = metaOf(match.handle);
    if (!meta) continue;
    if (match.loaderData === undefined) return null;
    return meta({ data: match.loaderData, params: match.params, url, productName });
  }
  return {};
}

function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return pathOrUrl;
  }
}

/**
 * Fills in the defaults: the title with the product name, the description, absolute URLs. Every URL
 * is made absolute on `origin`, the site's configured public origin (siteContext), never on the
 * request's: `url` gives only the path of a page that names no canonical one.
 */
export function resolveMeta(meta: PageMeta, url: URL, productName: string, origin: string): ResolvedMeta {
  return {
    title: pageTitle(meta.title, productName),
    description: meta.description?.trim() || DEFAULT_DESCRIPTION,
    canonical: absolute(meta.canonicalPath ?? url.pathname, origin),
    image: meta.image ? absolute(meta.image, origin) : null,
    type: meta.type ?? 'website',
    noindex: meta.noindex ?? false,
    siteName: productName,
    alternates: (meta.alternates ?? []).map((link) => ({ ...link, href: absolute(link.href, origin) })),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The <head> tags of a resolved meta, as HTML. */
export function metaTags(meta: ResolvedMeta): string {
  const tag = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    meta.noindex ? tag('name', 'robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.canonical),
    meta.image ? tag('property', 'og:image', meta.image) : '',
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    ...meta.alternates.map(
      (link) => `<link rel="alternate" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}">`,
    ),
  ]
    .filter(Boolean)
    .join('');
}

/** Applies a resolved meta to the live document after a client-side navigation. */
export function applyMeta(doc: Document, meta: ResolvedMeta): void {
  doc.title = meta.title;
  const set = (selector: string, attr: string, value: string) => doc.head.querySelector(selector)?.setAttribute(attr, value);
  set('meta[name="description"]', 'content', meta.description);
  set('link[rel="canonical"]', 'href', meta.canonical);
  set('meta[property="og:title"]', 'content', meta.title);
  set('meta[property="og:description"]', 'content', meta.description);
  set('meta[property="og:url"]', 'content', meta.canonical);
  // The page's alternates replace the last page's (a feed of another search, or none).
  for (const old of doc.head.querySelectorAll('link[rel="alternate"]')) old.remove();
  for (const link of meta.alternates) {
    const element = doc.createElement('link');
    element.rel = 'alternate';
    element.type = link.type;
    element.title = link.title;
    element.href = link.href;
    doc.head.append(element);
  }
}
