import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';

/**
 * A third-party page on its own origin (another port on 127.0.0.1), serving whatever the test sets,
 * with an optional Content-Security-Policy. A real server, because Chrome lets a page load from
 * localhost only when the page itself came from a local address.
 */
let server: Server;
let hostOrigin: string;
const page_ = { body: '', csp: '' };

test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...(page_.csp ? { 'Content-Security-Policy': page_.csp } : {}),
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Startup</title></head><body><h1>Work with us</h1>${page_.body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
test.describe.configure({ mode: 'serial' });

async function openHostPage(page: Page, body: string, csp = '') {
  Object.assign(page_, { body, csp });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${hostOrigin}/careers`);
  return errors;
}

test.describe('the job widget on a third-party page', () => {
  test('renders the startup’s jobs from another origin, under a strict CSP, without cookies', async ({ page, baseURL, request }) => {
    const { jobs } = await (await request.get('/api/companies/northwind-labs/jobs')).json();
    const csp = `default-src 'none'; script-src ${baseURL}; connect-src ${baseURL}; img-src ${baseURL} data:`;
    const errors = await openHostPage(page, `<script async src="${baseURL}/embed/v1/jobs.js" data-company="northwind-labs"></script>`, csp);
    const widget = page.locator('[data-nordlys="jobs"]');
    // Playwright's locators pierce the open shadow root the widget renders into.
    await expect(widget.getByRole('link', { name: jobs[0].title })).toBeVisible();
    expect(await widget.getByRole('listitem').count()).toBe(jobs.length);
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // The widget's own styles apply (through a constructable stylesheet, which the CSP allows).
    const title = widget.getByRole('link', { name: jobs[0].title });
    await expect(title).toHaveCSS('color', 'rgb(15, 118, 110)'); // the brand accent, #0f766e
    await expect(title).toHaveCSS('font-weight', '600');
  });

  test('shows an error with a link to the startup’s page when the API cannot be reached', async ({ page, baseURL }) => {
    await page.route(`${baseURL}/api/**`, (route) => route.abort('connectionrefused'));
    // A host page whose own styles must not reach into the widget.
    await openHostPage(
      page,
      `<style>body { font-family: Georgia, serif; color: rgb(200, 0, 0); }</style><script async src="${baseURL}/embed/v1/jobs.js" data-company="northwind-labs"></script>`,
    );
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.locator(`a[href="${baseURL}/startups/northwind-labs"]`)).toBeVisible();
    const text = widget.getByRole('alert');
    await expect(text).not.toHaveCSS('font-family', /Georgia/);
    await expect(text).not.toHaveCSS('color', 'rgb(200, 0, 0)');
    await expect(page.getByRole('heading', { name: 'Work with us' })).toBeVisible();
  });

  test('shows the first job after two requests beyond the host page: the script, then the data', async ({ page, baseURL, request }) => {
    const { jobs } = await (await request.get('/api/companies/northwind-labs/jobs')).json();
    const toNordlys: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(baseURL!)) toNordlys.push(new URL(r.url()).pathname);
    });
    await openHostPage(page, `<script async src="${baseURL}/embed/v1/jobs.js" data-company="northwind-labs"></script>`);
    await expect(page.locator('[data-nordlys="jobs"]').getByRole('link', { name: jobs[0].title })).toBeVisible();
    expect(toNordlys).toEqual(['/embed/v1/jobs.js', '/api/companies/northwind-labs/job-briefs']);
  });
});
