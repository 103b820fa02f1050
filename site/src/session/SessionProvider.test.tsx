// @vitest-environment happy-dom
import { profileCookieValue } from '@nordlys/sdk/profiles';
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { demoUsers, type FakeAccount } from '../testing/fixtures';
import { mountSite, until, type SiteOptions, siteTestHooks } from '../testing/site';

const hooks = siteTestHooks();

async function mountAs(user: User | null, path: string, options: Omit<SiteOptions, 'account'> & { account?: Partial<FakeAccount> } = {}) {
  hooks.site = await mountSite(path, { ...options, account: { user, users: Object.values(demoUsers), ...options.account } });
  expect(hooks.site.recoverableErrors).toEqual([]);
  return hooks.site;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const h1 = () => document.querySelector('main h1')?.textContent;
const navLabels = () => [...document.querySelectorAll('.site-nav__wide .nav-links a')].map((a) => a.textContent);
const loggedOutHeader = () => document.querySelector('.site-nav__wide .auth-links') !== null;
const cookie = (type: 'company' | 'investor' | 'applicant', key: string) => profileCookieValue({ type, key });

/** Signs in through the real auth modal's sign-in step. */
async function signInWith(email: string) {
  await until(() => dialog() !== null, 'the auth modal');
  const modal = within(dialog()!);
  if (!modal.queryByLabelText('Email')) await act(async () => fireEvent.click(modal.getByRole('button', { name: 'Log in' })));
  await act(async () => {
    fireEvent.change(modal.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(modal.getByLabelText('Password'), { target: { value: 'Nordlys-demo-1!' } });
  });
  await act(async () => fireEvent.click(modal.getByRole('button', { name: 'Log in' })));
}

/** Opens the sign-in modal from the header's 'Log in'. */
async function openLogIn() {
  const logIn = document.querySelector<HTMLAnchorElement>('.site-nav__wide .auth-links a[href^="/?to="]')!;
  await act(async () => fireEvent.click(logIn));
}

describe("the 'to' query (spec 2.8)", () => {
  it('logged out, it opens the sign-in modal; after signing in the user goes to `to`', async () => {
    await mountAs(null, '/?to=%2Fclient%2Fmy-jobs');
    await until(() => dialog() !== null, 'the auth modal');
    expect(within(dialog()!).getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(within(dialog()!).getByLabelText('Email')).toBeTruthy();

    await signInWith('talent@nordlys.test');
    await until(() => window.location.pathname === '/client/my-jobs', '/client/my-jobs');
    await until(() => h1() === 'My jobs', 'the My jobs page');
    expect(dialog()).toBeNull();
    expect(navLabels()).toContain('My jobs');
    expect(document.cookie).toContain(`user.profile=${cookie('applicant', String(demoUsers.talent.id))}`);
  });

  it('logged in, a page with `to` goes there', async () => {
    await mountAs(demoUsers.founder, '/jobs');
    await act(async () => {
      await hooks.site!.router.navigate('/?to=%2Fclient%2Fstartups%2Fnorthwind-labs%2Fedit');
    });
    await until(() => window.location.pathname === '/client/startups/northwind-labs/edit', 'the edit page');
    await until(() => h1() === 'Edit startup profile', 'its heading');
  });

  it('a `to` to another site is never followed: after sign-in the profile link decides', async () => {
    await mountAs(null, '/?to=https%3A%2F%2Fevil.example%2F');
    await signInWith('founder@nordlys.test');
    await until(() => window.location.pathname === '/client/startups/northwind-labs', 'the dashboard');
    expect(window.location.host).not.toBe('evil.example');
  });
});

describe('after sign-in (spec 4)', () => {
  it("with one profile it goes to the profile's link", async () => {
    await mountAs(null, '/jobs');
    await openLogIn();
    await signInWith('founder@nordlys.test');
    await until(() => window.location.pathname === '/client/startups/northwind-labs', 'the dashboard');
    await until(() => h1() === 'Northwind Labs', 'the dashboard heading');
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'My jobs']);
  });

  it("with the saved choice of the user record, it goes to that profile's link", async () => {
    const multi = { ...demoUsers.multi, profile: 'investor:midnight-capital' };
    await mountAs(null, '/jobs', { account: { users: [multi] } });
    await openLogIn();
    await signInWith('multi@nordlys.test');
    await until(() => window.location.pathname === '/client/investors/midnight-capital', 'the investor dashboard');
    expect(document.cookie).toContain(`user.profile=${cookie('investor', 'midnight-capital')}`);
  });

  it("with several profiles and none selected it opens 'Choose profile'", async () => {
    await mountAs(null, '/jobs');
    await openLogIn();
    await signInWith('multi@nordlys.test');
    await until(() => dialog()?.textContent?.includes('Choose profile') === true, "'Choose profile'");
    expect(window.location.pathname).toBe('/jobs');
    const options = within(dialog()!).getAllByRole('button').map((b) => b.textContent);
    expect(options.some((t) => t?.includes('Polar Robotics'))).toBe(true);
    expect(options.some((t) => t?.includes('Midnight Capital'))).toBe(true);
  });

  it("with a profile on the sister platform only it opens 'Choose your option'; continuing lists it here, selects it and goes to it", async () => {
    await mountAs(null, '/jobs');
    await openLogIn();
    await signInWith('sister@nordlys.test');
    await until(() => dialog()?.textContent?.includes('Choose your option') === true, "'Choose your option'");
    expect(within(dialog()!).getByText('Impact Oy')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog()!).getByRole('button', { name: /Continue with this profile/ })));

    await until(() => window.location.pathname === '/client/startups/impact-oy', 'the connected startup');
    await until(() => h1() === 'Impact Oy', 'its dashboard');
    const platform = hooks.site!.requests.filter((r) => r.method === 'POST' && r.path === 'companies/impact-oy/platform');
    expect(platform.map((r) => r.body)).toEqual([{ platform: 'nordlys' }]);
    expect(document.cookie).toContain(`user.profile=${cookie('company', 'impact-oy')}`);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'My jobs']);
    expect(dialog()).toBeNull();
  });

  it("'+ Create a new profile' in 'Choose your option' opens choose-role", async () => {
    await mountAs(null, '/jobs');
    await openLogIn();
    await signInWith('sister@nordlys.test');
    await until(() => dialog()?.textContent?.includes('Choose your option') === true, "'Choose your option'");
    await act(async () => fireEvent.click(within(dialog()!).getByRole('button', { name: '+ Create a new profile' })));
    await until(() => dialog()?.textContent?.includes("I'm looking for jobs") === true, 'choose-role');
  });

  it("without any profile it opens choose-role; 'I'm looking for jobs' asks, and its confirmation creates the applicant profile and welcomes", async () => {
    await mountAs(null, '/jobs');
    await openLogIn();
    await signInWith('newbie@nordlys.test');
    await until(() => dialog()?.textContent?.includes('How will you use Nordlys?') === true, 'choose-role');
    const choices = within(dialog()!)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(choices).toEqual([
      ["I'm looking for jobs", '/client/applicant?create=1'],
      ["I'm a startup", '/startups/join'],
      ["I'm an investor", '/investors/join'],
    ]);
    // It cannot be dismissed (spec 2.11).
    await act(async () => fireEvent.keyDown(dialog()!, { key: 'Escape' }));
    expect(dialog()).not.toBeNull();

    await act(async () => fireEvent.click(within(dialog()!).getByRole('link', { name: "I'm looking for jobs" })));
    // The link only asks (a GET changes nothing); the confirmation's form POST creates the profile.
    await until(() => h1() === 'Create your talent profile', 'the confirmation');
    expect(hooks.site!.requests.filter((r) => r.path === 'applicant')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create my talent profile' })));
    await until(() => window.location.search === '?welcome=1', 'the welcome page');
    await until(() => h1() === 'Welcome, Elin!', 'the welcome heading');
    expect(window.location.pathname).toBe('/client/applicant');
    expect(dialog()).toBeNull();
    expect(hooks.site!.requests.filter((r) => r.method === 'POST' && r.path === 'applicant')).toHaveLength(1);
    // spec 4: creating the applicant profile selects it; the header shows the applicant state.
    expect(document.cookie).toContain(`user.profile=${cookie('applicant', String(demoUsers.newbie.id))}`);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups', 'My jobs']);
  });
});

