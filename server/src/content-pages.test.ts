/** The content pages (issue #15): Markdown to sanitized HTML, kept once rendered, and the real pages' links and figures. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, contentSections, htmlText } from '@nordlys/sdk/content-pages';
import { EXPIRY_NOTICE_DAYS, JOB_LISTING_DAYS } from '@nordlys/sdk/job-status';
import { INVITATION_DAYS } from '@nordlys/sdk/constants';
import { INVOICE_DUE_DAYS, JOB_PRICES, PLANS, PRICE_COUNTRIES, SCOUT_FEE, SELLER, planById, type Money, type PriceCountry } from '@nordlys/sdk/pricing';
import { isBuilt, matchRoute } from '@nordlys/sdk/routes';
import { JOB_EXPIRY_MAX_DAYS } from '@nordlys/sdk/schemas';
import { contentPages, parseFrontMatter, renderContentMarkdown } from './content-pages';

const settings = { productName: 'Nordlys', teamEmail: 'team@nordlys.example' };

describe('renderContentMarkdown', () => {
  it('gives h2–h4 ids from their text, numbering repeats, and fills in the product name and team address', () => {
    const html = renderContentMarkdown('# Title\n\n## About {{productName}}\n\n### Prices & *boosts*\n\n## About {{productName}}\n\nWrite to {{teamEmail}}.', settings);
    // The page's title is its H1: a '#' heading in the Markdown keeps only its text.
    expect(html).toBe(
      'Title\n<h2 id="about-nordlys">About Nordlys</h2>\n<h3 id="prices-boosts">Prices &amp; <em>boosts</em></h3>\n<h2 id="about-nordlys-2">About Nordlys</h2>\n<p>Write to <a href="mailto:team@nordlys.example" rel="noopener">team@nordlys.example</a>.</p>\n',
    );
  });

  it('links any team address, a development one without a dot and one with Markdown characters too', () => {
    expect(renderContentMarkdown('At {{teamEmail}}.', { ...settings, teamEmail: 'team@localhost' })).toBe(
      '<p>At <a href="mailto:team@localhost" rel="noopener">team@localhost</a>.</p>\n',
    );
    expect(renderContentMarkdown('At {{teamEmail}}.', { ...settings, teamEmail: 'hire_me*now@jobs.example' })).toBe(
      '<p>At <a href="mailto:hire_me*now@jobs.example" rel="noopener">hire_me*now@jobs.example</a>.</p>\n',
    );
  });

  it('keeps a product name with Markdown or HTML in it as text', () => {
    const html = renderContentMarkdown('{{productName}} is here.', { ...settings, productName: '*Jobs*_<b>DK</b>' });
    expect(html).toBe('<p>*Jobs*_&lt;b&gt;DK&lt;/b&gt; is here.</p>\n');
  });

  it('removes scripts, handlers and unsafe links from the Markdown, keeping links within the site', () => {
    const html = renderContentMarkdown(
      'Hi <script>window.__x = 1</script><img src=x onerror="y()"> [in](/contact) [out](https://example.com) [bad](javascript:alert(1)) <a href="//evil.example">far</a>\n\n<div onclick="z()">Block</div>',
      settings,
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|evil|<img|<div/i);
    expect(html).toContain('<a href="/contact">in</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener">out</a>');
    expect(html).toContain('Block');
  });
});

describe('parseFrontMatter', () => {
  it('reads the day the page changed and the Markdown after it', () => {
    expect(parseFrontMatter('---\nupdated: 2026-11-24\n---\n\nText\n')).toEqual({ updatedAt: '2026-11-24', body: '\nText\n' });
  });

  it('refuses a page without a valid date', () => {
    expect(() => parseFrontMatter('Text')).toThrow(/updated: YYYY-MM-DD/);
    expect(() => parseFrontMatter('---\nupdated: soon\n---\nText')).toThrow(/updated/);
  });
});

describe('contentPages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nordlys-content-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('renders a page once: a change to its file shows only in a new server', async () => {
    await writeFile(join(dir, 'about.md'), '---\nupdated: 2026-01-02\n---\n## First\n');
    const pages = contentPages({ ...settings, dir });
    const first = await pages.get('about');
    expect(first).toEqual({
      id: 'about',
      title: 'About Nordlys',
      description: expect.stringContaining('Nordlys connects global talent'),
      html: '<h2 id="first">First</h2>\n',
      updatedAt: '2026-01-02',
    });
    await writeFile(join(dir, 'about.md'), '---\nupdated: 2026-01-03\n---\n## Second\n');
    expect(await pages.get('about')).toBe(first);
    expect((await contentPages({ ...settings, dir }).get('about'))!.updatedAt).toBe('2026-01-03');
  });

  it('knows only the listed pages, and retries a file that could not be read', async () => {
    const pages = contentPages({ ...settings, dir });
    expect(await pages.get('secrets')).toBeNull();
    expect(await pages.get('../about')).toBeNull();
    await expect(pages.get('terms')).rejects.toThrow(/ENOENT/);
    await writeFile(join(dir, 'terms.md'), '---\nupdated: 2026-01-02\n---\nTerms.\n');
    expect((await pages.get('terms'))!.html).toBe('<p>Terms.</p>\n');
  });
});

describe('the content pages in server/content', () => {
  const pages = contentPages(settings);
  const text = async (id: string) => htmlText((await pages.get(id))!.html);

  it('each has a date, sections with unique anchors, and links only to built pages and its own anchors', async () => {
    for (const page of CONTENT_PAGES) {
      const answer = (await pages.get(page.id))!;
      expect(answer.updatedAt, page.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(answer.html, page.id).not.toContain('{{');
      const { sections } = contentSections(answer.html);
      expect(sections.length, page.id).toBeGreaterThanOrEqual(page.faq ? 10 : 3);
      const ids = [...answer.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, page.id).toBe(ids.length);
      for (const [, href] of answer.html.matchAll(/<a href="([^"]*)"/g)) {
        if (href!.startsWith('#')) expect(ids, `${page.id}: ${href}`).toContain(href!.slice(1));
        else if (href!.startsWith('/')) {
          const route = matchRoute(href!);
          expect(route && isBuilt(route.name), `${page.id}: ${href}`).toBe(true);
        } else expect(href, page.id).toMatch(/^(https:\/\/|mailto:)/);
      }
    }
  });

  it('the FAQ has 10 to 15 questions', async () => {
    const { sections } = contentSections((await pages.get('startups-faq'))!.html);
    expect(sections.length).toBeGreaterThanOrEqual(10);
    expect(sections.length).toBeLessThanOrEqual(15);
    for (const section of sections) expect(section.title).toMatch(/\?$/);
  });

  const amount = ({ amount, currency }: Money) => `${amount.toLocaleString('en')} ${currency}`;
  const rows = (html: string) =>
    new Map([...html.matchAll(/<tr>\s*<td>([\s\S]*?)<\/td>([\s\S]*?)<\/tr>/g)].map(([, head, rest]) => [htmlText(head!), [...rest!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => htmlText(m[1]!))]));
  const countryRow: Record<PriceCountry, string> = {
    DK: 'Denmark',
    NO: 'Norway',
    SE: 'Sweden',
    FI: 'Finland',
    IS: 'Iceland',
    EU: 'Other EU countries and everywhere else',
  };

  it('the terms list the price of every paid plan in every price country, and the figures of the job rules', async () => {
    const table = rows((await pages.get('terms'))!.html);
    for (const country of PRICE_COUNTRIES) {
      expect(table.get(countryRow[country]), country).toEqual(['boost', 'max', 'headhunter'].map((plan) => amount(planById(plan as 'boost').prices[country])));
    }
    const terms = await text('terms');
    expect(terms).toContain(`runs for ${JOB_LISTING_DAYS} days`);
    expect(terms).toContain(`at most ${JOB_EXPIRY_MAX_DAYS} days ahead`);
    expect(terms).toContain(`${EXPIRY_NOTICE_DAYS} days before a job expires`);
    expect(terms).toContain(`due within ${INVOICE_DUE_DAYS} days`);
    expect(terms).toContain(`above search results for ${planById('boost').featuredDays} days`);
    expect(terms).toContain(`featured for ${planById('max').featuredDays} days`);
    expect(terms).toContain(`screens and grades the candidates for ${planById('headhunter').recruiterWeeks} weeks`);
    expect(terms).toContain(`${SELLER.address}, ${SELLER.postalCode} ${SELLER.city}, Denmark, CVR ${SELLER.cvr} (VAT number ${SELLER.vatNumber})`);
  });

  it('the about page and the FAQ give the Boost price of spec 9 in every price country', async () => {
    const boost = `${PRICE_COUNTRIES.filter((c) => c !== 'EU').map((c) => `${amount(JOB_PRICES[c])} in ${countryRow[c]}`).join(', ')} and ${amount(JOB_PRICES.EU)} everywhere else`;
    expect(boost).toBe('599 DKK in Denmark, 879 NOK in Norway, 849 SEK in Sweden, 79 EUR in Finland, 11,500 ISK in Iceland and 79 EUR everywhere else');
    expect(await text('about')).toContain(boost);
    const faq = await text('startups-faq');
    expect(faq).toContain(boost);
    expect(faq).toContain(`from ${amount(planById('headhunter').prices.DK)} in Denmark`);
    expect(faq).toContain(`${SCOUT_FEE.percentOfFirstYearSalary}% of the hired person's first-year base salary, at least ${amount(SCOUT_FEE.minimum.DK)} in Denmark`);
    expect(faq).toContain(`Each invitation link works for ${INVITATION_DAYS} days`);
    expect(await text('about')).toContain(`${SELLER.name}, a small team in Copenhagen (${SELLER.address}`);
  });

  it("the Scout terms state Scout's fee, minimums and guarantee", async () => {
    const html = (await pages.get('scout-terms'))!.html;
    const table = rows(html);
    for (const country of PRICE_COUNTRIES) expect(table.get(countryRow[country]), country).toEqual([amount(SCOUT_FEE.minimum[country])]);
    const scout = htmlText(html);
    expect(scout).toContain(`For ${planById('headhunter').recruiterWeeks} weeks a recruiter`);
    expect(scout).toContain(`${SCOUT_FEE.percentOfFirstYearSalary}% of their first-year gross base salary`);
    expect(scout).toContain(`within ${SCOUT_FEE.introductionMonths} months of being presented`);
    expect(scout).toContain(`within ${SCOUT_FEE.replacementDays} days of their first day of work`);
    expect(scout).toContain(`The invoice is due within ${INVOICE_DUE_DAYS} days`);
    // The grade table comes first: 5 down to 1.
    expect([...table.keys()].slice(0, 5)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('the Headhunter terms state the plan price in every price country, and its weeks', async () => {
    const html = (await pages.get('headhunter-terms'))!.html;
    const table = rows(html);
    for (const country of PRICE_COUNTRIES) expect(table.get(countryRow[country]), country).toEqual([amount(planById('headhunter').prices[country])]);
    const headhunter = htmlText(html);
    const plan = planById('headhunter');
    expect(headhunter).toContain(`A recruiter for ${plan.recruiterWeeks} weeks`);
    expect(headhunter).toContain(`Weeks 2–${plan.recruiterWeeks}:`);
    expect(headhunter).toContain(`Week ${plan.recruiterWeeks}: a final report`);
    expect(headhunter).toContain(`above search results for ${plan.featuredDays} days`);
    expect(headhunter).toContain(`invoice due within ${INVOICE_DUE_DAYS} days`);
    expect(PLANS.find((p) => p.id === 'max')!.featuredDays).toBe(plan.featuredDays);
  });
});
