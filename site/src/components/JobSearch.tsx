/** The job search page body shared by /jobs and /jobs/location/…: the filter form, the count, the list, paging. */
import { paths } from '@nordlys/sdk/routes';
import { countLabel } from '@nordlys/sdk/format';
import { JOB_SORTS, SEARCH_COUNTRIES } from '@nordlys/sdk/constants';
import { categorySections, POSITION_TYPES } from '@nordlys/sdk/vocabulary';
import type { JobList as JobListAnswer, JobSummary } from '@nordlys/sdk/schemas';
import type { FormEvent } from 'react';
import { Form, useLocation, useNavigate, useNavigation } from 'react-router';
import { Link } from '../lib/Link';
import { hasActiveFilters, jobFiltersHref, parseJobFilters, type JobFilters } from '../lib/jobFilters';
import { searchFeeds } from '../lib/jobSearch';
import { usePinnedSearches } from '../lib/pinnedSearches';
import { useRecentSearches, type RecentSearches } from '../lib/recentSearches';
import { Icon } from './Icon';
import { EmptyState, JobList, JobListSkeleton } from './JobList';
import { Pagination } from './Pagination';
import { CountryField } from './CountryField';
import { PinnedSearchChips, SaveSearchButton } from './SavedSearches';
import { SearchTextField } from './SearchTextField';

/** spec 3: the categories in their selection groups; categories without a group come last (sdk vocabulary). */
export const CATEGORY_SECTIONS = categorySections();

/** The search form: a real GET form, so it works before (and without) JavaScript. */
/**
 * The sort the form shows when the URL has none. The server sorts by relevance when there is search
 * text and by date otherwise, which is what "most relevant" means without keywords.
 */
const DEFAULT_SORT = 'relevance';

/**
 * With JavaScript, a job search form goes to the tidy URL of the same search (no empty fields, no
 * default sort); without it, the browser submits the form as it is and the loader reads it the same.
 */
export function useJobSearchSubmit() {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') query.append(key, value);
    const next = parseJobFilters(query);
    if (next.sort === DEFAULT_SORT) delete next.sort;
    void navigate(jobFiltersHref(paths.jobs(), next));
  };
}

