/** Accounts end to end (#4): the auth modals, mail over SMTP, provider sign-in, the header per account, guards and after-sign-in modals. */
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { BASE, PASSWORD, gotoHydrated } from './session';


const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** The header's Log in / Sign up buttons (desktop header). */
const headerButton = (page: Page, name: 'Log in' | 'Sign up') =>
  page.locator('.site-nav__wide').getByRole('link', { name, exact: true });

/** Opens a page and waits until it is hydrated (before that, the header buttons are their no-JS links). */
async function openAuth(page: Page, which: 'Log in' | 'Sign up') {
  await gotoHydrated(page, '/');
  await headerButton(page, which).click();
  return dialog(page, which === 'Log in' ? 'Log in' : 'Let us know who you are');
}

async function signInThroughModal(page: Page, email: string, password = PASSWORD) {
  const modal = await openAuth(page, 'Log in');
  await modal.getByLabel('Email', { exact: true }).fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Signs the page's browser context in through the API (the same cookie a real sign-in sets). */
async function signInByApi(page: Page, email: string) {
  const res = await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** Ticks the altcha checkbox and waits for the proof of work to finish. */
async function solveCaptcha(modal: Locator) {
  const group = modal.getByRole('group', { name: 'Verify you are not a robot' });
  const checkbox = group.getByRole('checkbox');
  // What a person clicks: the widget's label (its checkbox is drawn over by the widget's own styling).
  await group.getByText("I'm not a robot").click();
  await expect(checkbox).toBeChecked({ timeout: 20_000 });
  await expect(modal.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
}

async function noSeriousAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), `axe on ${what}`).toEqual([]);
}

