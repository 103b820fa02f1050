// @vitest-environment happy-dom
import { profileCookieValue } from '@nordlys/sdk/profiles';
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../testing/fixtures';
import { mountSite, until, type SiteOptions, siteTestHooks } from '../testing/site';

const hooks = siteTestHooks();

async function mountAs(user: User | null, path = '/jobs', options: SiteOptions = {}) {
  hooks.site = await mountSite(path, { account: { user, users: Object.values(demoUsers) }, ...options });
  expect(hooks.site.recoverableErrors).toEqual([]);
  return hooks.site;
}

const wide = () => document.querySelector('.site-nav__wide')!;
const navLabels = () => [...wide().querySelectorAll('.nav-links a')].map((a) => a.textContent);
const menuButton = () => wide().querySelector<HTMLButtonElement>('.profile-menu__button')!;
const menuPanel = () => wide().querySelector<HTMLElement>('.profile-menu__panel')!;
const menuLabels = () => [...menuPanel().querySelectorAll('.profile-menu__item')].map((item) => item.textContent);
const menuHrefs = () => [...menuPanel().querySelectorAll('a.profile-menu__item')].map((a) => a.getAttribute('href'));
const cookie = (type: 'company' | 'investor' | 'applicant', key: string) => profileCookieValue({ type, key });

describe('Header: the five states of spec 2.8', () => {
  it('logged out: the public links of built pages, Sign up and Log in; Scout only with the headhunter product', async () => {
    await mountAs(null);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'For startups']);
    const actions = [...wide().querySelectorAll('.auth-links a')];
    expect(actions.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sign up', '/emailsignup'],
      ['Log in', '/?to=%2Fjobs'],
    ]);
    expect(wide().querySelector('.profile-menu')).toBeNull();
    await hooks.site!.unmount();

    // spec 2.8: Scout, with its NEW badge, after Pricing.
    await mountAs(null, '/jobs', { products: { headhunter: true } });
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'ScoutNEW', 'For startups']);
    expect(wide().querySelector('a.nav-link[href="/scout"] .badge--new')?.textContent).toBe('NEW');
  });

  it('company (founder@): its links, My jobs to its jobs page, and the company dropdown', async () => {
    await mountAs(demoUsers.founder);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'My jobs']);
    expect(wide().querySelector('a.nav-link[href="/client/startups/northwind-labs/jobs"]')?.textContent).toBe('My jobs');
    expect(menuButton().textContent).toBe('MHAccount menu: Mads HolmNorthwind Labs');
    expect(menuLabels()).toEqual([
      'My dashboard',
      'Edit startup profile',
      'Startup settings',
      'All applicants',
      'FAQ',
      'Profile settings',
      'My Account',
      'Log out',
    ]);
    expect(menuHrefs()).toEqual([
      '/client/startups/northwind-labs',
      '/client/startups/northwind-labs/edit',
      '/client/startups/northwind-labs/settings',
      '/client/startups/northwind-labs/applicants',
      '/startups/faq',
      '/profile-settings/company-northwind-labs',
      '/settings',
    ]);
    await hooks.site!.unmount();

    // spec 2.8: a company's order puts Scout before Pricing.
    await mountAs(demoUsers.founder, '/jobs', { products: { headhunter: true } });
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'ScoutNEW', 'Pricing', 'My jobs']);
  });

  it('investor (investor@): News & Insights, Followed startups and the investor dropdown', async () => {
    await mountAs(demoUsers.investor);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups']);
    expect(wide().querySelector('a[href="https://news.nordlys.example/"]')).not.toBeNull();
    expect(menuLabels()).toEqual(['My dashboard', 'Edit investor profile', 'Investor settings', 'Profile settings', 'My Account', 'Log out']);
    expect(menuHrefs()).toContain('/client/investors/fjord-ventures/edit');
    expect(menuHrefs()).toContain('/profile-settings/investor-fjord-ventures');
  });

  it('applicant (talent@): the investor links plus My jobs, and the applicant dropdown', async () => {
    await mountAs(demoUsers.talent);
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups', 'My jobs']);
    expect(menuLabels()).toEqual(['My dashboard', 'Quick apply', 'Email notifications', 'Profile settings', 'My Account', 'Log out']);
    expect(menuHrefs()).toEqual(['/client/applicant', '/client/applicant', '/client/applicant/settings', '/profile-settings/applicant', '/settings']);
  });

  it('several profiles (multi@): Switch profile in the dropdown; none selected is the no-profile state', async () => {
    await mountAs(demoUsers.multi);
    expect(navLabels()).toEqual(['For investors', 'For startups']);
    expect(menuLabels()).toEqual(['My dashboard', 'Switch profile', 'My Account', 'Log out']);
    await hooks.site!.unmount();

    // The cookie names the selected profile.
    await mountAs(demoUsers.multi, '/jobs', { cookie: cookie('investor', 'midnight-capital') });
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'News & Insights', 'Followed startups']);
    expect(menuLabels()).toEqual(['My dashboard', 'Switch profile', 'Edit investor profile', 'Investor settings', 'Profile settings', 'My Account', 'Log out']);
    expect(menuButton().textContent).toContain('Midnight Capital');
  });

  it('logged in without a profile (newbie@): For investors and For startups', async () => {
    await mountAs(demoUsers.newbie);
    expect(navLabels()).toEqual(['For investors', 'For startups']);
    expect(menuLabels()).toEqual(['My dashboard', 'My Account', 'Log out']);
    expect(menuHrefs()[0]).toBe('/dashboard');
  });

  it('hydrates every state without a mismatch or an error', async () => {
    for (const user of [null, demoUsers.founder, demoUsers.investor, demoUsers.talent, demoUsers.multi, demoUsers.newbie]) {
      await mountAs(user, user ? '/client/' : '/');
      expect(hooks.site!.recoverableErrors).toEqual([]);
      await hooks.site!.unmount();
      hooks.site = undefined;
    }
    expect(hooks.errors).toEqual([]);
  });
});