describe('returning to the tab re-checks the session (spec 2.8)', () => {
  const returnToTab = () =>
    act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

  it('shows the user signed in from another tab', async () => {
    const s = await mountAs(null, '/jobs');
    expect(loggedOutHeader()).toBe(true);
    s.account.user = demoUsers.investor;
    await returnToTab();
    await until(() => navLabels().includes('Followed startups'), 'the investor header');
    expect(s.requests.filter((r) => r.method === 'GET' && r.path === 'users/me')).toHaveLength(1);
  });

  it('signed out elsewhere, a guarded page sends the visitor to sign in', async () => {
    const s = await mountAs(demoUsers.talent, '/client/my-jobs');
    s.account.user = null;
    await returnToTab();
    await until(() => loggedOutHeader(), 'the logged-out header');
    await until(() => window.location.search === '?to=%2Fclient%2Fmy-jobs', 'the sign-in redirect');
    expect(window.location.pathname).toBe('/');
    // ... where the 'to' query opens sign-in.
    await until(() => dialog() !== null, 'the sign-in modal');
  });
});

describe('a 403 while logged in (spec 8, 2.6)', () => {
  it("logs out, shows 'Session expired, redirecting you to frontpage', then goes to '/'", async () => {
    const s = await mountAs(demoUsers.founder, '/client/startups/northwind-labs', {
      cookie: cookie('company', 'northwind-labs'),
      expiredRedirectMs: 300,
    });
    s.account.meStatus = 403;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await until(() => h1() === 'Session expired, redirecting you to frontpage', 'the 403 page');
    expect(window.location.pathname).toBe('/client/startups/northwind-labs');
    expect(loggedOutHeader()).toBe(true);
    expect(document.cookie).not.toContain('user.profile=');
    expect(s.requests.some((r) => r.method === 'POST' && r.path === 'users/sign-out')).toBe(true);

    await until(() => window.location.pathname === '/', 'the front page');
    await until(() => h1() === 'Connect global talents with career opportunities in Nordic startups', 'the home page');
    expect(loggedOutHeader()).toBe(true);
  });

  it('a 403 while logged out changes nothing', async () => {
    const s = await mountAs(null, '/jobs', { account: { meStatus: 403 } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await until(() => s.requests.some((r) => r.path === 'users/me'), 'the check');
    expect(h1()).toBe('Find startup jobs');
    expect(s.requests.some((r) => r.path === 'users/sign-out')).toBe(false);
  });
});
