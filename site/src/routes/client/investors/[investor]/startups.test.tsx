// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../../../../testing/fixtures';
import { mountSite, siteTestHooks, until } from '../../../../testing/site';

const hooks = siteTestHooks();
const PAGE = '/client/investors/fjord-ventures/startups';

const main = () => within(document.querySelector('main')!);
const rows = () => [...document.querySelectorAll('.portfolio-item')].map((li) => li.querySelector('.portfolio-item__name')?.textContent);
const search = () => main().getByRole('combobox', { name: 'Search the startup directory' }) as HTMLInputElement;
const status = () => document.querySelector('.portfolio__status')?.textContent ?? '';

async function typeSearch(text: string) {
  await act(async () => {
    search().focus();
    fireEvent.change(search(), { target: { value: text } });
  });
}

describe('/client/investors/{investor}/startups (the portfolio)', () => {
  it('lists the portfolio with links to the company page in the area and its public page', async () => {
    hooks.site = await mountSite(PAGE, { account: { user: demoUsers.investor } });
    expect(main().getByRole('heading', { level: 1 }).textContent).toBe('Portfolio');
    expect(rows()).toEqual(['Fjord Pay', 'Locked Oy']);
    expect(main().getByRole('link', { name: 'Fjord Pay' }).getAttribute('href')).toBe('/client/investors/fjord-ventures/startups/fjord-pay');
    expect(main().getByRole('link', { name: 'Public page of Fjord Pay' }).getAttribute('href')).toBe('/startups/fjord-pay');
    // The nav names the portfolio among the investor's pages.
    expect(within(document.querySelector('.client-nav')!).getByRole('link', { name: 'Startups' }).getAttribute('aria-current')).toBe('page');
  });

  it('searches the directory as the user types and adds the chosen startup with the keyboard', async () => {
    hooks.site = await mountSite(PAGE, { account: { user: demoUsers.investor } });
    await typeSearch('aur');
    await until(() => document.querySelectorAll('[role="option"]').length === 1, 'the search results');
    const option = document.querySelector('[role="option"]')!;
    expect(option.textContent).toContain('Aurora Labs');
    expect(search().getAttribute('aria-expanded')).toBe('true');
    expect(search().getAttribute('aria-activedescendant')).toBe(option.id);

    await act(async () => fireEvent.keyDown(search(), { key: 'Enter' }));
    // Shown at once, then confirmed by the server.
    expect(rows()).toEqual(['Fjord Pay', 'Locked Oy', 'Aurora Labs']);
    await until(() => status() === 'Aurora Labs was added to your portfolio.', 'the confirmation');
    expect(hooks.site.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ companyKey: 'aurora-labs' }]);
    expect(search().value).toBe('');
    expect(document.activeElement).toBe(search());
  });

  it('marks a startup already in the portfolio and does not add it twice', async () => {
    hooks.site = await mountSite(PAGE, { account: { user: demoUsers.investor } });
    await typeSearch('fjord');
    await until(() => document.querySelectorAll('[role="option"]').length === 1, 'the search results');
    const option = document.querySelector('[role="option"]')!;
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('In your portfolio');
    await act(async () => fireEvent.keyDown(search(), { key: 'Enter' }));
    expect(hooks.site.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('adds a startup that is not on the site by name and website, and rolls back a refused add keeping the input', async () => {
    hooks.site = await mountSite(PAGE, { account: { user: demoUsers.investor } });
    const name = main().getByLabelText('Startup name') as HTMLInputElement;
    const website = main().getByLabelText('Website (optional)') as HTMLInputElement;
    const add = main().getByRole('button', { name: 'Add to portfolio' });

    // The schema's own check first: no name, no call.
    await act(async () => fireEvent.click(add));
    expect(main().getByText('Please enter the name of the startup')).toBeTruthy();
    expect(document.activeElement).toBe(name);

    await act(async () => {
      fireEvent.change(name, { target: { value: 'Taken Startup' } });
      fireEvent.change(website, { target: { value: 'taken.example' } });
    });
    await act(async () => fireEvent.click(add));
    await until(() => document.querySelector('[role="alert"]')?.textContent?.includes('Taken Startup is already in the portfolio') === true, 'the refusal');
    expect(rows()).toEqual(['Fjord Pay', 'Locked Oy']);
    expect(name.value).toBe('Taken Startup');

    await act(async () => fireEvent.change(name, { target: { value: 'Sauna Robotics' } }));
    await act(async () => fireEvent.click(add));
    await until(() => status() === 'Sauna Robotics was added to your portfolio.', 'the confirmation');
    expect(rows()).toEqual(['Fjord Pay', 'Locked Oy', 'Sauna Robotics']);
    expect(main().getByRole('link', { name: /taken\.example/ }).getAttribute('href')).toBe('http://taken.example');
    expect(name.value).toBe('');
  });

  it('removes after a confirmation, and puts a refused removal back in its place', async () => {
    hooks.site = await mountSite(PAGE, { account: { user: demoUsers.investor } });
    await act(async () => fireEvent.click(main().getByRole('button', { name: 'Remove Locked Oy' })));
    const confirm = main().getByRole('button', { name: 'Yes, remove' });
    expect(document.activeElement).toBe(confirm);
    await act(async () => fireEvent.click(confirm));
    await until(() => document.querySelector('[role="alert"]')?.textContent?.includes('Locked Oy could not be removed') === true, 'the refusal');
    expect(rows()).toEqual(['Fjord Pay', 'Locked Oy']);

    await act(async () => fireEvent.click(main().getByRole('button', { name: 'Remove Fjord Pay' })));
    await act(async () => fireEvent.click(main().getByRole('button', { name: 'Yes, remove' })));
    expect(rows()).toEqual(['Locked Oy']);
    await until(() => hooks.site!.requests.some((r) => r.method === 'DELETE' && r.path === 'investors/fjord-ventures/investments/1'), 'the DELETE');
    expect(status()).toBe('Fjord Pay was removed from your portfolio.');
    expect(rows()).toEqual(['Locked Oy']);
  });
});
