// @vitest-environment happy-dom
import { SEARCH_HISTORY_STORAGE_KEY } from '@nordlys/sdk/search-history';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobFilters } from '../lib/jobFilters';
import { useRecentSearches } from '../lib/recentSearches';
import { accountApi } from '../modals/test-helpers';
import { memoryStorage, renderSearchPage } from '../testing/searches';
import { SearchTextField } from './SearchTextField';

afterEach(cleanup);

/** The Keywords field as the search form renders it, with the recent searches of `storage`, recording `current`. */
function Field({ current, storage }: { current: JobFilters | null; storage: ReturnType<typeof memoryStorage> }) {
  const recent = useRecentSearches(current, storage);
  return (
    <form role="search">
      <label htmlFor="job-search">Keywords</label>
      <SearchTextField id="job-search" name="search" defaultValue={current?.search ?? ''} placeholder="Job title" maxLength={200} recent={recent} />
    </form>
  );
}

/** Stored history entries, oldest last, each run `minutesAgo` minutes ago. */
function stored(entries: [key: Record<string, string>, filters: Record<string, unknown>, minutesAgo: number][]) {
  return memoryStorage({
    [SEARCH_HISTORY_STORAGE_KEY]: JSON.stringify(
      entries.map(([key, filters, minutesAgo]) => ({ key: JSON.stringify(key), filters, since: new Date(Date.now() - minutesAgo * 60_000).toISOString() })),
    ),
  });
}

const render = (current: JobFilters | null, storage: ReturnType<typeof memoryStorage>) =>
  renderSearchPage(<Field current={current} storage={storage} />, { user: null, api: accountApi().api, path: '/jobs' });

describe('Recent searches under the Keywords field (spec 9)', () => {
  it('is a plain search field while there is no history, and records a search with text or a location', () => {
    const storage = memoryStorage();
    render({ countryCode: 'DK' }, storage);
    const field = screen.getByLabelText('Keywords');
    expect(field.getAttribute('role')).toBeNull();
    expect(storage.data.size).toBe(0);
    cleanup();
    render({ search: 'frontend', countryCode: 'DK', categories: ['frontend'] }, storage);
    expect(JSON.parse(storage.data.get(SEARCH_HISTORY_STORAGE_KEY)!)).toEqual([
      { key: '{"search":"frontend","countryCode":"DK"}', filters: { categories: ['frontend'] }, since: expect.any(String) },
    ]);
  });

  it('lists recent searches newest first when the field gets focus, as a combobox with a listbox', () => {
    render(null, stored([[{ search: 'backend' }, {}, 5], [{ search: 'frontend', countryCode: 'DK' }, {}, 1], [{ location: 'Oslo' }, { positionTypes: ['PART_TIME'] }, 10]]));
    const field = screen.getByRole('combobox', { name: 'Keywords' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(field);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['frontend · Denmark', 'backend', 'Oslo · 1 filter']);
  });

  it('moves through the options with the arrow keys, opens one with Enter, and closes with Escape', async () => {
    const view = render(null, stored([[{ search: 'frontend', countryCode: 'DK' }, {}, 1], [{ search: 'backend' }, { categories: ['backend'] }, 5]]));
    const field = screen.getByRole('combobox', { name: 'Keywords' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(view.where()).toBe('/jobs?search=backend&categories=backend');
  });

  it('narrows the list to what is typed, and opens an option on click', () => {
    const view = render(null, stored([[{ search: 'frontend', countryCode: 'DK' }, {}, 1], [{ search: 'backend' }, {}, 5]]));
    const field = screen.getByRole('combobox', { name: 'Keywords' });
    fireEvent.change(field, { target: { value: 'BACK' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['backend']);
    fireEvent.change(field, { target: { value: 'nothing like it' } });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(field, { target: { value: 'den' } });
    fireEvent.click(screen.getByRole('option', { name: 'frontend · Denmark' }));
    expect(view.where()).toBe('/jobs?search=frontend&countryCode=DK');
  });

  it('clears the history with "Clear recent searches"', () => {
    const storage = stored([[{ search: 'frontend' }, {}, 1]]);
    render(null, storage);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Keywords' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(storage.data.has(SEARCH_HISTORY_STORAGE_KEY)).toBe(false);
    expect(screen.getByLabelText('Keywords').getAttribute('role')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
