// @vitest-environment happy-dom
import { profileCookieValue } from '@nordlys/sdk/profiles';
import { fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../../testing/fixtures';
import { mountSite, until, siteTestHooks } from '../../testing/site';

const hooks = siteTestHooks();

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('/client/', () => {
  it("'Create a new profile' opens choose-role with only Startup and Investor", async () => {
    hooks.site = await mountSite('/client/', { account: { user: demoUsers.multi } });
    await act(async () => fireEvent.click(within(document.querySelector('main')!).getByRole('button', { name: 'Create a new profile' })));
    await until(() => dialog() !== null, 'choose-role');
    expect(within(dialog()!).getAllByRole('link').map((a) => a.textContent)).toEqual(["I'm a startup", "I'm an investor"]);
  });

  it('following a profile card selects that profile and opens its page', async () => {
    hooks.site = await mountSite('/client/', { account: { user: demoUsers.multi } });
    const card = within(document.querySelector('main')!).getByRole('link', { name: 'Midnight Capital' });
    await act(async () => fireEvent.click(card));
    await until(() => window.location.pathname === '/client/investors/midnight-capital', 'the investor dashboard');
    await until(() => document.querySelector('main h1')?.textContent === 'Midnight Capital', 'its heading');
    expect(document.cookie).toContain(`user.profile=${profileCookieValue({ type: 'investor', key: 'midnight-capital' })}`);
    expect([...document.querySelectorAll('.site-nav__wide .nav-links a')].map((a) => a.textContent)).toContain('Followed startups');
  });
});

describe('/startups/join', () => {
  it("'Sign up' opens the auth modal in place (a link to /emailsignup without JavaScript)", async () => {
    hooks.site = await mountSite('/startups/join', { account: { user: null, users: [demoUsers.newbie] } });
    const signUp = within(document.querySelector('main')!).getByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe('/emailsignup');
    await act(async () => fireEvent.click(signUp));
    await until(() => dialog()?.textContent?.includes('Let us know who you are') === true, 'the sign-up landing');
    expect(window.location.pathname).toBe('/startups/join');
  });

  it('logged in without a startup: create the startup profile', async () => {
    hooks.site = await mountSite('/startups/join', { account: { user: demoUsers.newbie } });
    const next = within(document.querySelector('main')!).getByRole('link', { name: /Create your startup profile/ });
    expect(next.getAttribute('href')).toBe('/client/startups/new');
  });
});