test.describe('the auth modals (spec 2.10)', () => {
  test('every transition, with its texts, and axe on each step', async ({ page }) => {
    const landing = await openAuth(page, 'Sign up');
    await expect(landing).toBeVisible();
    await expect(landing.getByRole('button', { name: 'Sign up with LinkedIn (demo)' })).toBeVisible();
    await noSeriousAxeViolations(page, 'the sign-up landing');

    // Landing → sign up with e-mail.
    await landing.getByRole('button', { name: 'Sign up with email' }).click();
    const signUp = dialog(page, 'Sign up');
    await expect(signUp.getByLabel('First name')).toBeVisible();
    // The terms are stated, and link their pages (issue #15).
    await expect(signUp.getByText('By signing up you accept our Terms of Service and Privacy Policy.')).toBeVisible();
    await expect(signUp.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(signUp.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await noSeriousAxeViolations(page, 'sign-up');

    // Sign up → sign in.
    await signUp.getByRole('button', { name: 'Log in', exact: true }).click();
    const signIn = dialog(page, 'Log in');
    await expect(signIn.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await expect(signIn.getByText("Don't have an account?")).toBeVisible();
    await noSeriousAxeViolations(page, 'log in');

    // Sign in → forgot password → Cancel → sign in.
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'Forgot password');
    await expect(forgot.getByRole('button', { name: 'Reset password' })).toBeVisible();
    await noSeriousAxeViolations(page, 'forgot password');
    await forgot.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page, 'Log in')).toBeVisible();

    // Sign in → sign up (the footer).
    await dialog(page, 'Log in').getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(dialog(page, 'Sign up').getByLabel('Last name')).toBeVisible();

    // Landing → log in.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await headerButton(page, 'Sign up').click();
    await dialog(page, 'Let us know who you are').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog(page, 'Log in')).toBeVisible();
  });

  test('on a 360 px phone the sign-up form fits the width and is reachable with the keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/');
    // The header's actions sit in the mobile menu at this width.
    await page.getByText('Menu', { exact: true }).click();
    await page.locator('.site-nav__panel').getByRole('link', { name: 'Sign up', exact: true }).click();
    await dialog(page, 'Let us know who you are').getByRole('button', { name: 'Sign up with email' }).click();
    const signUp = dialog(page, 'Sign up');
    await expect(signUp.getByLabel('First name')).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = await signUp.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // Tab moves through the form and stays inside the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await signUp.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('the validation messages of spec 5, and the live password checklist', async ({ page }) => {
    const landing = await openAuth(page, 'Sign up');
    await landing.getByRole('button', { name: 'Sign up with email' }).click();
    const signUp = dialog(page, 'Sign up');
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    for (const message of [
      'Please enter first name',
      'Please enter last name',
      'Please enter your email address',
      'Please enter a valid password',
      'Please verify you are not a robot',
    ]) {
      await expect(signUp.getByText(message, { exact: true })).toBeVisible();
    }
    // The first invalid field has the focus.
    await expect(signUp.getByLabel('First name')).toBeFocused();
    await signUp.getByLabel('Email', { exact: true }).fill('not-an-email');
    await signUp.getByLabel('Password', { exact: true }).fill('short');
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(signUp.getByText('Please enter your email address', { exact: true })).toBeVisible();
    await expect(signUp.getByText('Please enter a valid password', { exact: true })).toBeVisible();
    // The checklist follows the typing: 'Aa1!aaaa' meets all four rules.
    const checklist = signUp.getByRole('list', { name: /password/i });
    await expect(checklist.getByRole('listitem')).toHaveCount(4);
    await signUp.getByLabel('Password', { exact: true }).fill('Aa1!aaaa');
    await expect(signUp.getByText('Please enter a valid password', { exact: true })).toHaveCount(0);

    await signUp.getByRole('button', { name: 'Log in', exact: true }).click();
    const signIn = dialog(page, 'Log in');
    await signIn.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(signIn.getByText('Please enter your email address', { exact: true })).toBeVisible();
    await expect(signIn.getByText('Please enter your password', { exact: true })).toBeVisible();

    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'Forgot password');
    await forgot.getByLabel('Email', { exact: true }).fill('');
    await forgot.getByRole('button', { name: 'Reset password' }).click();
    await expect(forgot.getByText('Please enter your email address', { exact: true })).toBeVisible();
  });

  test("a wrong password shows 'Invalid email or password'", async ({ page }) => {
    await signInThroughModal(page, 'talent@nordlys.test', 'Wrong-password-1!');
    await expect(dialog(page, 'Log in').getByText('Invalid email or password')).toBeVisible();
  });

  test("sign-up with talent@nordlys.test moves to 'Email address found, please log in' with the e-mail filled in", async ({ page }) => {
    const landing = await openAuth(page, 'Sign up');
    await landing.getByRole('button', { name: 'Sign up with email' }).click();
    const signUp = dialog(page, 'Sign up');
    await signUp.getByLabel('First name').fill('Sofie');
    await signUp.getByLabel('Last name').fill('Again');
    await signUp.getByLabel('Email', { exact: true }).fill('talent@nordlys.test');
    await signUp.getByLabel('Password', { exact: true }).fill('Another-pass-1!');
    await solveCaptcha(signUp);
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

    const exists = dialog(page, 'Email address found, please log in');
    await expect(exists).toBeVisible();
    const email = exists.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue('talent@nordlys.test');
    await expect(email).not.toBeEditable();
    await expect(exists.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await noSeriousAxeViolations(page, 'email address found');
    await exists.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await exists.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/client\/applicant$/);
  });
});

