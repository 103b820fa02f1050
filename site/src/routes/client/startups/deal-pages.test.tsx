/** Issue #15's startup pages as the server renders them: the deals a startup has claimed, and one claimed deal (or the claim of one it has not). */
import type { User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { accountApi } from '../../../modals/test-helpers';
import { DEALS, directoryServer } from '../../../testing/directory';
import { demoUsers } from '../../../testing/fixtures';

const [HIRELY, LEDGERLY, CONTRACTS] = DEALS as [(typeof DEALS)[number], (typeof DEALS)[number], (typeof DEALS)[number]];

async function renderAs(user: User | null, path: string, options: { claimed?: Record<string, string[]>; form?: Record<string, string> } = {}) {
  const server = directoryServer(user, { claimed: options.claimed ?? {} });
  const { api, calls } = accountApi(server.handlers);
  const init: RequestInit = options.form ? { method: 'POST', body: new URLSearchParams(options.form) } : {};
  const response = await render(new Request(`http://nordlys.test${path}`, init), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), calls, server };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('/client/startups/{company}/deals on the server', () => {
  it('lists what the startup has claimed with each code or document, and the deals it can still claim', async () => {
    const { response, html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/deals', {
      claimed: { 'northwind-labs': [HIRELY.key, CONTRACTS.key] },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Deals · Northwind Labs | Nordlys</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = text(html);
    expect(page).toContain('Claimed deals 2 deals claimed.');
    expect(page).toContain('Six months of Hirely for free Discount code from Hirely · claimed');
    expect(page).toContain('Code: NORDLYS-HIRELY-6M');
    expect(html).toContain(`href="/client/startups/northwind-labs/deals/${HIRELY.key}"`);
    expect(html).toContain(`href="/api/companies/northwind-labs/deals/${CONTRACTS.key}/document" target="_blank" rel="noopener"`);
    // The one left to claim opens the startup's own copy of the deal; all deals are a link away.
    expect(page).toContain('More deals for Northwind Labs');
    expect(html).toContain(`href="/client/startups/northwind-labs/deals/${LEDGERLY.key}"`);
    expect(html).toContain('href="/deals"');
    // The startup nav marks the page.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/client\/startups\/northwind-labs\/deals"|href="\/client\/startups\/northwind-labs\/deals"[^>]*aria-current="page"/);
  });

  it('says so kindly when nothing is claimed yet', async () => {
    const { html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/deals');
    expect(text(html)).toContain('No deals claimed yet Claim a deal and its code or document is kept here for everyone in Northwind Labs. Browse deals');
  });

  it("keeps a visitor out (sign in first) and another startup's member out", async () => {
    const visitor = await renderAs(null, '/client/startups/northwind-labs/deals');
    expect(visitor.response.status).toBe(302);
    expect(visitor.response.headers.get('location')).toBe('/?to=%2Fclient%2Fstartups%2Fnorthwind-labs%2Fdeals');
    const other = await renderAs(demoUsers.multi, '/client/startups/northwind-labs/deals');
    expect(other.response.status).toBe(302);
    expect(other.response.headers.get('location')).toBe('/client/');
    expect(other.calls.some((c) => c.path === '/api/companies/northwind-labs/deals')).toBe(false);
  });
});

describe('/client/startups/{company}/deals/{id} on the server', () => {
  it('shows a claimed deal with its code and redeem link', async () => {
    const { response, html } = await renderAs(demoUsers.founder, `/client/startups/northwind-labs/deals/${HIRELY.key}`, { claimed: { 'northwind-labs': [HIRELY.key] } });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Six months of Hirely for free · Northwind Labs | Nordlys</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(text(html)).toContain('Your code NORDLYS-HIRELY-6M Copy code');
    expect(html).toContain('href="https://www.hirely.test/startups/nordlys" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="/client/startups/northwind-labs/deals"');
    expect(html).not.toContain('<form');
  });

  it('shows a claimed DOWNLOAD deal with its document', async () => {
    const { html } = await renderAs(demoUsers.founder, `/client/startups/northwind-labs/deals/${CONTRACTS.key}`, { claimed: { 'northwind-labs': [CONTRACTS.key] } });
    expect(text(html)).toContain('Your document Open Employment contract templates.pdf (PDF, opens in a new tab) PDF, 5 KB');
  });

  it('offers a deal not claimed yet for this startup only, and claims it with a plain form post', async () => {
    const { html } = await renderAs(demoUsers.founder, `/client/startups/northwind-labs/deals/${LEDGERLY.key}`);
    expect(html).toMatch(/<form class="deal-claim-form"[^>]* action="\/client\/startups\/northwind-labs\/deals\/30-off-ledgerly-bookkeeping" method="post">/);
    expect(html).not.toContain('NORDLYS30');

    // Whatever the post names, this page claims for its own startup.
    const posted = await renderAs(demoUsers.founder, `/client/startups/northwind-labs/deals/${LEDGERLY.key}`, { form: { company: 'polar-robotics' } });
    expect(posted.response.status).toBe(200);
    expect(posted.calls.filter((c) => c.method === 'POST').map((c) => c.json)).toEqual([{ company: 'northwind-labs' }]);
    expect(posted.server.claims.get('northwind-labs')?.map((c) => c.deal.key)).toEqual([LEDGERLY.key]);
    expect(text(posted.html)).toContain('Your code NORDLYS30');
  });

  it('answers 404 for a deal that does not exist', async () => {
    expect((await renderAs(demoUsers.founder, '/client/startups/northwind-labs/deals/no-such-deal')).response.status).toBe(404);
  });
});
