/**
 * The investor area end to end (issue #11, "Must show"): investor@ (a member of Fjord Ventures)
 * adds a startup to the portfolio from the directory search, and that startup's page then shows
 * the investor's badge linking to /funding/fjord-ventures. The edit page is axe clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BASE, PASSWORD, gotoHydrated } from './session';

const INVESTOR = 'fjord-ventures';

async function signInByApi(page: Page, email: string) {
  const res = await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

interface Listed {
  key: string;
  name: string;
}

/** A live startup that is not yet in the portfolio, whose name finds it alone among the first results. */
async function startupNotInPortfolio(page: Page): Promise<Listed> {
  const portfolio = await page.request.get(`/api/investors/${INVESTOR}/investments`);
  expect(portfolio.status()).toBe(200);
  const held = new Set(((await portfolio.json()) as { investments: { company: Listed | null }[] }).investments.flatMap((e) => (e.company ? [e.company.key] : [])));
  const list = await page.request.get('/api/companiesProper?pageSize=100');
  expect(list.status()).toBe(200);
  const companies = ((await list.json()) as { companies: Listed[] }).companies;
  const pick = companies.find((c) => !held.has(c.key));
  expect(pick, 'a startup that Fjord Ventures has not invested in').toBeTruthy();
  return pick!;
}

test('investor@ adds a portfolio company, and its page shows the investor badge', async ({ page }) => {
  await signInByApi(page, 'investor@nordlys.test');
  const startup = await startupNotInPortfolio(page);

  await gotoHydrated(page, `/client/investors/${INVESTOR}/startups`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search the startup directory' });
  await search.fill(startup.name);
  const option = page.getByRole('option', { name: new RegExp(`^${startup.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(option).toBeVisible();
  // Keyboard only: move to the startup and add it with Enter.
  const options = page.getByRole('option');
  const names = await options.allTextContents();
  const index = names.findIndex((text) => text.startsWith(startup.name));
  for (let i = 0; i < index; i += 1) await search.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${startup.name} was added to your portfolio.` })).toBeVisible();
  await expect(page.locator('.portfolio-item').filter({ hasText: startup.name }).getByRole('button', { name: `Remove ${startup.name}` })).toBeVisible();

  // Stored: a reload lists it, and its portfolio page shows the startup's card.
  await gotoHydrated(page, `/client/investors/${INVESTOR}/startups`);
  await page.locator('.portfolio-item').getByRole('link', { name: startup.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/client/investors/${INVESTOR}/startups/${startup.key}$`));
  await expect(page.getByRole('heading', { level: 1, name: startup.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Open jobs' })).toBeVisible();

  // On the startup's side: the investor's badge, linking to its public page.
  await page.goto(`/startups/${startup.key}`);
  const badge = page.locator(`main a[href="/funding/${INVESTOR}"]`).first();
  await expect(badge, 'the Fjord Ventures badge on the startup page').toBeVisible();
  await expect(badge).toContainText('Fjord Ventures');
});

test('the investor edit page is axe clean and marks its required fields', async ({ page }) => {
  await signInByApi(page, 'investor@nordlys.test');
  await gotoHydrated(page, `/client/investors/${INVESTOR}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit investor profile' })).toBeVisible();
  await expect(page.getByLabel(/^Name/).first()).toHaveValue('Fjord Ventures');
  await expect(page.getByRole('textbox', { name: /Website.*required/ })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('an invalid website keeps what was typed and shows the message under the field', async ({ page }) => {
  await signInByApi(page, 'investor@nordlys.test');
  await gotoHydrated(page, `/client/investors/${INVESTOR}/edit`);
  const website = page.getByRole('textbox', { name: /Website/ });
  await website.fill('not a web address');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Website must be a web address, like northwind.dk').first()).toBeVisible();
  await expect(website).toBeFocused();
  await expect(website).toHaveValue('not a web address');
  await expect(website).toHaveAttribute('aria-invalid', 'true');
});
