/**
 * Teams end to end (issue #11): a member invites a new address, the invitation mail arrives over SMTP,
 * the invitee signs up from its link, lands back on the invitation page and joins; the users page
 * lists them. Plus the startup settings page's DNS record, and axe on the pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { BASE, PASSWORD, gotoHydrated } from './session';

const COMPANY = 'northwind-labs';

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signInByApi(page: Page, email: string) {
  const res = await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

async function solveCaptcha(modal: Locator) {
  const group = modal.getByRole('group', { name: 'Verify you are not a robot' });
  await group.getByText("I'm not a robot").click();
  await expect(group.getByRole('checkbox')).toBeChecked({ timeout: 20_000 });
  await expect(modal.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
}

async function noAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), `axe on ${what}`).toEqual([]);
}

test('a member invites a new address by e-mail; the invitee signs up from the mailed link, joins, and is listed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = unique('invitee');

  // The founder invites the address from the users page.
  await signInByApi(page, 'founder@nordlys.test');
  await gotoHydrated(page, `/client/startups/${COMPANY}/users`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team members' })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByText('founder@nordlys.test')).toBeVisible();
  await noAxeViolations(page, 'the users page');

  // A wrong address stays in the field with its message, and the field has focus.
  const field = page.getByLabel('E-mail address');
  await field.fill('not-an-address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('not-an-address');

  await field.fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent an invitation to ${email}` })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open invitations' });
  await expect(open.getByText(email)).toBeVisible();
  await expect(open.getByRole('listitem').filter({ hasText: email })).toContainText(/Expires in [67] days/);
  await noAxeViolations(page, 'the users page with an open invitation');

  // The mail arrived over SMTP with the invitation link.
  const mail = await waitForMail(email, /Join .* on /);
  const link = mail.links.find((href) => href.includes('/client/invitation?token='));
  expect(link, 'the invitation link in the mail').toBeTruthy();
  const path = link!.replace(/^https?:\/\/[^/]+/, '');

  // A visitor without an account opens it: sign-in first ('to' carries the invitation), then sign up.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await gotoHydrated(invitee, path);
  await expect(invitee).toHaveURL(/\/\?to=%2Fclient%2Finvitation%3Ftoken%3D/);
  await dialog(invitee, 'Log in').getByRole('button', { name: 'Sign up', exact: true }).click();
  const signUp = dialog(invitee, 'Sign up');
  await signUp.getByLabel('First name').fill('Ingrid');
  await signUp.getByLabel('Last name').fill('Invited');
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill('Invited-pass-1!');
  await solveCaptcha(signUp);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

  // Back on the invitation page (not the choose-role modal): it names the startup and offers to join.
  await expect(invitee).toHaveURL(new RegExp(`/client/invitation\\?token=`));
  await expect(invitee.getByRole('heading', { level: 1, name: 'Join Northwind Labs' })).toBeVisible();
  await expect(dialog(invitee, /How will you use/)).toHaveCount(0);
  await noAxeViolations(invitee, 'the invitation page');
  await invitee.getByRole('button', { name: 'Join Northwind Labs' }).click();
  await expect(invitee).toHaveURL(new RegExp(`/client/startups/${COMPANY}$`));
  await expect(invitee.locator('.client-area__name')).toContainText('Northwind Labs');

  // The link works once.
  await gotoHydrated(invitee, path);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('This invitation has expired or was already used');

  // The founder's users page lists the new member; the invitation is no longer open.
  await gotoHydrated(page, `/client/startups/${COMPANY}/users`);
  await expect(members.getByText(email)).toBeVisible();
  await expect(members.getByText('Ingrid Invited', { exact: true })).toBeVisible();
  await expect(open.getByText(email)).toHaveCount(0);

  // The new member leaves again (after a confirmation) and lands on the client landing, no longer a member.
  await gotoHydrated(invitee, `/client/startups/${COMPANY}/users`);
  await invitee.getByRole('button', { name: 'Leave Northwind Labs' }).click();
  await invitee.getByRole('group', { name: /Leave Northwind Labs\?/ }).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(invitee).toHaveURL(/\/client\/$/);
  await gotoHydrated(invitee, `/client/startups/${COMPANY}/users`);
  await expect(invitee).toHaveURL(/\/client\/$/);
  await context.close();
  await gotoHydrated(page, `/client/startups/${COMPANY}/users`);
  await expect(members.getByText(email)).toHaveCount(0);
});

test('the startup settings page shows the state and the proving records of a career domain, and is axe clean', async ({ page }) => {
  await signInByApi(page, 'founder@nordlys.test');
  await gotoHydrated(page, `/client/startups/${COMPANY}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Startup settings' })).toBeVisible();
  const domain = page.getByRole('textbox', { name: 'Career domain' });
  // The demo startup's saved domain (seeded verified) shows its state and records at once (issue #33).
  await expect(domain).toHaveValue('careers.northwind.test');
  await expect(page.getByTestId('domain-state')).toHaveText('Verified: served');
  await expect(page.getByTestId('dns-record-txt')).toHaveText('TXT _nordlys.careers.northwind.test → nordlys-demo-domain');
  await expect(page.getByTestId('dns-record-cname')).toHaveText('CNAME careers.northwind.test → northwind-labs.localhost');
  await expect(page.getByRole('button', { name: "Copy the TXT record's value" })).toBeVisible();
  // A domain typed over it has no token yet: saving claims it.
  await domain.fill('careers.northwind.example');
  await expect(page.getByTestId('domain-unsaved')).toContainText('Save to claim careers.northwind.example');
  await expect(page.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  await domain.fill('careers.northwind.test');
  await page.getByRole('button', { name: 'Check now' }).click();
  // The test server looks nothing up (DOMAIN_DNS=off outside production): the live region says so, and the state stays.
  await expect(page.getByText(/Domain checks are off on this server/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('domain-state')).toHaveText('Verified: served');
  await expect(page.getByRole('heading', { name: 'Delete Northwind Labs' })).toBeVisible();
  await noAxeViolations(page, 'the startup settings page');

  // Saving: a wrong address keeps what was typed, shows its message and gets focus; a right one saves.
  const email = page.getByRole('textbox', { name: 'Application e-mail' });
  const original = await email.inputValue();
  await email.fill('jobs-at-northwind');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Application e-mail must be an e-mail address')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('jobs-at-northwind');
  await email.fill('jobs@northwind.test');
  await domain.fill('careers.northwind.test');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
  await gotoHydrated(page, `/client/startups/${COMPANY}/settings`);
  await expect(page.getByRole('textbox', { name: 'Application e-mail' })).toHaveValue('jobs@northwind.test');
  // Put the demo startup's address back for the other tests of the run.
  await page.getByRole('textbox', { name: 'Application e-mail' }).fill(original);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
});

test('white-label feeds: create a feed with its filters and live preview, edit it, delete it', async ({ page }) => {
  test.setTimeout(60_000);
  const domain = `jobs-${Date.now()}.partner.example`;
  await signInByApi(page, 'founder@nordlys.test');
  await gotoHydrated(page, `/client/startups/${COMPANY}/white-label-feeds`);
  await expect(page.getByRole('heading', { level: 1, name: 'White-label feeds' })).toBeVisible();
  await page.getByRole('button', { name: 'New feed' }).click();
  await expect(page.getByRole('heading', { name: 'New feed' })).toBeFocused();

  // Saving with nothing filled: the name's message, and the name field focused.
  await page.getByRole('button', { name: 'Create feed' }).click();
  await expect(page.getByText('Please enter the name of the feed')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeFocused();

  await page.getByRole('textbox', { name: /^Name/ }).fill('Partner Jobs');
  await page.getByRole('textbox', { name: 'Description' }).fill('Nordic jobs for our members.');
  await page.getByRole('textbox', { name: /^Domain/ }).fill(domain);
  await expect(page.getByTestId('domain-unsaved')).toContainText(`Save to claim ${domain}`);
  await page.getByRole('group', { name: /Countries/ }).getByRole('checkbox', { name: 'Denmark' }).check();
  await page.getByRole('checkbox', { name: 'Remote jobs too' }).check();
  // The startups: search the directory and pick one.
  await page.getByRole('searchbox', { name: 'Find a startup' }).fill('Northwind');
  await page.getByRole('button', { name: 'Add Northwind Labs' }).click();
  await expect(page.getByRole('list', { name: 'Chosen startups' })).toContainText('Northwind Labs');

  // The live preview: the header, and the first jobs the filters select.
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByText('Partner Jobs')).toBeVisible();
  await expect(preview.getByText('Nordic jobs for our members.')).toBeVisible();
  await expect(preview.getByText(/\d+ jobs? match/)).toBeVisible();
  await expect(preview.getByRole('listitem').first()).toContainText('Northwind Labs');
  await noAxeViolations(page, 'the feed editor');

  await page.getByRole('button', { name: 'Create feed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The feed Partner Jobs was created.' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Partner Jobs' });
  await expect(row.getByRole('link', { name: new RegExp(domain.replaceAll('.', '\\.')) })).toHaveAttribute('href', `http://${domain}/`);
  // Claimed, not served until proven (issue #33).
  await expect(row.getByText('Waiting for proof')).toBeVisible();

  // Edit: the form holds what was saved, with the startup named.
  await row.getByRole('button', { name: 'Edit Partner Jobs' }).click();
  await expect(page.getByRole('textbox', { name: /^Domain/ })).toHaveValue(domain);
  await expect(page.getByTestId('dns-record-txt')).toContainText(`TXT _nordlys.${domain} → `);
  await expect(page.getByRole('group', { name: /Countries/ }).getByRole('checkbox', { name: 'Denmark' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Chosen startups' })).toContainText('Northwind Labs');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Partner Jobs Nordic');
  await page.getByRole('button', { name: 'Save feed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The feed Partner Jobs Nordic was saved.' })).toBeVisible();

  // Reloaded from the server, then deleted after a confirmation.
  await gotoHydrated(page, `/client/startups/${COMPANY}/white-label-feeds`);
  const saved = page.getByRole('listitem').filter({ hasText: 'Partner Jobs Nordic' });
  await saved.getByRole('button', { name: 'Delete Partner Jobs Nordic' }).click();
  await page.getByRole('group', { name: /Delete the feed Partner Jobs Nordic\?/ }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The feed Partner Jobs Nordic was deleted' })).toBeVisible();
  await gotoHydrated(page, `/client/startups/${COMPANY}/white-label-feeds`);
  await expect(page.getByText('Partner Jobs Nordic')).toHaveCount(0);
});

test('the investor users and settings pages render for its member, axe clean', async ({ page }) => {
  await signInByApi(page, 'investor@nordlys.test');
  await gotoHydrated(page, '/client/investors/fjord-ventures/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Team members' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' }).getByText('investor@nordlys.test')).toBeVisible();
  await noAxeViolations(page, 'the investor users page');
  await gotoHydrated(page, '/client/investors/fjord-ventures/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Investor settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type fjord-ventures to confirm' })).toBeVisible();
  // A wrong confirmation deletes nothing and says what to type.
  await page.getByRole('textbox', { name: 'Type fjord-ventures to confirm' }).fill('fjord');
  await page.getByRole('button', { name: 'Delete this investor' }).click();
  await expect(page.getByText('That is not fjord-ventures. Type it exactly as shown to delete this investor.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type fjord-ventures to confirm' })).toBeFocused();
  await noAxeViolations(page, 'the investor settings page');
});

test('the team, settings and feed pages fit a 360 px screen (no sideways scroll)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInByApi(page, 'founder@nordlys.test');
  for (const path of ['users', 'settings', 'white-label-feeds']) {
    await gotoHydrated(page, `/client/startups/${COMPANY}/${path}`);
    if (path === 'white-label-feeds') await page.getByRole('button', { name: 'New feed' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} at 360 px`).toBeLessThanOrEqual(360);
  }
});
