/**
 * The board's filters (issue #13, ui.md "Filters"): the job (on the all-jobs board), the stage, the
 * least rating and a search box. They live in the URL; with JavaScript each applies as it changes
 * (typing is debounced), without it the form submits as a GET.
 */
import { RATING_MAX, RATING_MIN, type BoardColumn } from '@nordlys/sdk/pipeline';
import type { ApplicantList } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { domId } from '../../lib/domId';
import { SEARCH_MAX, type BoardFilters } from './filters';

/** How long typing rests before the search applies. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FilterBarProps {
  filters: BoardFilters;
  columns: readonly BoardColumn[];
  /** The company's jobs with applications; null on a one-job board (no job filter). */
  jobs: ApplicantList['jobs'] | null;
  /** Other query values the page keeps (e.g. `tab`), sent along without JavaScript. */
  keep?: Record<string, string>;
  /** `replace`: typing, which should not fill the history. */
  onChange(filters: BoardFilters, options: { replace: boolean }): void;
}

const RATING_OPTIONS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
  const n = RATING_MIN + i;
  return { value: String(n), text: n === RATING_MAX ? `${n} stars` : `${n}+ stars` };
});

function FilterSelect({ id, name, label, value, onChange, placeholder, options }: { id: string; name: string; label: string; value: string; onChange(value: string): void; placeholder: string; options: readonly { value: string; text: string }[] }) {
  return (
    <div className="field form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="form-input form-select" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterBar({ filters, columns, jobs, keep = {}, onChange }: FilterBarProps) {
  // One board, so one filter bar, per page.
  const id = domId('board-filters');
  const [text, setText] = useState(filters.search ?? '');
  // The search this form last sent; a different one in the URL (back button) replaces the box's text.
  const sent = useRef(filters.search ?? '');
  const latest = useRef(filters);
  latest.current = filters;

  if ((filters.search ?? '') !== sent.current) {
    sent.current = filters.search ?? '';
    setText(filters.search ?? '');
  }

  useEffect(() => {
    const value = text.trim().slice(0, SEARCH_MAX);
    if (value === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = value;
      onChange({ ...latest.current, search: value || undefined }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typing alone starts the wait
  }, [text]);

  const set = (name: 'job' | 'stage' | 'rating') => (value: string) => {
    const next: BoardFilters = { ...filters, search: text.trim() || undefined };
    if (name === 'stage') next.stage = value || undefined;
    else next[name] = value ? Number(value) : undefined;
    sent.current = next.search ?? '';
    onChange(next, { replace: false });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim().slice(0, SEARCH_MAX);
    sent.current = value;
    onChange({ ...filters, search: value || undefined }, { replace: false });
  };

  const active = Boolean(filters.job || filters.stage || filters.rating || filters.search);

  return (
    <form className="board-filters" role="search" aria-label="Filter applicants" method="get" onSubmit={onSubmit}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field board-filters__search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          name="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder="Name, e-mail, headline or note"
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      {jobs ? (
        <FilterSelect
          id={`${id}-job`}
          name="job"
          label="Job"
          value={filters.job ? String(filters.job) : ''}
          onChange={set('job')}
          placeholder="All jobs"
          options={jobs.map((job) => ({ value: String(job.id), text: `${job.title} (${job.applications})` }))}
        />
      ) : null}
      <FilterSelect
        id={`${id}-stage`}
        name="stage"
        label="Stage"
        value={filters.stage ?? ''}
        onChange={set('stage')}
        placeholder="All stages"
        options={columns.map((column) => ({ value: column.key, text: column.label }))}
      />
      <FilterSelect id={`${id}-rating`} name="rating" label="Rating" value={filters.rating ? String(filters.rating) : ''} onChange={set('rating')} placeholder="Any rating" options={RATING_OPTIONS} />
      <div className="board-filters__buttons">
        <button type="submit" className="button button--ghost">
          Search
        </button>
        {active ? (
          <button
            type="button"
            className="text-button"
            onClick={() => {
              sent.current = '';
              setText('');
              onChange(jobs ? {} : { job: filters.job }, { replace: false });
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}
