/**
 * Issue #15: the Markdown content pages (/about, /terms, /privacy-policy, /startups/faq, /scout-terms,
 * /headhunter-terms): which route shows which file, with its title and meta description, and the pure
 * rules both ends share: the heading ids, the sections a page splits into, and the FAQPage JSON-LD.
 *
 * `CONTENT_PAGES` is a list of {@link ContentPage}:
 * - `routeName`: the page's route in the URL registry (routes.ts); `linkTo(routeName)` is its path, and
 *   the sitemap lists it by that name;
 * - `id`: the Markdown file `server/content/{id}.md` and the id of `GET /api/pages/content/{id}`;
 * - `title` and `description`: the page's H1 and `<title>`, and its meta description. `{{productName}}`
 *   in them (and in the Markdown) is the configured product name (see {@link withProductName});
 * - `toc`: the page is long and shows a table of contents of its sections;
 * - `faq`: each section is a question, and the page carries FAQPage structured data.
 *
 * The Markdown starts with a front matter block giving the day it was last changed:
 * `---\nupdated: 2026-11-24\n---`. Its sections are its `##` headings.
 */
import { planById, SCOUT_FEE } from './pricing';
import type { RouteName } from './routes';

/** The routes served by the content page module of the site. */
export type ContentRouteName = Extract<RouteName, 'about' | 'terms' | 'privacyPolicy' | 'startupsFaq' | 'scoutTerms' | 'headhunterTerms'>;

export interface ContentPage {
  routeName: ContentRouteName;
  id: string;
  title: string;
  description: string;
  toc: boolean;
  faq: boolean;
}

/** The placeholder for the configured product name in titles, descriptions and the Markdown. */
export const PRODUCT_NAME_PLACEHOLDER = '{{productName}}';

/** How long a Scout or Headhunter recruiter works on a search (the Headhunter plan's weeks). */
const recruiterWeeks = /* @__PURE__ */ planById('headhunter').recruiterWeeks;

export const CONTENT_PAGES = [
  {
    routeName: 'about',
    id: 'about',
    title: `About ${PRODUCT_NAME_PLACEHOLDER}`,
    description: `${PRODUCT_NAME_PLACEHOLDER} connects global talent with jobs at Nordic startups. What we do for talent, startups and investors, and how we earn our money.`,
    toc: false,
    faq: false,
  },
  {
    routeName: 'terms',
    id: 'terms',
    title: 'Terms of service',
    description: `The terms for using ${PRODUCT_NAME_PLACEHOLDER} as talent, a startup or an investor: accounts, job posts and payment, acceptable use, your content, liability and Danish law.`,
    toc: true,
    faq: false,
  },
  {
    routeName: 'privacyPolicy',
    id: 'privacy-policy',
    title: 'Privacy policy',
    description: `What ${PRODUCT_NAME_PLACEHOLDER} stores about you and why, how long we keep it, the cookies we set, who helps us run the service, and your rights under the GDPR.`,
    toc: true,
    faq: false,
  },
  {
    routeName: 'startupsFaq',
    id: 'startups-faq',
    title: 'FAQ for startups',
    description: `Answers for startups hiring on ${PRODUCT_NAME_PLACEHOLDER}: posting and prices, boosts, approval, the applicant board, the job widget, career pages, feeds, Scout and invoices.`,
    toc: true,
    faq: true,
  },
  {
    routeName: 'scoutTerms',
    id: 'scout-terms',
    title: 'Scout terms',
    description: `The terms of Scout: a recruiter screens and grades your candidates for ${recruiterWeeks} weeks, and you pay ${SCOUT_FEE.percentOfFirstYearSalary}% of the first-year salary only when you hire.`,
    toc: false,
    faq: false,
  },
  {
    routeName: 'headhunterTerms',
    id: 'headhunter-terms',
    title: 'Headhunter terms',
    description: `The terms of the Headhunter plan: a fixed fee per job, a recruiter who screens and grades your candidates for ${recruiterWeeks} weeks, the shortlist guarantee and cancellation.`,
    toc: false,
    faq: false,
  },
] as const satisfies readonly ContentPage[];

/** The content page a route shows, or undefined for any other route. */
export function contentPageByRoute(name: string): ContentPage | undefined {
  return CONTENT_PAGES.find((page) => page.routeName === name);
}

/** The content page with a Markdown id, or undefined for an unknown id. */
export function contentPageById(id: string): ContentPage | undefined {
  return CONTENT_PAGES.find((page) => page.id === id);
}

/**
 * A text with the configured product name in place of `{{productName}}`.
 * @example withProductName('About {{productName}}', 'Nordlys') // 'About Nordlys'
 */
export function withProductName(text: string, productName: string): string {
  return text.split(PRODUCT_NAME_PLACEHOLDER).join(productName);
}

/** What a heading id may look like: lower-case letters, digits and dashes (the sanitizer keeps only these). */
export const HEADING_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * The anchor of a heading: its words in lower case joined by dashes, accents dropped (æ, ø and å
 * spelt out the Danish way), at most 80 characters; 'section' for a heading with no letters.
 * @example headingId('How long do we keep it?') // 'how-long-do-we-keep-it'
 */
export function headingId(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'section';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed.
 * @example htmlText('Prices &amp; <em>boosts</em>') // 'Prices & boosts'
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** One `##` section of a content page: its heading's anchor and text, and the HTML under it. */
export interface ContentSection {
  id: string;
  title: string;
  html: string;
}

/**
 * A page's HTML (sanitized, headings with ids) split at its `<h2>`s: what comes before the first one,
 * and each section without its heading, so the page can wrap each in a labelled `<section>`, list them
 * in a table of contents, and read an FAQ's questions and answers from them.
 */
export function contentSections(html: string): { intro: string; sections: ContentSection[] } {
  const heading = /<h2 id="([a-z0-9-]+)">([\s\S]*?)<\/h2>/g;
  const sections: ContentSection[] = [];
  let intro = html;
  let last: { id: string; title: string; end: number } | null = null;
  for (const match of html.matchAll(heading)) {
    if (last) sections.push({ id: last.id, title: last.title, html: html.slice(last.end, match.index).trim() });
    else intro = html.slice(0, match.index);
    last = { id: match[1]!, title: htmlText(match[2]!), end: match.index + match[0].length };
  }
  if (last) sections.push({ id: last.id, title: last.title, html: html.slice(last.end).trim() });
  return { intro: intro.trim(), sections };
}

/** schema.org FAQPage data of a page whose sections are questions (Google reads the answers' simple HTML). */
export type FaqPageJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'FAQPage';
  url: string;
  mainEntity: { '@type': 'Question'; name: string; acceptedAnswer: { '@type': 'Answer'; text: string } }[];
};

/**
 * The FAQPage JSON-LD of an FAQ page at `url`: each section's heading is a question, its HTML the answer.
 * @example faqPageJsonLd(contentSections(html).sections, 'https://nordlys.example/startups/faq')
 */
export function faqPageJsonLd(sections: readonly ContentSection[], url: string): FaqPageJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: sections.map((section) => ({
      '@type': 'Question',
      name: section.title,
      acceptedAnswer: { '@type': 'Answer', text: section.html },
    })),
  };
}
