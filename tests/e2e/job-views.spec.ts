/**
 * Job views and apply clicks end to end (issue #12): a visit from the widget's link counts on the
 * widget (the canonical link leaves ?ref out), a navigation inside the site counts on the site, and a
 * click on the apply action is counted, on the widget too (issue #13); the job's members see it in the
 * dashboard's figures.
 */
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Nordlys-demo-1!';
const BASE = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const COMPANY = 'northwind-labs';

// A visitor of its own (the visitor is a hash of address and browser): other specs' visits today do not hide this one's.
test.use({ userAgent: `${devices['Desktop Chrome'].userAgent} e2e-views/${Date.now()}` });

interface Stats {
  days: string[];
  surfaces: { surface: string; views: number[]; applyClicks: number[] }[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const figure = (stats: Stats, surface: string, what: 'views' | 'applyClicks') => sum(stats.surfaces.find((s) => s.surface === surface)?.[what] ?? []);

async function statsOf(page: Page, id: number): Promise<Stats> {
  const res = await page.request.get(`/api/companies/${COMPANY}/jobs/${id}/stats`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

test('a widget visit, a navigation inside the site and an apply click reach the job dashboard figures', async ({ page, context }) => {
  const listed = (await (await page.request.get(`/api/companies/${COMPANY}/jobs`)).json()) as { jobs: { id: number; title: string }[] };
  // Jobs without screening questions: the quick-apply specs open the ones with questions (a view there would count here).
  const jobs: { id: number; title: string }[] = [];
  for (const job of listed.jobs) {
    const full = (await (await page.request.get(`/api/jobs/single/${job.id}`)).json()) as { screeningQuestions?: string[] };
    if (!full.screeningQuestions?.length) jobs.push(job);
  }
  expect(jobs.length).toBeGreaterThanOrEqual(2);
  const [first, second] = jobs as [{ id: number; title: string }, { id: number; title: string }];
  const signIn = await page.request.post('/api/users/sign-in', { data: { email: 'founder@nordlys.test', password: PASSWORD }, headers: { Origin: BASE } });
  expect(signIn.status()).toBe(200);
  const before = [await statsOf(page, first.id), await statsOf(page, second.id)] as const;

  // From the widget: counted as the widget's; the canonical link is the job's own URL.
  await page.goto(`/jobs/${first.id}?ref=widget`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/jobs/${first.id}`);
  await expect.poll(async () => figure(await statsOf(page, first.id), 'widget', 'views')).toBe(figure(before[0], 'widget', 'views') + 1);

  // The apply action: the click is counted on the page's surface (the widget's link; issue #13), and the
  // link still opens, or, for a job that takes applications on Nordlys, the apply dialog.
  const actions = page.locator('.job-head__actions');
  const apply = actions.getByRole('link', { name: /^Apply for this job/ }).or(actions.getByRole('button', { name: 'Apply for this job' }));
  const isLink = await apply.evaluate((el) => el.tagName === 'A');
  const opens = isLink && (await apply.getAttribute('target')) === '_blank';
  const counted = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${first.id}/apply-click`) && r.request().method() === 'POST');
  const popup = opens ? context.waitForEvent('page') : null;
  await apply.click();
  expect((await counted).status()).toBe(204);
  await (await popup)?.close();
  if (!isLink) {
    const dialog = page.getByRole('dialog', { name: `Apply for ${first.title}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await expect.poll(async () => figure(await statsOf(page, first.id), 'widget', 'applyClicks')).toBe(figure(before[0], 'widget', 'applyClicks') + 1);

  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), 'axe on the job page').toEqual([]);

  // Inside the site: the startup's page links to its other job; no page request reaches the server, /api counts it.
  await page.goto(`/startups/${COMPANY}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${second.id}/view`));
  await page.locator(`a[href="/jobs/${second.id}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  expect((await viewed).status()).toBe(204);
  await expect.poll(async () => figure(await statsOf(page, second.id), 'site', 'views')).toBe(figure(before[1], 'site', 'views') + 1);
});
