// @vitest-environment happy-dom
/**
 * Issue #13 on the whole site (server render, then hydration, against the fake /api): Save, I'm
 * interested and Follow as real toggles, the visitor's sign-in that completes the mark with no second
 * click, the rollback of a refused mark, and the candidate's lists (My jobs, followed startups).
 */
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { demoUsers, type FakeAccount } from '../testing/fixtures';
import { loadServerPage, mountSite, siteTestHooks, until } from '../testing/site';
import { emptyTalentState, setTalentState, talentState } from '../testing/talent';

const hooks = siteTestHooks();

async function mountAs(user: User | null, path: string, prepare?: (account: FakeAccount) => void) {
  const account: FakeAccount = { user, users: Object.values(demoUsers) };
  prepare?.(account);
  hooks.site = await mountSite(path, { account });
  expect(hooks.site.recoverableErrors).toEqual([]);
  return hooks.site;
}

const main = () => within(document.querySelector('main')!);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const toggle = (name: RegExp) => main().getByRole('button', { name });
const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');
const calls = (method: string, path: string) => hooks.site!.requests.filter((r) => r.method === method && r.path === path).length;
const flagsLoaded = () => calls('GET', 'applicant/flags') > 0;

describe('Save and I’m interested on the job page', () => {
  it('renders the viewer’s marks from the job’s answer on the server, and keeps them once the flags load', async () => {
    // talent@'s fake state: job 1 saved, job 2 interesting; the job's answer says so (spec 3 per-user fields).
    const { container } = await loadServerPage('/jobs/1', { account: { user: demoUsers.talent, users: Object.values(demoUsers) } });
    const served = within(container.querySelector('main')! as HTMLElement);
    expect(pressed(served.getByRole('button', { name: /^Saved?$/ }))).toBe('true');
    expect(pressed(served.getByRole('button', { name: /^I'm interested$/ }))).toBe('false');
    hooks.site = await mountSite('/jobs/2', { account: { user: demoUsers.talent, users: Object.values(demoUsers) } });
    expect(hooks.site.recoverableErrors).toEqual([]);
    const interest = toggle(/^(I'm interested|Interested)$/);
    expect(pressed(interest)).toBe('true');
    await until(flagsLoaded, 'the flags');
    expect(pressed(interest)).toBe('true');
    expect(pressed(toggle(/^Saved?$/))).toBe('false');
  });

  it('shows no marks to a visitor', async () => {
    const { container } = await loadServerPage('/jobs/1');
    const served = within(container.querySelector('main')! as HTMLElement);
    expect(pressed(served.getByRole('button', { name: /^Save$/ }))).toBe('false');
  });

  it('toggles at once, sends the call, and a second click sends the opposite', async () => {
    await mountAs(demoUsers.talent, '/jobs/1');
    await until(flagsLoaded, 'the flags');
    const interest = toggle(/^I'm interested$/);
    await act(async () => fireEvent.click(interest));
    expect(pressed(interest)).toBe('true');
    expect(interest.textContent).toBe('Interested');
    await until(() => calls('POST', 'jobs/1/interested') === 1, 'the interested call');
    await act(async () => fireEvent.click(interest));
    await until(() => calls('POST', 'jobs/1/uninterested') === 1, 'the uninterested call');
    expect(pressed(interest)).toBe('false');
    expect(talentState(hooks.site!.account).interested.has(1)).toBe(false);
  });

  it('rolls a refused mark back and says why in the status region', async () => {
    await mountAs(demoUsers.talent, '/jobs/1', (account) => {
      talentState(account).failMarks = 503;
    });
    await until(flagsLoaded, 'the flags');
    const interest = toggle(/^I'm interested$/);
    await act(async () => fireEvent.click(interest));
    await until(() => pressed(interest) === 'false', 'the rollback');
    const status = [...document.querySelectorAll('[role="status"]')].find((s) => s.textContent?.includes('could not be saved'));
    expect(status?.textContent).toBe('Your interest in the job could not be saved. The server is busy. Please try again.');
  });

  it('a visitor signs in from Save and the job is saved, with no second click', async () => {
    const site = await mountAs(null, '/jobs/2');
    await act(async () => fireEvent.click(toggle(/^Save$/)));
    await until(() => dialog() !== null, 'the sign-in modal');
    const modal = within(dialog()!);
    expect(modal.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(calls('POST', 'jobs/2/save')).toBe(0);
    await act(async () => {
      fireEvent.change(modal.getByLabelText('Email'), { target: { value: 'talent@nordlys.test' } });
      fireEvent.change(modal.getByLabelText('Password'), { target: { value: 'Nordlys-demo-1!' } });
    });
    await act(async () => fireEvent.click(modal.getByRole('button', { name: 'Log in' })));
    await until(() => calls('POST', 'jobs/2/save') === 1, 'the save after sign-in');
    // Same page, the intent gone from the URL (Back does not repeat it), the toggle pressed.
    await until(() => window.location.search === '', 'the intent leaving the URL');
    expect(window.location.pathname).toBe('/jobs/2');
    await until(() => pressed(toggle(/^Saved?$/)) === 'true', 'the pressed toggle');
    expect(talentState(site.account).saved.has(2)).toBe(true);
    expect(dialog()).toBeNull();
  });
});

describe('the flags follow the session', () => {
  const returnToTab = () =>
    act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

  it('load again when the page is shown again (spec 2.8), and clear when the user signed out elsewhere', async () => {
    const site = await mountAs(demoUsers.talent, '/jobs/1');
    const save = toggle(/^Saved?$/);
    await until(() => pressed(save) === 'true', 'the saved mark');
    // Unsaved in another tab: coming back shows it.
    talentState(site.account).saved.delete(1);
    const loads = calls('GET', 'applicant/flags');
    await returnToTab();
    await until(() => pressed(save) === 'false', 'the fresh flags');
    expect(calls('GET', 'applicant/flags')).toBe(loads + 1);
    // Saved again elsewhere, then signed out elsewhere: no marks show, and Save asks to sign in.
    talentState(site.account).saved.set(1, new Date().toISOString());
    site.account.user = null;
    await returnToTab();
    await until(() => document.querySelector('.site-nav__wide .auth-links') !== null, 'the logged-out header');
    expect(pressed(toggle(/^Save$/))).toBe('false');
    await act(async () => fireEvent.click(toggle(/^Save$/)));
    await until(() => dialog() !== null, 'the sign-in modal');
    expect(calls('POST', 'jobs/1/save')).toBe(0);
  });
});

describe('toggles on cards', () => {
  it('name their job, and pressing one never opens the card’s link', async () => {
    await mountAs(demoUsers.multi, '/jobs');
    await until(flagsLoaded, 'the flags');
    // The job shows twice (featured, and in the results): both cards show one mark.
    const [save, again] = main().getAllByRole('button', { name: /^Save Senior Frontend Engineer$/ });
    expect(save!.closest('article')).not.toBeNull();
    await act(async () => fireEvent.click(save!));
    await until(() => calls('POST', 'jobs/1/save') === 1, 'the save');
    expect(window.location.pathname).toBe('/jobs');
    expect(pressed(save!)).toBe('true');
    expect(pressed(again!)).toBe('true');
  });

  it('Follow on a startup’s page and in the startup list', async () => {
    await mountAs(demoUsers.multi, '/startups/aurora-labs');
    await until(flagsLoaded, 'the flags');
    const follow = toggle(/^Follow$/);
    await act(async () => fireEvent.click(follow));
    await until(() => calls('POST', 'companies/aurora-labs/follow') === 1, 'the follow');
    expect(follow.textContent).toBe('Following');
    expect(pressed(follow)).toBe('true');
  });
});

describe('/client/my-jobs', () => {
  it('unsaving in place takes the card out, keeps the keyboard in the list, and says so', async () => {
    await mountAs(demoUsers.talent, '/client/my-jobs');
    await until(flagsLoaded, 'the flags');
    const panel = main().getByRole('tabpanel', { name: /Saved/ });
    const saved = within(panel).getByRole('button', { name: 'Saved Senior Frontend Engineer' });
    await until(() => pressed(saved) === 'true', 'the saved mark');
    saved.focus();
    await act(async () => fireEvent.click(saved));
    await until(() => within(panel).queryByText('No saved jobs yet') !== null, 'the empty list');
    expect(document.activeElement).toBe(panel);
    expect(panel.textContent).toContain('“Senior Frontend Engineer” is no longer in your saved jobs.');
    await until(() => calls('POST', 'jobs/1/unsave') === 1, 'the unsave');
  });

  it('puts a card back when the unsave is refused', async () => {
    await mountAs(demoUsers.talent, '/client/my-jobs', (account) => {
      talentState(account).failMarks = 503;
    });
    await until(flagsLoaded, 'the flags');
    const panel = main().getByRole('tabpanel');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Saved Senior Frontend Engineer' })));
    await until(() => calls('POST', 'jobs/1/unsave') === 1, 'the unsave');
    await until(() => within(panel).queryByRole('button', { name: 'Saved Senior Frontend Engineer' }) !== null, 'the card back');
    expect(document.body.textContent).toContain('The job could not be removed from your saved jobs.');
  });

  it('moves between the tabs with the arrow keys, Home and End, and keeps the tab in the URL', async () => {
    await mountAs(demoUsers.talent, '/client/my-jobs');
    const tabs = main().getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Saved1', 'Interested1', 'Applied1']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    tabs[0]!.focus();
    await act(async () => fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    await until(() => window.location.search === '?tab=interested', 'the URL');
    expect(main().getByRole('tabpanel', { name: /Interested/ }).textContent).toContain('Remote Data Scientist');
    await act(async () => fireEvent.keyDown(tabs[1]!, { key: 'End' }));
    expect(document.activeElement).toBe(tabs[2]);
    await until(() => window.location.search === '?tab=applied', 'the URL');
    await act(async () => fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(tabs[0]);
    await act(async () => fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' }));
    expect(document.activeElement).toBe(tabs[2]);
    await act(async () => fireEvent.keyDown(tabs[2]!, { key: 'Home' }));
    expect(document.activeElement).toBe(tabs[0]);
  });

  it('shows each application with its stage, and withdraws one after a confirmation', async () => {
    await mountAs(demoUsers.talent, '/client/my-jobs?tab=applied');
    const card = document.getElementById('application-31')!;
    expect(card.textContent).toContain('Remote Data Scientist');
    expect(card.textContent).toContain('In review');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Withdraw application for Remote Data Scientist' })));
    const confirm = within(card).getByRole('group');
    expect(confirm.textContent).toContain('Withdraw your application for “Remote Data Scientist”?');
    // Cancel first: nothing is sent.
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' })));
    expect(calls('DELETE', 'applications/31')).toBe(0);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: /^Withdraw application/ })));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Withdraw application' })));
    await until(() => calls('DELETE', 'applications/31') === 1, 'the withdrawal');
    await until(() => main().queryByText('No applications yet') !== null, 'the empty list');
    expect(main().getByRole('status').textContent).toBe('Your application for “Remote Data Scientist” is withdrawn.');
  });

  it('shows an error with a retry when the lists cannot be loaded', async () => {
    await mountAs(demoUsers.talent, '/client/my-jobs', (account) => {
      talentState(account).failLists = 500;
    });
    const alert = main().getByRole('alert');
    expect(alert.textContent).toContain('Your saved jobs could not be loaded');
    talentState(hooks.site!.account).failLists = undefined;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await until(() => main().queryByRole('button', { name: 'Saved Senior Frontend Engineer' }) !== null, 'the list');
  });
});

describe('/client/followed-startups', () => {
  it('lists the followed startups with their open jobs and unfollows in place', async () => {
    await mountAs(demoUsers.talent, '/client/followed-startups');
    await until(flagsLoaded, 'the flags');
    const list = main().getByRole('list', { name: 'Startups you follow' });
    expect(list.textContent).toContain('Aurora Labs');
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Unfollow Aurora Labs' })));
    await until(() => main().queryByText('You follow no startups yet') !== null, 'the empty list');
    await until(() => calls('POST', 'companies/aurora-labs/unfollow') === 1, 'the unfollow');
  });

  it('says what will appear there when nothing is followed', async () => {
    await mountAs(demoUsers.investor, '/client/followed-startups', (account) => setTalentState(account, emptyTalentState()));
    expect(main().getByRole('heading', { name: 'You follow no startups yet' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse startups' }).getAttribute('href')).toBe('/startups');
  });
});
