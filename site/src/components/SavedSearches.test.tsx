// @vitest-environment happy-dom
import type { SearchHistoryItem } from '@nordlys/sdk/schemas';
import { searchKey } from '@nordlys/sdk/search-history';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePinnedSearches } from '../lib/pinnedSearches';
import { accountApi, jsonAnswer } from '../modals/test-helpers';
import { demoUsers } from '../testing/fixtures';
import { renderSearchPage } from '../testing/searches';
import { PinnedSearchChips, SavedSearches, SaveSearchButton } from './SavedSearches';

afterEach(cleanup);

const talent = demoUsers.talent;
const since = '2026-11-10T09:00:00.000Z';
const frontendDk: SearchHistoryItem = { id: 11, key: searchKey({ search: 'frontend', countryCode: 'DK' }), filters: { categories: ['frontend'] }, pinned: true, since };
const designOslo: SearchHistoryItem = { id: 12, key: searchKey({ search: 'design', location: 'Oslo' }), filters: {}, pinned: true, since };
const noContent = () => new Response(null, { status: 204 });

/** The /jobs parts that use the pinned searches, sharing one state as JobSearchView does. */
function JobsParts({ search }: { search: Parameters<typeof SaveSearchButton>[0]['search'] }) {
  const pinned = usePinnedSearches();
  return (
    <>
      <PinnedSearchChips pinned={pinned} />
      <SaveSearchButton search={search} pinned={pinned} />
    </>
  );
}

