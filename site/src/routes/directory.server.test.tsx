/**
 * The startup toolbox's public pages as the server renders them (issue #15): /tools with its
 * category filter, /tools/{key}, /partners, /partners/{slug}, /deals and /deals/{key} with the claim
 * for each kind of visitor, and the claim posted without JavaScript.
 */
import { profileCookieValue } from '@nordlys/sdk/profiles';
import type { User } from '@nordlys/sdk/schemas';
import { makeUser } from '@nordlys/sdk/testing';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { accountApi } from '../modals/test-helpers';
import { DEALS, directoryServer } from '../testing/directory';
import { demoUsers } from '../testing/fixtures';

async function serverRender(path: string, { user = null as User | null, cookie = '', method = 'GET', form = undefined as Record<string, string> | undefined } = {}) {
  const server = directoryServer(user);
  const { api, calls } = accountApi(server.handlers);
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const init: RequestInit = form ? { method, headers, body: new URLSearchParams(form) } : { method, headers };
  const response = await render(new Request(`http://nordlys.test${path}`, init), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), calls, server };
}

/** The page's visible text, without tags and scripts. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

const meta = (html: string, name: string) => html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

const HIRELY = DEALS[0]!;
const CONTRACTS = DEALS[2]!;

describe('/tools and /tools/{key} on the server', () => {
  it('lists every tool as a card with its logo, and the categories of the configuration as filter links', async () => {
    const { response, html } = await serverRender('/tools');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Tools for startups | Nordlys</title>');
    expect(meta(html, 'description')).toMatch(/^The startup toolbox: 5 tools for /);
    expect(canonical(html)).toBe('http://nordlys.test/tools');
    expect(html).toContain('<h1>The startup toolbox</h1>');
    // Only the categories with tools, in the configuration's order, with their counts; "All" is current.
    const nav = html.match(/<nav class="status-filter" aria-label="Tool categories">([\s\S]*?)<\/nav>/)![1]!;
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/tools', '/tools?category=recruiting', '/tools?category=finance', '/tools?category=design']);
    expect(text(nav)).toBe(' All tools 5 Recruiting 2 Finance 2 Design 1 ');
    expect(nav).toMatch(/href="\/tools" [^>]*aria-current="page"|aria-current="page" [^>]*href="\/tools"/);
    expect(html).toContain('href="/tools/ledgerly"');
    expect(html).toContain('src="/images/thumbnail/demo/ledgerly/logo"');
    expect(text(html)).toContain('Ledgerly Finance Bookkeeping for Nordic startups. ledgerly.test');
    expect(text(html)).not.toMatch(/later release|coming soon/i);
  });

  it('filters by ?category= with its own title and canonical, and answers 404 for a category that does not exist', async () => {
    const { response, html } = await serverRender('/tools?category=finance');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Finance tools for startups | Nordlys</title>');
    expect(meta(html, 'description')).toBe('2 finance tools that Nordic startups use: Ledgerly, Spendwise.');
    expect(canonical(html)).toBe('http://nordlys.test/tools?category=finance');
    expect(html).toMatch(/aria-current="page"[^>]*>Finance|href="\/tools\?category=finance"[^>]*aria-current="page"/);
    expect(html).toContain('href="/tools/ledgerly"');
    expect(html).not.toContain('href="/tools/hirely"');

    // A category of the configuration with no tools yet is a page, and says so kindly.
    const empty = await serverRender('/tools?category=productivity');
    expect(empty.response.status).toBe(200);
    expect(text(empty.html)).toContain('No productivity tools yet');
    expect(empty.html).toContain('href="/deals"');

    expect((await serverRender('/tools?category=nonsense')).response.status).toBe(404);
  });

  it("shows a tool with its category, website (new tab, noopener), deals, related tools and breadcrumb", async () => {
    const { response, html } = await serverRender('/tools/hirely');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Hirely: recruiting tool for startups | Nordlys</title>');
    expect(meta(html, 'description')).toBe('An applicant tracking system built for small teams.');
    expect(canonical(html)).toBe('http://nordlys.test/tools/hirely');
    expect(html).toContain('<h1>Hirely</h1>');
    expect(html).toMatch(/<a class="button button--primary" href="https:\/\/www\.hirely\.test" target="_blank" rel="noopener noreferrer">/);
    expect(html).toContain('href="/tools?category=recruiting"');
    // Its deal, and the other recruiting tool.
    expect(html).toContain(`href="/deals/${HIRELY.key}"`);
    expect(text(html)).toContain('Deals from Hirely');
    expect(text(html)).toContain('More recruiting tools');
    expect(html).toContain('href="/tools/talentvik"');
    const crumbs = jsonLd(html).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => [c.name, c.item])).toEqual([
      ['Tools', 'http://nordlys.test/tools'],
      ['Recruiting', 'http://nordlys.test/tools?category=recruiting'],
      ['Hirely', 'http://nordlys.test/tools/hirely'],
    ]);
    expect((await serverRender('/tools/no-such-tool')).response.status).toBe(404);
  });
});

describe('/partners and /partners/{slug} on the server', () => {
  it('shows the partners in a section per category, with in-page links to each', async () => {
    const { response, html } = await serverRender('/partners');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Our partners | Nordlys</title>');
    expect(meta(html, 'description')).toBe('Nordlys works with accelerators and law firms. 3 partners: accelerator, law firm.');
    expect([...html.matchAll(/<h2 id="(partners-[a-z-]+)-title">([^<]+)<\/h2>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['partners-accelerator', 'Accelerator'],
      ['partners-law-firm', 'Law firm'],
    ]);
    expect(html).toContain('href="#partners-law-firm"');
    expect(html).toContain('href="/partners/holm-and-lund-advokater"');
  });

  it('shows a partner with its website link, its deals and the other partners of its kind', async () => {
    const { response, html } = await serverRender('/partners/northstar-accelerator');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Northstar Accelerator: accelerator partner | Nordlys</title>');
    expect(canonical(html)).toBe('http://nordlys.test/partners/northstar-accelerator');
    expect(html).toMatch(/href="https:\/\/www\.northstaraccelerator\.test" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('href="/partners/fjellstart"');
    const law = await serverRender('/partners/holm-and-lund-advokater');
    expect(law.html).toContain(`href="/deals/${CONTRACTS.key}"`);
    expect((await serverRender('/partners/nobody')).response.status).toBe(404);
  });
});

describe('/deals and /deals/{key} on the server', () => {
  it('lists the deals as cards with their images and partners', async () => {
    const { response, html } = await serverRender('/deals');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Deals for startups | Nordlys</title>');
    expect(meta(html, 'description')).toMatch(/^3 deals for startups on Nordlys/);
    for (const deal of DEALS) expect(html).toContain(`href="/deals/${deal.key}"`);
    expect(html).toContain('src="/images/listing/demo/cover/1"');
    expect(text(html)).toContain('Hirely Six months of Hirely for free Six months of Hirely for free, for startups. Discount code');
    expect(text(html)).toContain('Free download');
  });

  it('shows a visitor the terms and how to get the deal, never the code', async () => {
    const { response, html } = await serverRender(`/deals/${HIRELY.key}`);
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Six months of Hirely for free from Hirely | Nordlys</title>');
    expect(canonical(html)).toBe(`http://nordlys.test/deals/${HIRELY.key}`);
    expect(text(html)).toContain('Terms The terms of Six months of Hirely for free: one redemption per company.');
    expect(html).toContain(`href="/?to=%2Fdeals%2F${HIRELY.key}"`);
    expect(html).toContain('href="/startups/join"');
    expect(html).toContain('href="/tools/hirely"');
    expect(html).toMatch(/href="https:\/\/www\.hirely\.test" target="_blank" rel="noopener noreferrer"/);
    expect(html).not.toContain('NORDLYS-HIRELY-6M');
    expect(html).not.toContain('<form');
    expect((await serverRender('/deals/no-such-deal')).response.status).toBe(404);
  });

  it('tells a user without a startup to create one, a draft to finish it, and an admin where to claim', async () => {
    expect(text((await serverRender(`/deals/${HIRELY.key}`, { user: demoUsers.talent })).html)).toContain('Deals are for startups: create a startup profile');
    const draft = await serverRender(`/deals/${HIRELY.key}`, { user: demoUsers.draft });
    expect(draft.html).toContain('href="/client/startups/draft-startup/edit"');
    expect(text(draft.html)).toContain('Finish your startup profile');
    expect(text((await serverRender(`/deals/${HIRELY.key}`, { user: demoUsers.admin })).html)).toContain("open it from that startup's admin area");
  });

  it("offers a member of one startup a form for that startup, and the post (no JavaScript) reveals the code", async () => {
    const page = await serverRender(`/deals/${HIRELY.key}`, { user: demoUsers.founder });
    expect(page.response.status).toBe(200);
    expect(page.html).toMatch(/<form class="deal-claim-form"[^>]* action="\/deals\/six-months-of-hirely-for-free" method="post">/);
    expect(page.html).toContain('<input type="hidden" name="company" value="northwind-labs"/>');
    expect(text(page.html)).toContain('Reveal the code');
    expect(page.html).not.toContain('NORDLYS-HIRELY-6M');

    const posted = await serverRender(`/deals/${HIRELY.key}`, { user: demoUsers.founder, method: 'POST', form: { company: 'northwind-labs' } });
    expect(posted.response.status).toBe(200);
    expect(posted.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.json])).toEqual([[`/api/deals/${HIRELY.key}/claim`, { company: 'northwind-labs' }]]);
    expect(posted.html).toContain('<code id=');
    expect(text(posted.html)).toContain('Your code NORDLYS-HIRELY-6M Copy code');
    expect(posted.html).toContain('href="https://www.hirely.test/startups/nordlys" target="_blank" rel="noopener noreferrer">Redeem at <!-- -->Hirely');
    expect(posted.html).toContain('href="/client/startups/northwind-labs/deals"');
    expect(posted.html).not.toContain('<form');
  });

  it('gives a DOWNLOAD deal as a link to its guarded document', async () => {
    const posted = await serverRender(`/deals/${CONTRACTS.key}`, { user: demoUsers.founder, method: 'POST', form: { company: 'northwind-labs' } });
    expect(text(posted.html)).toContain('Your document');
    expect(posted.html).toMatch(
      /<a class="button button--primary" href="\/api\/companies\/northwind-labs\/deals\/employment-contract-templates\/document" target="_blank" rel="noopener">/,
    );
    expect(text(posted.html)).toContain('PDF, 5 KB');
  });

  it('lets a member of several startups choose, preselecting the selected company profile, and keeps the choice through a refusal', async () => {
    const both = makeUser({ ...demoUsers.founder, companies: [...demoUsers.founder.companies, ...demoUsers.multi.companies] });
    const unchosen = await serverRender(`/deals/${HIRELY.key}`, { user: both });
    expect(unchosen.html).toMatch(/<label for="[^"]+-company"[^>]*>Claim it for/);
    expect(unchosen.html).toMatch(/<option value="" selected="">Choose a startup…<\/option>/);

    const cookie = `user.profile=${profileCookieValue({ type: 'company', key: 'polar-robotics' })}`;
    const selected = await serverRender(`/deals/${HIRELY.key}`, { user: both, cookie });
    expect(selected.html).toMatch(/<option value="polar-robotics" selected="">Polar Robotics<\/option>/);

    const refused = await serverRender(`/deals/${HIRELY.key}`, { user: both, method: 'POST', form: { company: '' } });
    expect(refused.response.status).toBe(200);
    expect(refused.html).toMatch(/<p id="[^"]+-company-error" class="form-field__error">Choose which startup claims the deal<\/p>/);
    expect(refused.html).toMatch(/aria-invalid="true"/);
  });

  it("shows the server's refusal with where to go instead", async () => {
    // A member of a draft startup that is not the one on the page: the 403 of the API, kept with its link.
    const user = makeUser({ ...demoUsers.founder });
    const server = directoryServer(user, { drafts: ['northwind-labs'] });
    const { api } = accountApi(server.handlers);
    const response = await render(new Request(`http://nordlys.test/deals/${HIRELY.key}`, { method: 'POST', body: new URLSearchParams({ company: 'northwind-labs' }) }), {
      api: () => api,
      productName: 'Nordlys',
      origin: 'http://nordlys.test',
      assets: { scripts: [], styles: [] },
    });
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Finish your startup profile and send it for review before you claim deals Go there');
    expect(html).toContain('href="/client/startups/northwind-labs/edit"');
  });
});
