/** @jsxImportSource preact */
/**
 * The open positions of a careers home (spec 2.7, careers layout). The server renders the whole
 * list; hydrated, it gains filters by category and location over the listed jobs, kept in the URL
 * (?category=…&location=…) with history.replaceState. No filter control exists without JavaScript.
 */
import { useEffect, useState } from 'preact/hooks';
import { CATEGORIES } from '@nordlys/sdk/constants';
import { countLabel } from '@nordlys/sdk/format';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { JobList, type ListJob } from './layout';
import { jobsPath } from '@nordlys/sdk/routes';

export interface CareersJobsProps {
  companyName: string;
  /** The startup's active jobs. */
  jobs: ListJob[];
  /** The main site: images and the "browse other jobs" link. */
  canonicalOrigin: string;
  /** The clock of "3 days ago", as the server read it (ISO), so hydration prints the same text. */
  now: string;
}

export interface JobFilters {
  category: string;
  location: string;
}

const NONE: JobFilters = { category: '', location: '' };

/** The categories and locations the listed jobs have, in the spec's category order and by name. */
export function filterChoices(jobs: readonly ListJob[]) {
  return {
    categories: CATEGORIES.filter((c) => jobs.some((job) => job.categories.includes(c.value))),
    locations: [...new Set(jobs.map(locationDisplay).filter(Boolean))].sort(),
  };
}

export function applyFilters(jobs: readonly ListJob[], f: JobFilters): ListJob[] {
  return jobs.filter((job) => (!f.category || job.categories.includes(f.category)) && (!f.location || locationDisplay(job) === f.location));
}

/** The filters as the page's query string ('' for none). */
export function filtersQuery(f: JobFilters): string {
  const q = new URLSearchParams();
  if (f.category) q.set('category', f.category);
  if (f.location) q.set('location', f.location);
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function CareersJobs({ companyName, jobs, canonicalOrigin, now }: CareersJobsProps) {
  const [browser, setBrowser] = useState(false);
  const [filters, setFilters] = useState(NONE);
  const { categories, locations } = filterChoices(jobs);

  const update = (next: JobFilters) => {
    setFilters(next);
    history.replaceState(history.state, '', `${location.pathname}${filtersQuery(next)}${location.hash}`);
  };

  useEffect(() => {
    // After hydration (which must match the server's unfiltered list): take the filters from the URL.
    const q = new URLSearchParams(location.search);
    const category = q.get('category') ?? '';
    const place = q.get('location') ?? '';
    setFilters({
      category: categories.some((c) => c.value === category) ? category : '',
      location: locations.includes(place) ? place : '',
    });
    setBrowser(true);
  }, []);

  if (!jobs.length) {
    return (
      <section aria-labelledby="open-jobs">
        <h2 id="open-jobs">Open positions</h2>
        <div class="empty">
          <p>
            <strong>{companyName} has no open positions right now.</strong>
          </p>
          <p>
            Check back soon, or <a href={canonicalOrigin + jobsPath()}>browse other Nordic startup jobs</a>.
          </p>
        </div>
      </section>
    );
  }

  const shown = applyFilters(jobs, filters);
  const filtered = Boolean(filters.category || filters.location);
  const clear = () => update(NONE);
  return (
    <section aria-labelledby="open-jobs">
      <h2 id="open-jobs">Open positions</h2>
      {browser && (categories.length > 1 || locations.length > 1) ? (
        <form class="filters" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()}>
          {categories.length > 1 ? (
            <p>
              <label for="filter-category">Category</label>
              <select id="filter-category" value={filters.category} onChange={(e) => update({ ...filters, category: e.currentTarget.value })}>
                <option value="">All categories</option>
                {categories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.text}
                  </option>
                ))}
              </select>
            </p>
          ) : null}
          {locations.length > 1 ? (
            <p>
              <label for="filter-location">Location</label>
              <select id="filter-location" value={filters.location} onChange={(e) => update({ ...filters, location: e.currentTarget.value })}>
                <option value="">All locations</option>
                {locations.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </p>
          ) : null}
          {filtered ? (
            <button type="button" class="link-button" onClick={clear}>
              Clear filters
            </button>
          ) : null}
        </form>
      ) : null}
      <p class="count" role="status">
        {filtered ? `Showing ${shown.length} of ${countLabel(jobs.length, 'job')}` : countLabel(jobs.length, 'job')}
      </p>
      {shown.length ? (
        <JobList jobs={shown} imageBase={canonicalOrigin} now={new Date(now)} />
      ) : (
        <div class="empty">
          <p>
            <strong>No jobs match these filters.</strong>
          </p>
          <p>
            <button type="button" class="link-button" onClick={clear}>
              Show all {countLabel(jobs.length, 'job')}
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
