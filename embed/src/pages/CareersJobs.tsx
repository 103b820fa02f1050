/** @jsxImportSource preact */
/**
 * The open positions of a careers home (spec 2.7, careers layout), with filters by category and
 * location over the listed jobs. Without JavaScript the filters are a GET form to '/' with a submit
 * button (?category=…&location=…), which the server answers with the list filtered; hydrated, the
 * list follows each choice at once and the URL keeps it (history.replaceState).
 */
import { useState } from 'preact/hooks';
import { CATEGORIES } from '@nordlys/sdk/constants';
import { countLabel } from '@nordlys/sdk/format';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { JobList, type ListJob } from './layout';
import { jobsPath, paths } from '@nordlys/sdk/routes';

export interface CareersJobsProps {
  companyName: string;
  /** The startup's active jobs. */
  jobs: ListJob[];
  /** The main site: images and the "browse other jobs" link. */
  canonicalOrigin: string;
  /** The clock of "3 days ago", as the server read it (ISO), so hydration prints the same text. */
  now: string;
  /** The filters the page was asked with (readFilters), so hydration starts from the server's list. */
  filters?: JobFilters;
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

/** The filters of a page's query, each only when a listed job has it (anything else counts as no filter). */
export function readFilters(query: { category?: string | null; location?: string | null }, jobs: readonly ListJob[]): JobFilters {
  const { categories, locations } = filterChoices(jobs);
  return {
    category: categories.some((c) => c.value === query.category) ? query.category! : '',
    location: query.location && locations.includes(query.location) ? query.location : '',
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

export function CareersJobs({ companyName, jobs, canonicalOrigin, now, filters: given = NONE }: CareersJobsProps) {
  const [filters, setFilters] = useState(given);
  const { categories, locations } = filterChoices(jobs);

  const update = (next: JobFilters) => {
    setFilters(next);
    history.replaceState(history.state, '', `${location.pathname}${filtersQuery(next)}${location.hash}`);
  };

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
  /** A link to the unfiltered page, which clears in place once hydrated. */
  const clear = (event: Event) => {
    event.preventDefault();
    update(NONE);
  };
  return (
    <section aria-labelledby="open-jobs">
      <h2 id="open-jobs">Open positions</h2>
      {categories.length > 1 || locations.length > 1 ? (
        // The choices apply as they change once hydrated; the button sends the form without JavaScript.
        <form class="filters" aria-label="Filter jobs" method="get" action={paths.careersHome()} onSubmit={(e) => e.preventDefault()}>
          {categories.length > 1 ? (
            <p>
              <label for="filter-category">Category</label>
              <select id="filter-category" name="category" value={filters.category} onChange={(e) => update({ ...filters, category: e.currentTarget.value })}>
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
              <select id="filter-location" name="location" value={filters.location} onChange={(e) => update({ ...filters, location: e.currentTarget.value })}>
                <option value="">All locations</option>
                {locations.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </p>
          ) : null}
          <p>
            <button type="submit" class="button">
              Show jobs
            </button>
          </p>
          {filtered ? (
            <p>
              <a class="clear" href={paths.careersHome()} onClick={clear}>
                Clear filters
              </a>
            </p>
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
            <a href={paths.careersHome()} onClick={clear}>
              Show all {countLabel(jobs.length, 'job')}
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
