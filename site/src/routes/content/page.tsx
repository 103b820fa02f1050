/**
 * The Markdown content pages of issue #15 (/about, /terms, /privacy-policy, /startups/faq, /scout-terms,
 * /headhunter-terms), one module for all six. The loader finds its page from the URL (sdk matchRoute
 * and CONTENT_PAGES), reads GET /pages/content/{id}, and sanitizes the server's HTML once more with the
 * sdk's content policy. The page is an article cut into one labelled section per `##` heading; long
 * pages list their sections in a table of contents, and the FAQ carries FAQPage JSON-LD.
 */
import { serializeJsonLd } from '@nordlys/feeds';
import { contentPageByRoute, contentSections, faqPageJsonLd, type ContentPage, type ContentSection } from '@nordlys/sdk/content-pages';
import { exactDate } from '@nordlys/sdk/dates';
import { linkTo, matchRoute } from '@nordlys/sdk/routes';
import type { MouseEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, originFrom } from '../../api';
import { notFound, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

export interface ContentPageData {
  page: Pick<ContentPage, 'routeName' | 'toc' | 'faq'>;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  updatedAt: string;
  /** The page's path, for the canonical URL and the FAQ's structured data. */
  path: string;
  origin: string;
  /** Sanitized HTML before the first section, and the sections. */
  intro: string;
  sections: ContentSection[];
}

/** A table of contents helps from this many sections on. */
const TOC_MIN_SECTIONS = 3;

export async function loader({ request, context }: LoaderFunctionArgs): Promise<ContentPageData> {
  const url = new URL(request.url);
  const route = matchRoute(url.pathname);
  const page = route ? contentPageByRoute(route.name) : undefined;
  if (!page) notFound();
  // The sanitizer is big: the browser loads it only when it navigates to one of these pages.
  const [answer, { sanitizeContentHtml }] = await Promise.all([orRouteError(apiFrom(context).pages.content(page.id)), import('@nordlys/sdk/sanitize')]);
  const { intro, sections } = contentSections(sanitizeContentHtml(answer.html));
  return {
    page: { routeName: page.routeName, toc: page.toc, faq: page.faq },
    title: answer.title,
    description: answer.description,
    updatedAt: answer.updatedAt,
    path: linkTo(page.routeName) ?? url.pathname,
    origin: originFrom(context),
    intro,
    sections,
  };
}

export const handle: RouteHandle<ContentPageData> = {
  meta: ({ data }) => ({ title: data.title, description: data.description, canonicalPath: data.path }),
};

function TableOfContents({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <nav className="content-toc" aria-labelledby="content-toc-title">
      <h2 id="content-toc-title" className="content-toc__title">
        On this page
      </h2>
      <ol className="content-toc__list">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A click on a plain link of the text that stays on the site, unmodified: the path to navigate to inside the app. */
export function sitePathOf(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const href = link?.getAttribute('href') ?? '';
  return href.startsWith('/') && !href.startsWith('//') && !link?.target ? href : null;
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { page, sections } = data;
  const toc = page.toc && sections.length >= TOC_MIN_SECTIONS;
  // The text's links are plain <a>s (they work without JavaScript); with it, they navigate inside the app.
  const followSiteLink = (event: MouseEvent<HTMLElement>) => {
    const path = sitePathOf(event);
    if (path === null) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    <article className={`page container content-page${toc ? ' content-page--toc' : ''}`} aria-labelledby="content-page-title">
      <header className="page-head content-page__head">
        <h1 id="content-page-title">{data.title}</h1>
        <p className="content-page__updated">
          Last updated <time dateTime={data.updatedAt}>{exactDate(data.updatedAt)}</time>
        </p>
      </header>
      {toc ? <TableOfContents sections={sections} /> : null}
      {/* Clicks on the text's links, delegated: Enter on a focused link is a click too. */}
      <div className="content-page__body" onClick={followSiteLink}>
        {/* The site's own Markdown, sanitized by the server and again in the loader (sdk sanitizeContentHtml). */}
        {data.intro ? <div className="prose content-prose content-page__intro" dangerouslySetInnerHTML={{ __html: data.intro }} /> : null}
        {sections.map((section) => (
          <section key={section.id} className="content-section" aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            <div className="prose content-prose" dangerouslySetInnerHTML={{ __html: section.html }} />
          </section>
        ))}
      </div>
      {page.faq ? (
        <script
          type="application/ld+json"
          // Escaped so an answer cannot close the script element.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(faqPageJsonLd(sections, new URL(data.path, data.origin).href)) }}
        />
      ) : null}
    </article>
  );
}