describe('Header: the profile dropdown', () => {
  it('is a disclosure: the button toggles it, Escape closes it and gives focus back, a click outside closes it', async () => {
    await mountAs(demoUsers.founder);
    const button = menuButton();
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(menuPanel().id);
    expect(menuPanel().hidden).toBe(true);

    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menuPanel().hidden).toBe(false);

    const firstItem = menuPanel().querySelector<HTMLElement>('.profile-menu__item')!;
    firstItem.focus();
    await act(async () => fireEvent.keyDown(firstItem, { key: 'ArrowDown' }));
    expect(document.activeElement?.textContent).toBe('Edit startup profile');
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await act(async () => fireEvent.click(button));
    expect(menuPanel().hidden).toBe(false);
    await act(async () => fireEvent.mouseDown(document.querySelector('main')!));
    expect(menuPanel().hidden).toBe(true);
  });

  it('closes after following one of its links', async () => {
    await mountAs(demoUsers.founder);
    await act(async () => fireEvent.click(menuButton()));
    await act(async () => fireEvent.click(within(menuPanel()).getByText('Startup settings')));
    await until(() => window.location.pathname === '/client/startups/northwind-labs/settings', 'the settings page');
    await until(() => document.querySelector('h1')?.textContent === 'Startup settings', 'its heading');
    expect(menuPanel().hidden).toBe(true);
  });

  it("'Switch profile' opens 'Choose profile'; choosing goes to the profile and the header follows", async () => {
    await mountAs(demoUsers.multi);
    await act(async () => fireEvent.click(menuButton()));
    await act(async () => fireEvent.click(within(menuPanel()).getByText('Switch profile')));
    await until(() => document.querySelector('[role="dialog"]') !== null, 'the dialog');
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText('Choose profile')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember my choice next time I log in' })));
    await act(async () => fireEvent.click(within(dialog).getByText('Polar Robotics').closest('button')!));

    await until(() => window.location.pathname === '/client/startups/polar-robotics', 'the startup dashboard');
    await until(() => document.querySelector('[role="dialog"]') === null, 'the dialog to close');
    expect(navLabels()).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'My jobs']);
    expect(document.cookie).toContain(`user.profile=${cookie('company', 'polar-robotics')}`);
    // 'Remember my choice' saves it in the user record.
    expect(hooks.site!.requests.filter((r) => r.method === 'PUT' && r.path === 'users/me').map((r) => r.body)).toEqual([
      { profile: 'company:polar-robotics' },
    ]);
  });

  it("'Log out' signs out, clears the profile cookie and goes to '/' logged out", async () => {
    await mountAs(demoUsers.founder, '/client/startups/northwind-labs', { cookie: cookie('company', 'northwind-labs') });
    expect(document.cookie).toContain('user.profile=');
    await act(async () => fireEvent.click(menuButton()));
    await act(async () => fireEvent.click(within(menuPanel()).getByText('Log out')));
    await until(() => window.location.pathname === '/', 'the front page');
    await until(() => navLabels().includes('For startups') && wide().querySelector('.auth-links') !== null, 'the logged-out header');
    expect(hooks.site!.requests.some((r) => r.method === 'POST' && r.path === 'users/sign-out')).toBe(true);
    expect(document.cookie).not.toContain('user.profile=');
  });
});

describe('Header: Sign up and Log in open the auth modal (spec 2.10)', () => {
  it('Sign up opens the landing, Log in the sign-in step', async () => {
    await mountAs(null);
    const [signUp, logIn] = [...wide().querySelectorAll<HTMLAnchorElement>('.auth-links a')];
    await act(async () => fireEvent.click(signUp!));
    await until(() => document.querySelector('[role="dialog"]') !== null, 'the dialog');
    expect(within(document.querySelector<HTMLElement>('[role="dialog"]')!).getByText('Let us know who you are')).toBeTruthy();
    // The page did not change: the link's default was prevented.
    expect(window.location.pathname).toBe('/jobs');
    await act(async () => fireEvent.keyDown(document.querySelector('[role="dialog"]')!, { key: 'Escape' }));
    await until(() => document.querySelector('[role="dialog"]') === null, 'the dialog to close');

    await act(async () => fireEvent.click(logIn!));
    await until(() => document.querySelector('[role="dialog"]') !== null, 'the dialog');
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});
