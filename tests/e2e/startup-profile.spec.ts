/**
 * The startup profile end to end (issue #11): a new user signs up, creates a startup, fills the
 * form, uploads a logo watching its progress bar, and submits; admin@ approves it from the queue and
 * the startup is public, its logo in the listing and on its page in the sizes the pages use. And the
 * demo draft@ account finishes its profile and leaves DRAFT. Axe on the edit page.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE, PASSWORD, gotoHydrated, noAxeViolations } from './session';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function solveCaptcha(modal: Locator) {
  const group = modal.getByRole('group', { name: 'Verify you are not a robot' });
  await group.getByText("I'm not a robot").click();
  await expect(group.getByRole('checkbox')).toBeChecked({ timeout: 20_000 });
  await expect(modal.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
}

/** A signed-in browser context of a demo account (the cookie a real sign-in sets). */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return page;
}

/** A logo as a person would upload it: a PNG with some detail, so it is not trivially small. */
async function logoPng(): Promise<Buffer> {
  const size = 640;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % size;
    const y = Math.floor(i / 3 / size);
    pixels[i] = (x * 7) & 255;
    pixels[i + 1] = (y * 5) & 255;
    pixels[i + 2] = ((x ^ y) * 3) & 255;
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/**
 * Uploads the logo on the edit page, watching the progress bar: a MutationObserver in the page
 * records every value the bar shows (on localhost the bytes go out in a blink, so the bar is mostly
 * seen between the last byte and the server's answer). It must appear and reach its end before the
 * preview shows the uploaded image.
 */
async function uploadLogoWatchingProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const record = (el: Element) => {
      if (el.matches('[role="progressbar"], progress') && el.getAttribute('aria-label') === 'Uploading logo') seen.push(el.getAttribute('aria-valuenow') ?? '');
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes') record(m.target as Element);
        else m.addedNodes.forEach((n) => n instanceof Element && [n, ...n.querySelectorAll('*')].forEach(record));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const preview = page.getByRole('img', { name: 'Logo: current image' });
  // A profile may have a logo already (the demo's draft has one): the new one replaces it.
  const before = (await preview.count()) ? await preview.getAttribute('src') : null;
  await page.getByRole('button', { name: 'Logo (required)', exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(preview).toBeVisible({ timeout: 15_000 });
  if (before) await expect(preview).not.toHaveAttribute('src', before, { timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Uploading logo' })).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.length, 'the progress bar appeared').toBeGreaterThan(0);
  // It climbs, and every byte went out: the sdk shows 99 until the server has answered, and then
  // 100 is reported in the same tick in which the preview replaces the bar.
  const values = seen.map(Number);
  expect(values, 'the progress never goes back').toEqual([...values].sort((a, b) => a - b));
  expect(values.at(-1), `the progress bar reached the end (saw ${seen.join(', ')})`).toBeGreaterThanOrEqual(99);
  await expect(preview).toHaveAttribute('src', /\/images\/thumbnail\//);
  // The preview is served: the upload stored the sizes.
  expect((await page.request.get((await preview.getAttribute('src'))!)).status()).toBe(200);
}

/** Fills the rest of what the checklist asks for (the logo apart). */
async function fillRequired(page: Page, { website }: { website: string }) {
  await page.getByLabel('Website').fill(website);
  // spec 5: without http or https, http:// is added; the form says so before saving.
  await expect(page.getByText(`Saved as http://${website}`)).toBeVisible();

  const whatWeDo = page.getByRole('textbox', { name: /What we do/ });
  await whatWeDo.click();
  await page.keyboard.type('We build tools that make ');
  // Bold by keyboard, as the toolbar's shortcut says.
  await page.keyboard.press('Control+B');
  await page.keyboard.type('hiring');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' easy for Nordic startups.');
  await expect(whatWeDo.locator('b, strong')).toHaveText('hiring');

  const addresses = page.getByRole('group', { name: /Countries/ });
  if ((await addresses.getByLabel(/^Country 1/).count()) === 0) await addresses.getByRole('button', { name: 'Add a country' }).click();
  await addresses.getByLabel(/^Country 1/).selectOption('DK');
  await addresses.getByLabel(/^Address in country 1/).fill('Jægergårdsgade 1, 8000 Aarhus');

  await page.getByLabel(/Number of employees/).selectOption('11-50');
  const saas = page.getByRole('group', { name: /Industries/ }).getByRole('checkbox', { name: 'SaaS' });
  if (!(await saas.isChecked())) await saas.check();
}

/** Approves a startup from the admins' queue, as admin@ does. */
async function approveFromQueue(browser: Browser, name: string) {
  const admin = await signedInPage(browser, 'admin@nordlys.test');
  await gotoHydrated(admin, '/client/reviews');
  await expect(admin.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const item = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 2, name }) });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: /Preview the page/ })).toHaveAttribute('href', /^\/startups\//);
  await item.getByRole('button', { name: /^Approve/ }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} is approved and public` })).toBeVisible();
  await expect(item).toHaveCount(0);
  await admin.context().close();
}

test('a new user creates a startup, fills it in with a logo and submits; admin@ approves it and it is public', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const id = unique();
  const name = `Fjeldlys Robotics ${id}`;
  const key = `fjeldlys-robotics-${id}`;

  // Sign up: a new account has no profile, so choose-role asks; the startup way leads to the form.
  await gotoHydrated(page, '/');
  await page.locator('.site-nav__wide').getByRole('link', { name: 'Sign up', exact: true }).click();
  await dialog(page, 'Let us know who you are').getByRole('button', { name: 'Sign up with email' }).click();
  const signUp = dialog(page, 'Sign up');
  await signUp.getByLabel('First name').fill('Maja');
  await signUp.getByLabel('Last name').fill('Lund');
  await signUp.getByLabel('Email', { exact: true }).fill(`founder-${id}@example.test`);
  await signUp.getByLabel('Password', { exact: true }).fill('Founder-pass-1!');
  await solveCaptcha(signUp);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  await dialog(page, /How will you use/).getByRole('link', { name: /I'm a startup/ }).click();
  await page.getByRole('link', { name: 'Create your startup profile' }).click();

  // The new-startup form: the address follows the name.
  await expect(page.getByRole('heading', { level: 1, name: 'Create your startup profile' })).toBeVisible();
  await page.getByLabel('Name of the startup').fill(name);
  await expect(page.getByText(`/startups/${key}`)).toBeVisible();
  await page.getByRole('button', { name: 'Create startup' }).click();
  await expect(page).toHaveURL(`/client/startups/${key}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit startup profile' })).toBeVisible();

  // A draft: the checklist names what is missing, and submitting waits until nothing is.
  const checklist = page.getByRole('list', { name: 'Still missing before you can submit:' });
  await expect(checklist.getByRole('link', { name: 'Logo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveAttribute('aria-disabled', 'true');
  await noAxeViolations(page, 'the edit page of a new draft');

  // A wrong value is refused under its field, keeping what was typed.
  await page.getByLabel('Founded').fill('2999');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Founded')).toBeFocused();
  await expect(page.getByText('Founded must not be in the future').first()).toBeVisible();
  await expect(page.getByLabel('Founded')).toHaveValue('2999');
  await page.getByLabel('Founded').fill('2021');

  await uploadLogoWatchingProgress(page);
  await fillRequired(page, { website: `fjeldlys-${id}.dk` });
  const team = page.getByRole('group', { name: 'People on your page' });
  await team.getByRole('button', { name: 'Add a team member' }).click();
  await team.getByLabel(/^Name/).fill('Maja Lund');
  await team.getByLabel(/^Title/).fill('CEO');
  await page.getByRole('group', { name: 'Perks' }).getByRole('checkbox', { name: 'Great coffee' }).check();

  await expect(page.getByText('Everything required is filled in.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes are saved.' })).toBeVisible();
  // What the server stored comes back: the website with its scheme.
  await expect(page.getByLabel('Website')).toHaveValue(`http://fjeldlys-${id}.dk`);
  await noAxeViolations(page, 'the filled edit page');

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
  // Still not public: a visitor gets a 404.
  expect((await (await browser.newContext()).request.get(`${BASE}/startups/${key}`)).status()).toBe(404);

  await approveFromQueue(browser, name);

  // Public now: its page and the listing show the logo, in the thumbnail size the cards use.
  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto(`/startups/${key}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const pageImages = await visitor.locator('main img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || img.getAttribute('src') || ''));
  expect(pageImages.some((src) => src.includes('/images/thumbnail/') || src.includes('/images/listing/')), pageImages.join(', ')).toBe(true);
  await gotoHydrated(visitor, `/startups?search=${encodeURIComponent(name)}`);
  const card = visitor.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  const logo = card.locator('img').first();
  await expect(logo).toHaveAttribute('src', /\/images\/(thumbnail|listing)\//);
  expect((await visitor.request.get((await logo.getAttribute('src'))!)).status()).toBe(200);

  // The founder's welcome page gives the next steps, each a link that works.
  await gotoHydrated(page, `/startups/${key}/welcome`);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to Nordlys, ${name}!` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', `/client/startups/${key}/edit`);
  await expect(page.getByRole('link', { name: 'Get the widget on your dashboard' })).toHaveAttribute('href', `/client/startups/${key}`);
  // …and the visitor, signed out, is sent to sign in first.
  await visitor.goto(`/startups/${key}/welcome`);
  await expect(visitor).toHaveURL(/\/\?to=/);
});

test('draft@ finishes its profile, submits it, and leaves DRAFT when admin@ approves', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'draft@nordlys.test');
  // spec 2.12: the draft's admin pages lead to the edit form.
  await gotoHydrated(page, '/client/startups/draft-startup');
  await expect(page).toHaveURL('/client/startups/draft-startup/edit');
  await expect(page.getByRole('heading', { name: 'Finish your profile' })).toBeVisible();
  // Mobile first: the whole form fits a 360 px screen, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  await uploadLogoWatchingProgress(page);
  await fillRequired(page, { website: 'draft-startup.dk' });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  // Submitting saves first, then sends it to the queue.
  await expect(page.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
  expect((await (await browser.newContext()).request.get(`${BASE}/startups/draft-startup`)).status()).toBe(404);

  await approveFromQueue(browser, 'Draft Startup');
  const hidden = await (await page.request.get('/api/companies/draft-startup/hidden')).json();
  expect(hidden.status).toBe('ACTIVE');
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`${BASE}/startups/draft-startup`)).status()).toBe(200);
  // No longer a draft: the dashboard opens instead of the form.
  await page.reload();
  await gotoHydrated(page, '/client/startups/draft-startup');
  await expect(page).toHaveURL('/client/startups/draft-startup');
});
