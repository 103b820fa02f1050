import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COLOURS } from '../../sdk/src/tokens';

/**
 * The static host pages in examples/pages, served by `serve` on 127.0.0.1:3211 (the second webServer in
 * playwright.config.ts), each loading the widget cross-origin from the Nordlys server on localhost:3210.
 * The pages name http://localhost:3210 in their markup, so these tests do too.
 */
const NORDLYS = 'http://localhost:3210';
const EXAMPLES = 'http://127.0.0.1:3211';
const COMPANY = 'northwind-labs';
/** A #rrggbb token as the rgb() text getComputedStyle reports. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const ACCENT = rgb(COLOURS.light.accent); // the brand accent of the sdk tokens, the widget's default
const DARK_ACCENT = rgb(COLOURS.dark.accent);

type Job = { id: string; title: string };
/** window.Nordlys as the runtime installs it (its type lives in embed/src/runtime.ts, outside this project);
 * written out inside each page.evaluate, which runs in the page and sees no helper of this file. */
type WithNordlys = {
  Nordlys?: { version: string; mount(el: Element, options?: object): unknown; destroy(el: Element): void };
};
let jobs: Job[] = [];

test.beforeAll(async ({ request }) => {
  const res = await request.get(`${NORDLYS}/api/companies/${COMPANY}/jobs`);
  expect(res.ok()).toBe(true);
  jobs = (await res.json()).jobs;
  // The seed's 7 open Northwind jobs, and the hostile copy of one (tests/e2e/fixtures/insert-hostile-job.ts).
  expect(jobs.length).toBe(8);
});

/** Opens an example page; collects page errors, console errors and CSP violations (also those before load). */
async function openExample(page: Page, name: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The examples folder has no favicon; Chrome's request for one is not the widget's business.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(`${EXAMPLES}/${name}`);
  expect(response?.status()).toBe(200);
  const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  return { errors, violations };
}

/** What the shadow root of `selector` holds: its top-level elements and adopted sheets (-1: no shadow root). */
function shadowOf(page: Page, selector: string) {
  return page.evaluate((s) => {
    const hosts = document.querySelectorAll(s);
    const root = hosts[0]?.shadowRoot;
    return {
      hosts: hosts.length,
      children: root ? root.children.length : -1,
      sheets: root ? root.adoptedStyleSheets.length : -1,
    };
  }, selector);
}

/** The computed style of the widget's root container (the first element in the host's shadow root). */
function rootStyle(page: Page, selector: string) {
  return page.evaluate((s) => {
    const el = document.querySelector(s)?.shadowRoot?.firstElementChild;
    if (!el) return null;
    const cs = getComputedStyle(el);
    return { background: cs.backgroundColor, color: cs.color, fontFamily: cs.fontFamily };
  }, selector);
}

const nordlysErrors = (errors: string[]) => errors.filter((e) => /nordlys|Content Security Policy|Refused/i.test(e));

