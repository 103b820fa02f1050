import { expect, test } from '@playwright/test';
import { htmlText, jsonLd, resultCards } from './helpers';

type JobSummary = { id: number; title: string; isRemote: boolean };

test.describe('pages arrive as complete HTML', () => {
  test('the raw HTML of /jobs already lists the job titles', async ({ request }) => {
    const api = await (await request.get('/api/v2/jobs')).json();
    const html = await (await request.get('/jobs')).text();
    expect(api.jobs.length).toBeGreaterThanOrEqual(20);
    for (const job of api.jobs as JobSummary[]) expect(html).toContain(htmlText(job.title));
  });

  test("every job page carries its title and a JobPosting with Google's required fields", async ({ request }) => {
    const onSite = (await (await request.get('/api/v2/jobs?countryCode=SE&pageSize=5')).json()).jobs as JobSummary[];
    const remote = (await (await request.get('/api/v2/jobs?countryCode=REMOTE&pageSize=5')).json()).jobs as JobSummary[];
    expect(remote.length).toBeGreaterThan(0);
    for (const job of [...onSite, ...remote]) {
      const response = await request.get(`/jobs/${job.id}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(htmlText(job.title));
      const posting = jsonLd(html).find((o) => o['@type'] === 'JobPosting') as Record<string, any> | undefined;
      expect(posting, `JobPosting on /jobs/${job.id}`).toBeDefined();
      expect(posting!['@context']).toBe('https://schema.org');
      expect(posting!.title).toBe(job.title);
      expect(posting!.description.length).toBeGreaterThan(100);
      expect(Date.parse(posting!.datePosted)).not.toBeNaN();
      expect(Date.parse(posting!.validThrough)).not.toBeNaN();
      expect(posting!.hiringOrganization).toMatchObject({ '@type': 'Organization' });
      expect(posting!.hiringOrganization.name).toBeTruthy();
      if (job.isRemote) {
        expect(posting!.jobLocationType).toBe('TELECOMMUTE');
        expect(posting!.applicantLocationRequirements).toBeDefined();
      } else {
        expect(posting!.jobLocation).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'SE' } });
      }
    }
  });

  test('reading and searching work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/jobs');
    await page.getByLabel('Keywords').fill('designer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=designer/);
    await expect(resultCards(page).first().getByRole('heading')).toContainText(/design/i);
    await resultCards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { name: 'About the job' })).toBeVisible();
    await context.close();
  });

  test('public API reads carry caching headers and answer 304 to a matching ETag', async ({ request }) => {
    const first = await request.get('/api/v2/jobs?countryCode=DK');
    expect(first.headers()['cache-control']).toMatch(/public/);
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/api/v2/jobs?countryCode=DK', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    const bad = await request.get('/api/v2/jobs?page=-1');
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors.page).toBeDefined();
  });
});