describe('SavedSearches panel', () => {
  it('lists the pinned searches with "N new since" from one jobs/count/bulk call', async () => {
    const { api, sent } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [frontendDk, designOslo] }),
      'POST jobs/count/bulk': () => jsonAnswer({ result: [{ key: frontendDk.key, count: 3 }, { key: designOslo.key, count: 2000 }] }),
    });
    renderSearchPage(<SavedSearches />, { user: talent, api });
    const panel = screen.getByRole('region', { name: 'Saved searches' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(panel).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'frontend · Denmark · 1 filter' }).getAttribute('href')).toBe('/jobs?search=frontend&countryCode=DK&categories=frontend');
    await waitFor(() => expect(first!.textContent).toContain('3 new since 10 November 2026'));
    expect(second!.textContent).toContain('2,000+ new since 10 November 2026');
    expect(within(second!).getByRole('link', { name: 'design · Oslo' }).getAttribute('href')).toBe('/jobs?search=design&city=Oslo');
    expect(sent('POST jobs/count/bulk')).toEqual([
      {
        items: [
          { key: frontendDk.key, filters: { categories: ['frontend'] }, since },
          { key: designOslo.key, filters: {}, since },
        ],
      },
    ]);
  });

  it('opens a search: the link goes there and its since moves to now (PATCH), so it shows 0 new', async () => {
    const { api, sent } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [frontendDk] }),
      'POST jobs/count/bulk': () => jsonAnswer({ result: [{ key: frontendDk.key, count: 3 }] }),
      'PATCH job-search/11': () => jsonAnswer({ ...frontendDk, since: new Date().toISOString() }),
    });
    const view = renderSearchPage(<SavedSearches />, { user: talent, api, path: '/jobs?x=1' });
    const link = await screen.findByRole('link', { name: 'frontend · Denmark · 1 filter' });
    await waitFor(() => expect(screen.getByText(/^3 new since/)).toBeTruthy());
    const before = Date.now();
    fireEvent.click(link);
    await waitFor(() => expect(view.where()).toBe('/jobs?search=frontend&countryCode=DK&categories=frontend'));
    await waitFor(() => expect(sent('PATCH job-search/11')).toHaveLength(1));
    const patched = sent('PATCH job-search/11')[0] as { since: string };
    expect(Date.parse(patched.since)).toBeGreaterThanOrEqual(before);
    expect(screen.getByText(/^0 new since/)).toBeTruthy();
  });

  it('unpins at once with DELETE, and a failed delete is ignored (spec 8)', async () => {
    const { api, calls } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [frontendDk, designOslo] }),
      'POST jobs/count/bulk': () => jsonAnswer({ result: [] }),
      'DELETE job-search/11': () => jsonAnswer({ message: 'Boom' }, 500),
    });
    renderSearchPage(<SavedSearches />, { user: talent, api });
    fireEvent.click(await screen.findByRole('button', { name: 'Unpin frontend · Denmark · 1 filter' }));
    expect(screen.queryByRole('link', { name: 'frontend · Denmark · 1 filter' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/job-search/11']));
    expect(screen.getByRole('link', { name: 'design · Oslo' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how to save a search when there is none, and offers a retry when the list fails', async () => {
    let fail = true;
    const { api } = accountApi({
      'GET job-search': () => (fail ? jsonAnswer({ message: 'Boom' }, 500) : jsonAnswer({ searches: [] })),
    });
    renderSearchPage(<SavedSearches heading="Your searches" />, { user: talent, api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your saved searches could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const panel = screen.getByRole('region', { name: 'Your searches' });
    await waitFor(() => expect(panel.textContent).toContain('No saved searches yet.'));
    expect(within(panel).getByRole('link', { name: 'Find jobs' }).getAttribute('href')).toBe('/jobs');
  });
});

describe('Save this search and the pinned chips on /jobs', () => {
  const search = { search: 'frontend', countryCode: 'DK' };

  it('is offered only for a search with text or a location (spec 5)', () => {
    const { api } = accountApi({ 'GET job-search': () => jsonAnswer({ searches: [] }) });
    renderSearchPage(<JobsParts search={{ countryCode: 'DK', categories: ['frontend'] }} />, { user: talent, api });
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
    cleanup();
    renderSearchPage(<JobsParts search={{ city: 'Aarhus' }} />, { user: talent, api });
    expect(screen.getByRole('button', { name: 'Save this search' })).toBeTruthy();
  });

  it('pins the search (POST job-search with key, filters and since); the chip appears and the button is pressed', async () => {
    const { api, sent } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [] }),
      'POST job-search': (call) => jsonAnswer({ id: 21, pinned: true, ...(call.json as object) }, 201),
    });
    renderSearchPage(<JobsParts search={{ ...search, categories: ['frontend'], sort: 'newest' }} />, { user: talent, api });
    const button = screen.getByRole('button', { name: 'Save this search' }) as HTMLButtonElement;
    // Disabled until the pinned searches are known, so a click cannot pin what is pinned already.
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search saved' }).getAttribute('aria-pressed')).toBe('true'));
    const [body] = sent('POST job-search') as { key: string; filters: unknown; since: string }[];
    expect(body).toMatchObject({ key: '{"search":"frontend","countryCode":"DK"}', filters: { categories: ['frontend'], sort: 'newest' } });
    expect(Math.abs(Date.parse(body!.since) - Date.now())).toBeLessThan(5000);
    const chips = screen.getByRole('navigation', { name: 'Pinned searches' });
    expect(within(chips).getByRole('link', { name: 'frontend · Denmark · 1 filter' })).toBeTruthy();
  });

  it('shows the server refusal (the pin limit) next to the button', async () => {
    const { api } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [] }),
      'POST job-search': () => jsonAnswer({ message: 'You can pin up to 20 searches. Unpin one to pin another.', code: 'E_CONFLICT' }, 409),
    });
    renderSearchPage(<JobsParts search={search} />, { user: talent, api });
    const button = screen.getByRole('button', { name: 'Save this search' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const message = await screen.findByText('You can pin up to 20 searches. Unpin one to pin another.');
    expect(message.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Save this search' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows pinned searches as chips with "N new", and a pressed button for the search already pinned; pressing it unpins', async () => {
    const { api, calls } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [frontendDk, designOslo] }),
      'POST jobs/count/bulk': () => jsonAnswer({ result: [{ key: frontendDk.key, count: 1 }, { key: designOslo.key, count: 0 }] }),
      'DELETE job-search/11': noContent,
    });
    renderSearchPage(<JobsParts search={{ ...search, categories: ['frontend'] }} />, { user: talent, api });
    const chips = await screen.findByRole('navigation', { name: 'Pinned searches' });
    await waitFor(() => expect(within(chips).getByRole('link', { name: 'frontend · Denmark · 1 filter 1 new' })).toBeTruthy());
    expect(within(chips).getByRole('link', { name: 'design · Oslo' })).toBeTruthy();
    const pressed = screen.getByRole('button', { name: 'Search saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    expect(screen.getByRole('button', { name: 'Save this search' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(chips).queryByRole('link', { name: /frontend/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/job-search/11')).toBe(true));
  });

  it('unpins from a chip with its × button', async () => {
    const { api, calls } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [designOslo] }),
      'POST jobs/count/bulk': () => jsonAnswer({ result: [{ key: designOslo.key, count: 4 }] }),
      'DELETE job-search/12': noContent,
    });
    renderSearchPage(<JobsParts search={search} />, { user: talent, api });
    fireEvent.click(await screen.findByRole('button', { name: 'Unpin design · Oslo' }));
    expect(screen.queryByRole('navigation', { name: 'Pinned searches' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/job-search/12')).toBe(true));
  });

  it('asks a visitor to sign in, then pins the search once they are back, with no second click', async () => {
    const { api, sent, calls } = accountApi({
      'GET job-search': () => jsonAnswer({ searches: [] }),
      'POST job-search': (call) => jsonAnswer({ id: 31, pinned: true, ...(call.json as object) }, 201),
    });
    const view = renderSearchPage(<JobsParts search={search} />, { user: null, api, path: '/jobs?search=frontend&countryCode=DK', signsIn: talent });
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(view.opened).toEqual([{ step: 'signin' }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search saved' })).toBeTruthy());
    expect(sent('POST job-search')).toHaveLength(1);
    expect(sent('POST job-search')[0]).toMatchObject({ key: '{"search":"frontend","countryCode":"DK"}', filters: {} });
    // The intent left the URL (replace), so a reload or Back does not pin again.
    expect(view.where()).toBe('/jobs?search=frontend&countryCode=DK');
  });
});
