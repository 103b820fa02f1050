/** Issue #12's startup pages as the server renders them: the jobs table, "Post a job" on the dashboard, and the orders under settings. */
import type { User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { createFakeApi, demoUsers } from '../../../testing/fixtures';

async function renderAs(user: User | null, path: string, headers: Record<string, string> = {}) {
  const { api, requests } = createFakeApi({ account: { user } });
  const response = await render(new Request(`http://nordlys.test${path}`, { headers }), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), requests };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('/client/startups/{company}/jobs on the server', () => {
  it('renders the table with the filter, its counts in the reader\'s locale, and no "later release" left', async () => {
    const { response, html, requests } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/jobs', { 'accept-language': 'da-DK,da;q=0.9,en;q=0.8' });
    expect(response.status).toBe(200);
    expect(requests.some((r) => r.path === 'companies/northwind-labs/managed-jobs')).toBe(true);
    expect(html).toContain('<title>Jobs · Northwind Labs | Nordlys</title>');
    const page = text(html);
    expect(page).not.toMatch(/later release/i);
    expect(page).toContain('All 6');
    // Danish digits: 1234 views read "1,2 t" (tusind) in Danish's compact form.
    expect(page).toMatch(/Backend Engineer Live 1,2\s?t 12 /);
    expect(html).toContain('href="/client/startups/northwind-labs/jobs/new"');
    expect(html).toContain('aria-label="Filter jobs by status"');
  });

  it('keeps the filter of ?status= in the title and the marked link', async () => {
    const { html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/jobs?status=STOPPED');
    expect(html).toContain('<title>Paused jobs · Northwind Labs | Nordlys</title>');
    expect(html).toMatch(/<a class="status-filter__link" aria-current="page" href="\/client\/startups\/northwind-labs\/jobs\?status=STOPPED"[^>]*>Paused/);
    expect(text(html)).toContain('Product Designer');
    expect(text(html)).not.toContain('Backend Engineer');
  });
});

describe('the startup dashboard and settings', () => {
  it('offers "Post a job" on the dashboard', async () => {
    const { html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs');
    expect(html).toContain('<a class="button button--primary" href="/client/startups/northwind-labs/jobs/new">Post a job</a>');
  });

  it('lists the orders and invoices under settings, each linking to its invoice', async () => {
    const { response, html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/settings');
    expect(response.status).toBe(200);
    expect(html).toContain('<h2 id="settings-orders">Orders and invoices</h2>');
    expect(html).toContain('href="/client/startups/northwind-labs/invoices/7"');
    expect(text(html)).toContain('NL-2026-7 Backend Engineer Boost');
  });
});
