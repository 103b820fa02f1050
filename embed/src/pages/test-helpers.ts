/** Parsing helpers for the page tests (happy-dom's DOMParser). */
import type { JsonLd } from '@nordlys/feeds/job-posting';
import type { Image, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import type { PageData } from './data';

export const ORIGIN = 'https://careers.aurora.example';
export const MAIN = 'https://nordlys.jobs';
export const NOW = new Date();

export function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

export const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

export function jsonLd(doc: Document): JsonLd[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as JsonLd);
}

export function links(root: ParentNode): { href: string; text: string }[] {
  return [...root.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href') ?? '', text: text(a) }));
}

export function image(name: string): Image {
  const size = (s: string) => `/images/${s}/${name}`;
  return {
    path: name,
    sizes: { large: size('large'), cover: size('cover'), thumbnail: size('thumbnail'), listing: size('listing'), portrait: size('portrait'), social: size('social') },
  };
}

export const feed: WhiteLabelFeed = {
  id: 4,
  domain: 'jobs.northstar.example',
  name: 'Northstar Jobs',
  description: 'Hand-picked roles at climate startups in the Nordics.',
  logoImage: null,
  filters: { categories: ['frontend'] },
  company: { id: 9, key: 'northstar', name: 'Northstar', logoImage: null },
};

/** Every <script> of a document, in order: an external one by its src, any other by its type ('inline' for none: inline JS). */
export function scripts(doc: Document): string[] {
  return [...doc.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? s.getAttribute('type') ?? 'inline');
}

/** The page data the server handed the client bundle. */
export function pageData(doc: Document): PageData {
  return JSON.parse(doc.getElementById('nordlys-data')?.textContent ?? 'null') as PageData;
}