export function JobSearchForm({ filters, recent }: { filters: JobFilters; recent?: RecentSearches }) {
  const location = useLocation();
  const onSubmit = useJobSearchSubmit();
  const selected = new Set<string>(filters.categories ?? []);
  const types = new Set<string>(filters.positionTypes ?? []);
  const sort = filters.sort ?? DEFAULT_SORT;
  return (
    // Remount when the URL changes so the back button restores what the fields show.
    <Form
      key={location.search + location.pathname}
      method="get"
      action={paths.jobs()}
      className="job-search"
      role="search"
      aria-label="Job search"
      onSubmit={onSubmit}
    >
      <div className="job-search__bar">
        <div className="field job-search__text">
          <label htmlFor="job-search">Keywords</label>
          <SearchTextField
            id="job-search"
            name="search"
            defaultValue={filters.search ?? ''}
            placeholder="Job title, skill or startup"
            maxLength={200}
            recent={recent}
          />
        </div>
        <CountryField id="job-country" label="Country" countries={SEARCH_COUNTRIES} defaultValue={filters.countryCode ?? ''} />
        <div className="field">
          <label htmlFor="job-city">City</label>
          <input
            id="job-city"
            type="text"
            name="city"
            defaultValue={filters.city ?? ''}
            placeholder="Any city"
            autoComplete="address-level2"
            maxLength={100}
          />
        </div>
        <button type="submit" className="button button--primary job-search__submit">
          <Icon name="search" /> Search
        </button>
      </div>

      <div className="job-search__more">
        <fieldset className="check-group">
          <legend>Position type</legend>
          <div className="check-group__options">
            {POSITION_TYPES.map((p) => (
              <label key={p.value} className="check">
                <input type="checkbox" name="positionTypes" value={p.value} defaultChecked={types.has(p.value)} />
                {p.text}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field field--inline">
          <label htmlFor="job-sort">Sort by</label>
          <select id="job-sort" name="sort" defaultValue={sort}>
            {JOB_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.text}
              </option>
            ))}
          </select>
        </div>
      </div>

      <details className="category-filter">
        <summary>
          Categories{selected.size ? <span className="count-badge">{selected.size} selected</span> : null}
        </summary>
        <div className="category-filter__groups">
          {CATEGORY_SECTIONS.map((section) => (
            <fieldset key={section.label} className="check-group">
              <legend>{section.label}</legend>
              {section.categories.map((c) => (
                <label key={c.value} className="check">
                  <input type="checkbox" name="categories" value={c.value} defaultChecked={selected.has(c.value)} />
                  <span className="check__dot" style={{ background: c.color }} aria-hidden="true" />
                  {c.text}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
      </details>
    </Form>
  );
}

export interface JobSearchViewProps {
  heading: string;
  lead?: string;
  /** Every filter applied, including the ones the path fixes (a location page's country and city). */
  filters: JobFilters;
  /** The filters carried in the query of `basePath` (paging keeps them). */
  queryFilters: JobFilters;
  basePath: string;
  result: JobListAnswer;
  featured: readonly JobSummary[];
}

export function JobSearchView({ heading, lead, filters, queryFilters, basePath, result, featured }: JobSearchViewProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Skeleton while this same page loads other results (a new search or page).
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const active = hasActiveFilters(filters);
  const page = result.page || 1;
  const pastTheEnd = result.jobs.length === 0 && result.total > 0;
  // Issue #14: the search without its page is what is pinned, remembered and offered as feeds.
  const { page: _page, ...search } = filters;
  const pinned = usePinnedSearches();
  const recent = useRecentSearches(search);

  return (
    <div className="container page">
      <header className="page-head">
        <h1>{heading}</h1>
        {lead ? <p className="page-head__lead">{lead}</p> : null}
      </header>

      <JobSearchForm filters={filters} recent={recent} />

      <PinnedSearchChips pinned={pinned} />

      {featured.length ? (
        <section className="featured" aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured jobs</h2>
          <JobList jobs={featured} />
        </section>
      ) : null}

      <section className="job-results" aria-labelledby="results-heading">
        <div className="job-results__head">
          <h2 id="results-heading">{countLabel(result.total, 'job', 'jobs', { exact: result.totalExact })}</h2>
          <div className="job-results__actions">
            <SaveSearchButton search={search} pinned={pinned} />
            {active ? (
              <Link to={paths.jobs()} className="link-button">
                <Icon name="close" /> Clear filters
              </Link>
            ) : null}
          </div>
        </div>

        {result.fuzzy && result.jobs.length ? (
          <p className="job-results__note" role="note">
            {`No job matched every word of “${filters.search ?? ''}”. These jobs have similar titles.`}
          </p>
        ) : null}

        {loading ? (
          <JobListSkeleton />
        ) : result.jobs.length ? (
          <JobList jobs={result.jobs} />
        ) : pastTheEnd ? (
          <EmptyState title="No more jobs here">
            <p>This page is past the last page of results.</p>
            <Link to={jobFiltersHref(basePath, queryFilters, { page: undefined })} className="button button--primary">
              Go to the first page
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No jobs match your search">
            {active ? (
              <>
                <p>Try fewer filters, another city or country, or a broader keyword.</p>
                <Link to={paths.jobs()} className="button button--primary">
                  Clear all filters
                </Link>
              </>
            ) : (
              <p>No jobs are open right now. Check back soon.</p>
            )}
          </EmptyState>
        )}

        <Pagination
          page={page}
          pages={result.pages}
          label="Result pages"
          href={(p) => jobFiltersHref(basePath, queryFilters, { page: p })}
        />

        <SearchFeedLinks filters={filters} />
      </section>
    </div>
  );
}

/** Issue #14: this search as RSS, Atom and JSON Feed, for feed readers (the same links sit in the page's head). */
export function SearchFeedLinks({ filters }: { filters: JobFilters }) {
  return (
    <p className="search-feeds">
      <span>Follow this search in a feed reader:</span>{' '}
      {searchFeeds(filters).map((feed, i) => (
        <span key={feed.format}>
          {i > 0 ? ' · ' : null}
          {/* A document for feed readers, not a page of the site: a plain link. */}
          <a href={feed.href} type={feed.type}>
            {feed.name}
            <span className="visually-hidden"> feed of this search</span>
          </a>
        </span>
      ))}
    </p>
  );
}