test.describe('example host pages (examples/pages) embedding the widget cross-origin', () => {
  test('plain.html: the script tag renders the company’s jobs right after itself', async ({ page }) => {
    const { errors } = await openExample(page, 'plain.html');
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    for (const job of jobs) await expect(widget.getByRole('link', { name: job.title, exact: true })).toBeVisible();
    const first = widget.getByRole('link', { name: jobs[0]!.title, exact: true });
    await expect(first).toHaveAttribute('href', new RegExp(`^${NORDLYS}/`));
    await expect(first).toHaveAttribute('target', '_blank');
    await expect(widget.locator(`a[href="${NORDLYS}/startups/${COMPANY}"]`)).toBeVisible();
    // The host div sits right after the script tag.
    expect(await page.evaluate(() => document.querySelector('script[data-company]')?.nextElementSibling?.getAttribute('data-nordlys'))).toBe('jobs');
    expect(await shadowOf(page, '[data-nordlys="jobs"]')).toEqual({ hosts: 1, children: 1, sheets: 1 });
    expect(errors).toEqual([]);
  });

  test('css-reset.html: an aggressive reset (all: unset on every element) does not reach the widget', async ({ page }) => {
    const { errors } = await openExample(page, 'css-reset.html');
    // The reset is in force on the host page itself.
    await expect(page.getByRole('link', { name: 'A host link' })).toHaveCSS('color', 'rgb(0, 128, 0)');
    await expect(page.getByRole('heading', { name: 'Work at Northwind Labs' })).toHaveCSS('font-size', '13px');
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    const title = widget.getByRole('link', { name: jobs[0]!.title, exact: true });
    await expect(title).toHaveCSS('color', ACCENT);
    await expect(title).toHaveCSS('font-size', '17px');
    await expect(title).toHaveCSS('font-weight', '600');
    await expect(title).not.toHaveCSS('font-family', /Courier/);
    const item = widget.getByRole('listitem').first();
    await expect(item).toHaveCSS('border-bottom-width', '1px');
    await expect(item).toHaveCSS('padding-top', '12px');
    const root = await rootStyle(page, '[data-nordlys="jobs"]');
    expect(root?.fontFamily).not.toMatch(/Courier/);
    expect(root?.color).not.toBe('rgb(0, 128, 0)');
    expect(errors).toEqual([]);
  });

  test('important-theme.html: !important rules on a, ul, li, p, div and button stay out of the widget', async ({ page }) => {
    const { errors } = await openExample(page, 'important-theme.html');
    // The theme is in force on the host page itself.
    const hostLink = page.getByRole('link', { name: 'A host link' });
    await expect(hostLink).toHaveCSS('color', 'rgb(255, 0, 0)');
    await expect(hostLink).toHaveCSS('font-size', '40px');
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    const title = widget.getByRole('link', { name: jobs[0]!.title, exact: true });
    await expect(title).toHaveCSS('color', ACCENT);
    await expect(title).toHaveCSS('font-size', '17px');
    await expect(title).toHaveCSS('font-weight', '600');
    await expect(title).toHaveCSS('text-decoration-line', 'none');
    await expect(title).toHaveCSS('text-transform', 'none');
    await expect(title).toHaveCSS('letter-spacing', 'normal');
    const item = widget.getByRole('listitem').first();
    await expect(item).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(item).toHaveCSS('padding-top', '12px');
    await expect(item).not.toHaveCSS('border-top-style', 'dashed');
    const list = widget.getByRole('list');
    await expect(list).toHaveCSS('list-style-type', 'none');
    await expect(list).toHaveCSS('margin-top', '0px');
    await expect(list).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    const meta = widget.locator('p').first();
    await expect(meta).toHaveCSS('font-size', '14px');
    await expect(meta).not.toHaveCSS('color', 'rgb(0, 0, 255)');
    const root = await rootStyle(page, '[data-nordlys="jobs"]');
    expect(root?.fontFamily).not.toMatch(/Georgia/);
    expect(errors).toEqual([]);
  });

  test('dark.html: data-theme="dark" gives a dark widget even when the system prefers light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const { errors } = await openExample(page, 'dark.html');
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    const root = await rootStyle(page, '[data-nordlys="jobs"]');
    expect(root?.background).toBe('rgb(20, 24, 29)'); // --nl-bg of the dark tokens
    expect(root?.color).toBe('rgb(238, 241, 244)'); // --nl-fg of the dark tokens
    // Cards layout, as the page asks.
    await expect(widget.getByRole('list')).toHaveCSS('display', 'grid');
    await expect(widget.getByRole('link', { name: jobs[0]!.title, exact: true })).toHaveCSS('color', DARK_ACCENT);
    expect(errors).toEqual([]);
  });

  test('dark.html: axe finds no violation at all (WCAG AA contrast of the dark widget included)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openExample(page, 'dark.html');
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    // axe reads the widget's open shadow root; every rule, whatever its impact.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('strict-csp.html: renders under a strict Content-Security-Policy without a violation', async ({ page }) => {
    const { errors, violations } = await openExample(page, 'strict-csp.html');
    const response = await page.request.get(`${EXAMPLES}/strict-csp.html`);
    expect(response.headers()['content-security-policy']).toBe(
      `default-src 'none'; script-src ${NORDLYS}; connect-src ${NORDLYS}`,
    );
    const widget = page.locator('[data-nordlys="jobs"]');
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    // The widget's styles apply: a constructable stylesheet, which style-src does not govern.
    const title = widget.getByRole('link', { name: jobs[0]!.title, exact: true });
    await expect(title).toHaveCSS('color', ACCENT);
    await expect(title).toHaveCSS('font-weight', '600');
    expect(await violations()).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('spa.html: Nordlys.mount / Nordlys.destroy / mount again leave exactly one widget or none', async ({ page }) => {
    const { errors } = await openExample(page, 'spa.html');
    const widget = page.locator('#jobs');
    const status = page.getByRole('status');
    expect(await page.evaluate(() => (window as unknown as WithNordlys).Nordlys?.version)).toBe('1');
    expect(await shadowOf(page, '#jobs')).toMatchObject({ hosts: 1, children: -1 });

    await page.getByRole('button', { name: 'Show jobs' }).click();
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    await expect(status).toHaveText(`Loaded ${jobs.length} jobs (1 time).`);

    // Mounting again on the same element replaces the widget: still one list, one container, one sheet.
    await page.getByRole('button', { name: 'Mount again' }).click();
    await expect(status).toHaveText(`Loaded ${jobs.length} jobs (2 times).`);
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    await expect(widget.getByRole('list')).toHaveCount(1);
    expect(await shadowOf(page, '#jobs')).toEqual({ hosts: 1, children: 1, sheets: 1 });

    // Destroy leaves nothing: no elements, no sheet in the shadow root; the app's element stays.
    await page.getByRole('button', { name: 'Hide jobs' }).click();
    await expect(widget.getByRole('listitem')).toHaveCount(0);
    expect(await shadowOf(page, '#jobs')).toEqual({ hosts: 1, children: 0, sheets: 0 });
    await expect(status).toHaveText('No widget.');

    // Remount: the jobs again, once.
    await page.getByRole('button', { name: 'Show jobs' }).click();
    await expect(widget.getByRole('listitem')).toHaveCount(jobs.length);
    await expect(status).toHaveText(`Loaded ${jobs.length} jobs (3 times).`);
    expect(await shadowOf(page, '#jobs')).toEqual({ hosts: 1, children: 1, sheets: 1 });

    // Destroyed while loading: the late answer renders nothing, fires nothing and logs nothing.
    await page.evaluate(() => {
      const el = document.getElementById('jobs')!;
      const nordlys = (window as unknown as WithNordlys).Nordlys!;
      nordlys.mount(el, { company: 'northwind-labs' });
      nordlys.destroy(el);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await shadowOf(page, '#jobs')).toEqual({ hosts: 1, children: 0, sheets: 0 });
    await expect(status).toHaveText(`Loaded ${jobs.length} jobs (3 times).`);
    expect(errors).toEqual([]);
  });

  test('two-widgets.html: two widgets with different options render independently', async ({ page }) => {
    const { errors } = await openExample(page, 'two-widgets.html');
    const latest = page.locator('#latest');
    const all = page.locator('#all');
    await expect(latest.getByRole('listitem')).toHaveCount(3);
    await expect(all.getByRole('listitem')).toHaveCount(jobs.length);
    await expect(latest.getByRole('list')).toHaveCSS('display', 'block');
    await expect(all.getByRole('list')).toHaveCSS('display', 'grid');
    await expect(latest.getByRole('link', { name: jobs[0]!.title, exact: true })).toHaveCSS('color', ACCENT);
    await expect(all.getByRole('link', { name: jobs[0]!.title, exact: true })).toHaveCSS('color', 'rgb(194, 24, 91)');
    expect((await rootStyle(page, '#all'))?.background).toBe('rgb(20, 24, 29)');
    expect((await rootStyle(page, '#latest'))?.background).not.toBe('rgb(20, 24, 29)');
    // No extra host divs: both mounted into their targets.
    expect(await page.locator('[data-nordlys="jobs"]').count()).toBe(0);

    // Taking one down leaves the other as it was.
    await page.evaluate(() => (window as unknown as WithNordlys).Nordlys!.destroy(document.getElementById('latest')!));
    await expect(latest.getByRole('listitem')).toHaveCount(0);
    await expect(all.getByRole('listitem')).toHaveCount(jobs.length);
    expect(await shadowOf(page, '#all')).toEqual({ hosts: 1, children: 1, sheets: 1 });
    // Each tag ran its own copy of jobs.js; Nordlys.destroy must still reach both widgets, whichever
    // copy owns window.Nordlys.
    await page.evaluate(() => (window as unknown as WithNordlys).Nordlys!.destroy(document.getElementById('all')!));
    await expect(all.getByRole('listitem')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('snippet-twice.html: the loader snippet pasted twice loads jobs.js once and mounts each widget once', async ({ page }) => {
    const runtimeRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/embed/v1/jobs.js') runtimeRequests.push(request.url());
    });
    const { errors } = await openExample(page, 'snippet-twice.html');
    await expect(page.locator('#jobs-a').getByRole('listitem')).toHaveCount(2);
    await expect(page.locator('#jobs-b').getByRole('listitem')).toHaveCount(jobs.length);
    await page.waitForLoadState('networkidle');
    expect(runtimeRequests).toEqual([`${NORDLYS}/embed/v1/jobs.js`]);
    expect(await page.locator(`script[src="${NORDLYS}/embed/v1/jobs.js"]`).count()).toBe(1);
    expect(await shadowOf(page, '#jobs-a')).toEqual({ hosts: 1, children: 1, sheets: 1 });
    expect(await shadowOf(page, '#jobs-b')).toEqual({ hosts: 1, children: 1, sheets: 1 });
    // The queue was replaced by the runtime's Nordlys.
    expect(await page.evaluate(() => (window as unknown as WithNordlys).Nordlys?.version)).toBe('1');
    expect(errors).toEqual([]);
  });

  test('api-down.html: with the API unreachable the widget shows its error and fallback link; the page still works', async ({ page }) => {
    await page.route(`${NORDLYS}/api/**`, (route) => route.abort('connectionrefused'));
    const { errors } = await openExample(page, 'api-down.html');
    const widget = page.locator('[data-nordlys="jobs"]');
    const alert = widget.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("We couldn't load the jobs.");
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(alert.locator(`a[href="${NORDLYS}/startups/${COMPANY}"]`)).toBeVisible();
    await expect(widget.getByRole('listitem')).toHaveCount(0);
    // The host page's own script and button still work.
    await page.getByRole('button', { name: 'Subscribe to our newsletter' }).click();
    await expect(page.locator('#host-output')).toHaveText('Subscribed (1)');
    // The widget logs the failure (with its prefix) but throws nothing into the page.
    expect(errors.filter((e) => !/^\[nordlys\]|Failed to load resource/.test(e))).toEqual([]);
    expect(nordlysErrors(errors).length).toBeGreaterThan(0);
  });
});