test('a new account: sign-up, the verification link, then a reset link received over SMTP sets a password that signs in', async ({ page }) => {
  test.setTimeout(90_000);
  const email = unique('reset');
  const landing = await openAuth(page, 'Sign up');
  await landing.getByRole('button', { name: 'Sign up with email' }).click();
  const signUp = dialog(page, 'Sign up');
  await signUp.getByLabel('First name').fill('Freja');
  await signUp.getByLabel('Last name').fill('Dahl');
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill('First-pass-1!');
  await solveCaptcha(signUp);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  // A new user has no profile: choose-role (spec 4).
  const chooseRole = dialog(page, /How will you use/);
  await expect(chooseRole.getByRole('link', { name: /I'm looking for jobs/ })).toBeVisible();

  // The verification mail arrived over SMTP; its link verifies the address.
  const verify = await waitForMail(email, /verify|confirm/i);
  const verifyLink = verify.links.find((link) => link.includes('email-verification-key='));
  expect(verifyLink).toBeTruthy();
  await gotoHydrated(page, verifyLink!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/client\/verify-email\?result=verified/);
  await expect(page.getByText('Your email address is verified')).toBeVisible();

  // Log out, ask for a reset link.
  await page.request.post('/api/users/sign-out', { headers: { Origin: BASE } });
  await page.context().clearCookies();
  const signIn = await openAuth(page, 'Log in');
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Forgot password');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    forgot.getByText("If there's a user connected to this email address, we've sent an email with instructions for resetting your password."),
  ).toBeVisible();

  const reset = await waitForMail(email, /reset|password/i);
  const resetLink = reset.links.find((link) => link.includes('resetKey='));
  expect(resetLink).toBeTruthy();
  await gotoHydrated(page, resetLink!.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password', { exact: true }).fill('Second-pass-2!');
  await page.getByLabel('Confirm new password').fill('Second-pass-2!');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();

  // The new password signs in; the old one does not; the link does not work twice.
  await page.request.post('/api/users/sign-out', { headers: { Origin: BASE } });
  await page.context().clearCookies();
  const old = await page.request.post('/api/users/sign-in', { data: { email, password: 'First-pass-1!' }, headers: { Origin: BASE } });
  expect(old.status()).toBe(401);
  await signInThroughModal(page, email, 'Second-pass-2!');
  await expect(dialog(page, /How will you use/)).toBeVisible();
  const again = await page.request.post('/api/users/reset-password', {
    data: { password: 'Third-pass-3!', resetKey: new URL(resetLink!).searchParams.get('resetKey') },
    headers: { Origin: BASE },
  });
  expect(again.status()).toBe(400);
});

/** Clicks a button of the provider's popup, which then closes itself (possibly before the click returns). */
async function clickAndWaitForClose(popup: Page, button: string) {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: button })
    .click()
    .catch((error: Error) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

test.describe('professional-network sign-in against the local OpenID Connect provider', () => {
  async function providerSignIn(page: Page, person: { email: string; first: string; last: string }) {
    const landing = await openAuth(page, 'Sign up');
    const popupPromise = page.waitForEvent('popup');
    await landing.getByRole('button', { name: 'Sign up with LinkedIn (demo)' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.viewportSize()).toEqual({ width: 800, height: 650 });
    await popup.locator('#email').fill(person.email);
    await popup.locator('#firstName').fill(person.first);
    await popup.locator('#lastName').fill(person.last);
    await clickAndWaitForClose(popup, 'Continue');
    return landing;
  }

  test('creates a new account', async ({ page }) => {
    const email = unique('provider');
    await providerSignIn(page, { email, first: 'Linn', last: 'Ek' });
    // A new account has no profile yet: choose-role, then the header knows the user.
    await expect(dialog(page, /How will you use/)).toBeVisible();
    const me = await (await page.request.get('/api/users/me')).json();
    expect(me).toMatchObject({ email, fullName: 'Linn Ek', isEmailVerified: true });

    // spec 2.11: "I'm looking for jobs" asks first; the confirmation's POST creates and selects the talent profile.
    await dialog(page, /How will you use/).getByRole('link', { name: /I'm looking for jobs/ }).click();
    await page.getByRole('button', { name: 'Create my talent profile' }).click();
    await expect(page).toHaveURL(/\/client\/applicant\?welcome=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Linn!' })).toBeVisible();
    expect((await (await page.request.get('/api/users/me')).json()).applicant).toMatchObject({ enabled: true });
  });

  test('never signs in to an account that has a password, since anyone can type any address there', async ({ page }) => {
    const landing = await providerSignIn(page, { email: 'investor@nordlys.test', first: 'Ingrid', last: 'Solberg' });
    await expect(landing.getByRole('alert')).toContainText('Please log in with your e-mail and password');
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });

  test('finds the account it created on the next sign-in', async ({ page }) => {
    const email = unique('provider-again');
    await providerSignIn(page, { email, first: 'Siri', last: 'Dahl' });
    await expect(dialog(page, /How will you use/)).toBeVisible();
    const first = await (await page.request.get('/api/users/me')).json();
    await page.context().clearCookies();
    await providerSignIn(page, { email, first: 'Siri', last: 'Dahl' });
    await expect(dialog(page, /How will you use/)).toBeVisible();
    expect((await (await page.request.get('/api/users/me')).json()).id).toBe(first.id);
  });

  test('a cancelled sign-in shows no error and keeps the modal open', async ({ page }) => {
    const landing = await openAuth(page, 'Sign up');
    const popupPromise = page.waitForEvent('popup');
    await landing.getByRole('button', { name: 'Sign up with LinkedIn (demo)' }).click();
    const popup = await popupPromise;
    await clickAndWaitForClose(popup, 'Cancel');
    await expect(landing).toBeVisible();
    await expect(landing.getByRole('alert')).toHaveCount(0);
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });
});

/** spec 2.8 with the headhunter product off (no Scout): the header links and the dropdown per account. */
const HEADERS: { email: string; nav: string[]; menu: string[] }[] = [
  {
    email: 'talent@nordlys.test',
    nav: ['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups', 'My jobs'],
    menu: ['My dashboard', 'Quick apply', 'Email notifications', 'Profile settings', 'My Account', 'Log out'],
  },
  {
    email: 'founder@nordlys.test',
    nav: ['Find jobs', 'Browse startups', 'Pricing', 'My jobs'],
    menu: ['My dashboard', 'Edit startup profile', 'Startup settings', 'All applicants', 'FAQ', 'Profile settings', 'My Account', 'Log out'],
  },
  {
    email: 'investor@nordlys.test',
    nav: ['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups'],
    menu: ['My dashboard', 'Edit investor profile', 'Investor settings', 'Profile settings', 'My Account', 'Log out'],
  },
  {
    email: 'draft@nordlys.test',
    nav: ['Find jobs', 'Browse startups', 'Pricing', 'My jobs'],
    menu: ['My dashboard', 'Edit startup profile', 'Startup settings', 'All applicants', 'FAQ', 'Profile settings', 'My Account', 'Log out'],
  },
  // Several profiles and none chosen yet: the no-profile state, with Switch profile in the dropdown.
  { email: 'multi@nordlys.test', nav: ['For investors', 'For startups'], menu: ['My dashboard', 'Switch profile', 'My Account', 'Log out'] },
  { email: 'newbie@nordlys.test', nav: ['For investors', 'For startups'], menu: ['My dashboard', 'My Account', 'Log out'] },
  { email: 'admin@nordlys.test', nav: ['For investors', 'For startups'], menu: ['My dashboard', 'My Account', 'Log out'] },
];

test.describe('the header for each demo account (spec 2.8)', () => {
  test('logged out', async ({ page }) => {
    await page.goto('/jobs');
    await expect(page.locator('.site-nav__wide .nav-links > li')).toHaveText(['Find jobs', 'Browse startups', 'Pricing', 'For startups']);
    await expect(page.locator('.site-nav__wide .auth-links > li')).toHaveText(['Sign up', 'Log in']);
  });

  for (const { email, nav, menu } of HEADERS) {
    test(email, async ({ page }) => {
      await signInByApi(page, email);
      await gotoHydrated(page, '/jobs');
      await expect(page.locator('.site-nav__wide .nav-links > li')).toHaveText(nav);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.locator('.profile-menu__list > li')).toHaveText(menu);
    });
  }

  test("a 'to' query opens the sign-in modal and goes there afterwards", async ({ page }) => {
    await gotoHydrated(page, '/?to=%2Fclient%2Fmy-jobs');
    const signIn = dialog(page, 'Log in');
    await signIn.getByLabel('Email', { exact: true }).fill('talent@nordlys.test');
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/client\/my-jobs$/);
  });

  test("a dead session shows 'Session expired, redirecting you to frontpage' and goes to /", async ({ page }) => {
    await signInByApi(page, 'talent@nordlys.test');
    await gotoHydrated(page, '/jobs');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    // The session ends elsewhere (another tab logs out); the cookie stays in this browser.
    const cookies = await page.context().cookies();
    const other = await playwrightRequest.newContext({ baseURL: BASE, storageState: { cookies, origins: [] } });
    await other.post('/api/users/sign-out', { headers: { Origin: BASE } });
    await other.dispose();
    // Returning to the tab re-checks the session (spec 2.8).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByText('Session expired, redirecting you to frontpage')).toBeVisible();
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(headerButton(page, 'Log in')).toBeVisible();
  });
});

test.describe('guards on the server (spec 2.12)', () => {
  async function as(email: string | null) {
    const context = await playwrightRequest.newContext({ baseURL: BASE });
    if (email) expect((await context.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } })).status()).toBe(200);
    return context;
  }
  const redirectOf = async (context: Awaited<ReturnType<typeof as>>, path: string) => {
    const res = await context.get(path, { maxRedirects: 0 });
    return { status: res.status(), location: res.headers().location?.replace(BASE, '') ?? null, body: await res.text() };
  };

  test('logged out on /client/my-jobs → /?to=%2Fclient%2Fmy-jobs, before any HTML', async () => {
    const visitor = await as(null);
    const res = await redirectOf(visitor, '/client/my-jobs');
    expect(res).toMatchObject({ status: 302, location: '/?to=%2Fclient%2Fmy-jobs' });
    expect(res.body).not.toContain('<html');
  });

  test("a founder on another company's admin → /client/", async () => {
    const founder = await as('founder@nordlys.test');
    expect(await redirectOf(founder, '/client/startups/draft-startup/jobs')).toMatchObject({ status: 302, location: '/client/' });
    expect((await redirectOf(founder, '/client/startups/northwind-labs/jobs')).status).toBe(200);
  });

  test('draft@ on /client/startups/draft-startup/jobs → its edit page', async () => {
    const draft = await as('draft@nordlys.test');
    expect(await redirectOf(draft, '/client/startups/draft-startup/jobs')).toMatchObject({
      status: 302,
      location: '/client/startups/draft-startup/edit',
    });
    expect((await redirectOf(draft, '/client/startups/draft-startup/edit')).status).toBe(200);
  });

  test('an admin passes the company and investor areas', async () => {
    const admin = await as('admin@nordlys.test');
    for (const path of ['/client/startups/northwind-labs/jobs', '/client/startups/draft-startup/jobs', '/client/investors/fjord-ventures']) {
      expect((await redirectOf(admin, path)).status, path).toBe(200);
    }
  });

  test('protected calls answer 401 logged out and 403 to the wrong user', async () => {
    const visitor = await as(null);
    expect((await visitor.get('/api/users/me')).status()).toBe(401);
    expect((await visitor.post('/api/applicant', { headers: { Origin: BASE } })).status()).toBe(401);
    const founder = await as('founder@nordlys.test');
    const res = await founder.post('/api/companies/draft-startup/platform', { data: { platform: 'sister' }, headers: { Origin: BASE } });
    expect(res.status()).toBe(403);
  });
});

test.describe('after sign-in (spec 4, 2.11)', () => {
  test("multi@ sees 'Choose profile', and the choice leads to the profile", async ({ page }) => {
    await signInThroughModal(page, 'multi@nordlys.test');
    const choose = dialog(page, 'Choose profile');
    await expect(choose).toBeVisible();
    await expect(choose.getByLabel('Remember my choice next time I log in')).toBeVisible();
    for (const description of ['Startup management and recruitment', 'Investment and funding', 'Talent']) {
      await expect(choose.getByText(description)).toBeVisible();
    }
    await noSeriousAxeViolations(page, 'choose profile');
    await choose.getByRole('button', { name: /Startup management and recruitment/ }).click();
    await expect(page).toHaveURL(/\/client\/startups\/[a-z0-9-]+$/);
    await expect(page.locator('.site-nav__wide .nav-links > li')).toHaveText(['Find jobs', 'Browse startups', 'Pricing', 'My jobs']);
  });

  test("sister@ sees 'Choose your option'; 'Continue with this profile' brings Polaris Impact here", async ({ page }) => {
    expect((await page.request.get('/api/companies/polaris-impact')).status()).toBe(404);
    await signInThroughModal(page, 'sister@nordlys.test');
    const connect = dialog(page, 'Choose your option');
    await expect(connect.getByText('Polaris Impact')).toBeVisible();
    await expect(connect.getByRole('button', { name: '+ Create a new profile' })).toBeVisible();
    await noSeriousAxeViolations(page, 'choose your option');
    await connect.getByRole('button', { name: 'Continue with this profile' }).click();
    await expect(page).toHaveURL(/\/client\/startups\/polaris-impact$/);
    expect((await page.request.get('/api/companies/polaris-impact')).status()).toBe(200);
  });

  test('newbie@ sees the choose-role modal, which Escape and the backdrop do not close', async ({ page }) => {
    await signInThroughModal(page, 'newbie@nordlys.test');
    const chooseRole = dialog(page, /How will you use/);
    await expect(chooseRole).toBeVisible();
    for (const name of ["I'm looking for jobs", "I'm a startup", "I'm an investor"]) {
      await expect(chooseRole.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    }
    await noSeriousAxeViolations(page, 'choose role');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(chooseRole).toBeVisible();
    await expect(chooseRole.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await chooseRole.getByRole('link', { name: /I'm looking for jobs/ }).click();
    // The link only asks: creating the profile takes the confirmation's POST (the new account above clicks it).
    await expect(page).toHaveURL(/\/client\/applicant\?create=1$/);
    await expect(page.getByRole('button', { name: 'Create my talent profile' })).toBeVisible();
    expect((await (await page.request.get('/api/users/me')).json()).applicant).toBeNull();
  });
});
