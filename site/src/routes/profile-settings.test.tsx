// @vitest-environment happy-dom
import { profileCookieValue } from '@nordlys/sdk/profiles';
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { createFakeApi, demoUsers } from '../testing/fixtures';
import { mountSite, siteTestHooks, until } from '../testing/site';

const hooks = siteTestHooks();

const main = () => within(document.querySelector('main')!);
const links = () => main().getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

/** Server-renders `path` for `user`, as the server entry answers a browser. */
async function serverAnswer(user: User | null, path: string) {
  const { api } = createFakeApi({ account: { user } });
  return render(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
}

describe('/profile-settings/{id} (spec 2.1)', () => {
  it("talent: the profile entry, its pages (talent profile, My jobs, Email notifications) and the way to delete it", async () => {
    hooks.site = await mountSite('/profile-settings/applicant', { account: { user: demoUsers.talent } });
    expect(document.title).toBe('Profile settings · Sofie Kjær | Nordlys');
    expect(main().getByRole('heading', { level: 1 }).textContent).toBe('Sofie Kjær');
    expect(main().getByText('Talent', { selector: '.badge' })).toBeTruthy();
    // One profile is always the one selected (spec 4): nothing to choose.
    expect(main().getByText(/This is your only profile/)).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Make this my default profile' })).toBeNull();
    expect(links()).toEqual([
      ['Talent profile', '/client/applicant'],
      ['My jobs', '/client/my-jobs'],
      ['Email notifications', '/client/applicant/settings'],
      ['My Account', '/settings'],
      ['Go to Delete talent profile', '/client/applicant#delete-talent-profile'],
    ]);
  });

  it('a startup: its name, type, countries and description, and its edit, settings, applicants and jobs pages', async () => {
    hooks.site = await mountSite('/profile-settings/company-northwind-labs', { account: { user: demoUsers.founder } });
    expect(main().getByRole('heading', { level: 1 }).textContent).toBe('Northwind Labs');
    expect(main().getByText('Startup', { selector: '.badge' })).toBeTruthy();
    expect(main().getByText('Startup management and recruitment')).toBeTruthy();
    expect(links()).toEqual([
      ['Edit startup profile', '/client/startups/northwind-labs/edit'],
      ['Startup settings', '/client/startups/northwind-labs/settings'],
      ['Applicants', '/client/startups/northwind-labs/applicants'],
      ['Jobs', '/client/startups/northwind-labs/jobs'],
      ['My Account', '/settings'],
    ]);
  });

  it('"Make this my default profile" saves the choice in the user record (PUT users/me), then says it is the default', async () => {
    const cookie = profileCookieValue({ type: 'company', key: 'polar-robotics' });
    hooks.site = await mountSite('/profile-settings/investor-midnight-capital', { account: { user: demoUsers.multi }, cookie });
    expect(main().getByText('Investment and funding')).toBeTruthy();
    expect(main().getByText('Finland, Sweden')).toBeTruthy();
    expect(links().slice(0, 2)).toEqual([
      ['Edit investor profile', '/client/investors/midnight-capital/edit'],
      ['Investor settings', '/client/investors/midnight-capital/settings'],
    ]);
    await act(async () => fireEvent.click(main().getByRole('button', { name: 'Make this my default profile' })));
    await until(() => main().queryByText('This is your default profile.') !== null, 'the default note');
    expect(hooks.site.requests.filter((r) => r.method === 'PUT' && r.path === 'users/me').map((r) => r.body)).toEqual([{ profile: 'investor:midnight-capital' }]);
    expect(main().getByRole('status').textContent).toBe('Midnight Capital is now your default profile.');
    expect(main().queryByRole('button', { name: 'Make this my default profile' })).toBeNull();
    // The session's selection stays the startup until the user switches: "Use this profile now" does.
    await act(async () => fireEvent.click(main().getByRole('button', { name: 'Use this profile now' })));
    expect(document.cookie).toContain(`user.profile=${profileCookieValue({ type: 'investor', key: 'midnight-capital' })}`);
  });

  it("answers 404 for a profile that is not the user's, and sends a visitor to sign in", async () => {
    for (const id of ['company-polar-robotics', 'investor-northwind-labs', 'applicant', 'nonsense']) {
      const response = await serverAnswer(demoUsers.founder, `/profile-settings/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.text(), id).toContain('Page not found');
    }
    const visitor = await serverAnswer(null, '/profile-settings/applicant');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/?to=%2Fprofile-settings%2Fapplicant');
  });

  it('is reached from the account menu', async () => {
    hooks.site = await mountSite('/jobs', { account: { user: demoUsers.founder } });
    const menu = document.querySelector('.site-nav__wide')!;
    await act(async () => fireEvent.click(menu.querySelector<HTMLButtonElement>('.profile-menu__button')!));
    await act(async () => fireEvent.click(within(menu as HTMLElement).getByRole('link', { name: 'Profile settings' })));
    await until(() => window.location.pathname === '/profile-settings/company-northwind-labs', 'the profile settings page');
    await until(() => document.querySelector('main h1')?.textContent === 'Northwind Labs', 'its heading');
  });
});
