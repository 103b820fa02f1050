import { describe, expect, it } from 'vitest';
import {
  CONTENT_PAGES,
  contentPageById,
  contentPageByRoute,
  contentSections,
  faqPageJsonLd,
  headingId,
  htmlText,
  HEADING_ID_PATTERN,
  withProductName,
} from './content-pages';
import { isBuilt, linkTo, matchRoute, ROUTES } from './routes';

describe('CONTENT_PAGES', () => {
  it('names six built routes, each matched back to its page, with unique ids and a title and description', () => {
    expect(CONTENT_PAGES.map((p) => p.routeName)).toEqual(['about', 'terms', 'privacyPolicy', 'startupsFaq', 'scoutTerms', 'headhunterTerms']);
    expect(new Set(CONTENT_PAGES.map((p) => p.id)).size).toBe(CONTENT_PAGES.length);
    for (const page of CONTENT_PAGES) {
      expect(isBuilt(page.routeName), page.routeName).toBe(true);
      const path = linkTo(page.routeName)!;
      expect(path).toBe(ROUTES[page.routeName].path);
      expect(contentPageByRoute(matchRoute(path)!.name)).toBe(page);
      expect(contentPageById(page.id)).toBe(page);
      expect(page.id).toMatch(/^[a-z-]+$/);
      // A search result shows about 155 characters of a description; the product name adds a few.
      const description = withProductName(page.description, 'Nordlys');
      expect(description.length, page.id).toBeGreaterThan(70);
      expect(description.length, page.id).toBeLessThanOrEqual(170);
    }
    expect(contentPageByRoute('pricing')).toBeUndefined();
    expect(contentPageById('../secrets')).toBeUndefined();
  });

  it('fills in the product name', () => {
    expect(withProductName(contentPageById('about')!.title, 'Jobfjord')).toBe('About Jobfjord');
    expect(withProductName('{{productName}} and {{productName}}', 'N')).toBe('N and N');
  });
});

describe('headingId', () => {
  it('makes a lower-case dashed anchor without accents', () => {
    expect(headingId('How long do we keep it?')).toBe('how-long-do-we-keep-it');
    expect(headingId('  Cookies & local storage ')).toBe('cookies-local-storage');
    expect(headingId('Søg på Ærø, Åland og Zürich')).toBe('soeg-paa-aeroe-aaland-og-zurich');
    expect(headingId('???')).toBe('section');
    const long = headingId('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(HEADING_ID_PATTERN);
  });
});

describe('htmlText', () => {
  it('drops tags and decodes entities', () => {
    expect(htmlText('Prices &amp; <em>boosts</em> &lt;3 &#8211; &#x27;ok&#x27; &unknown;')).toBe("Prices & boosts <3 – 'ok' &unknown;");
  });
});

describe('contentSections', () => {
  const html =
    '<p>Intro.</p>\n<h2 id="one">First &amp; <em>best</em></h2>\n<p>A.</p><h3 id="sub">Sub</h3><p>B.</p>\n<h2 id="two">Second</h2><ul><li>C</li></ul>';

  it('splits at each h2, keeping what comes before and the h3s inside', () => {
    expect(contentSections(html)).toEqual({
      intro: '<p>Intro.</p>',
      sections: [
        { id: 'one', title: 'First & best', html: '<p>A.</p><h3 id="sub">Sub</h3><p>B.</p>' },
        { id: 'two', title: 'Second', html: '<ul><li>C</li></ul>' },
      ],
    });
  });

  it('is all intro without h2s', () => {
    expect(contentSections('<p>Only.</p>')).toEqual({ intro: '<p>Only.</p>', sections: [] });
  });

  it('makes FAQPage JSON-LD with each section as a question', () => {
    const { sections } = contentSections(html);
    expect(faqPageJsonLd(sections, 'https://nordlys.example/startups/faq')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: 'https://nordlys.example/startups/faq',
      mainEntity: [
        { '@type': 'Question', name: 'First & best', acceptedAnswer: { '@type': 'Answer', text: '<p>A.</p><h3 id="sub">Sub</h3><p>B.</p>' } },
        { '@type': 'Question', name: 'Second', acceptedAnswer: { '@type': 'Answer', text: '<ul><li>C</li></ul>' } },
      ],
    });
  });
});
