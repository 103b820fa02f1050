/** @jsxImportSource preact */
/**
 * The home of a white-label feed: heading, search form, count, results and their pages. Without
 * JavaScript the form is a GET to '/' that the server answers, and the pages are links to
 * '/?search=…&page=N' (sdk paths.whiteLabelHome) that it answers too; hydrated, the results follow
 * the field as you type (page 1 of GET /api/v2/jobs with the feed's filters, no page load), the
 * address keeps ?search= in step (history.replaceState), and a failed call hands the next submit
 * back to the browser.
 */
import { paths } from '@nordlys/sdk/routes';
import { useEffect, useRef, useState } from 'preact/hooks';
import { countLabel } from '@nordlys/sdk/format';
import type { JobList as JobListAnswer } from '@nordlys/sdk/schemas';
import { log } from '../log';
import { JobList, listJob, Pagination, type ListJob } from './layout';

/** The GET /v2/jobs query of the feed, without the search text: what the server searched with. */
export type FeedSearchQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface FeedSearchProps {
  feedName: string;
  jobs: ListJob[];
  /** How many jobs match in all. */
  total: number;
  /** This page of the results (1 is the first), and how many there are. */
  page: number;
  pages: number;
  /** The search the jobs answer ('' for none). */
  search: string;
  query: FeedSearchQuery;
  /** The main site, for company logos. */
  imageBase: string;
  /** The clock of "3 days ago", as the server read it (ISO). */
  now: string;
}

/** Typing pauses this long before a search goes out. */
export const SEARCH_DELAY = 250;
const MAX_SEARCH = 200;

/** The query string of a feed search: lists comma-joined, empty values left out. */
export function searchParams(query: FeedSearchQuery, search: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, search })) {
    const text = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
    if (text) params.set(key, text);
  }
  return params;
}

export const pageTitle = (search: string, feedName: string) => (search ? `“${search}” – ${feedName}` : feedName);

interface Results {
  search: string;
  jobs: ListJob[];
  total: number;
  page: number;
  pages: number;
}

export function FeedSearch({ feedName, jobs, total, page, pages, search, query, imageBase, now }: FeedSearchProps) {
  const [text, setText] = useState(search);
  const [results, setResults] = useState<Results>({ search, jobs, total, page, pages });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | undefined>(undefined);
  const wanted = useRef(search);

  const run = (value: string) => {
    const next = value.trim().slice(0, MAX_SEARCH);
    clearTimeout(timer.current);
    if (next === wanted.current) return;
    wanted.current = next;
    pending.current?.abort();
    const controller = (pending.current = new AbortController());
    setBusy(true);
    // A new search starts on its first page; the page links go on from there.
    const url = new URL(`/api/v2/jobs?${searchParams({ ...query, page: 1 }, next)}`, location.href);
    fetch(url, { signal: controller.signal, credentials: 'omit', headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<JobListAnswer>) : Promise.reject(new Error(`GET /api/v2/jobs answered ${res.status}`))))
      .then(
        (list) => {
          if (controller.signal.aborted) return;
          setResults({ search: next, jobs: list.jobs.map(listJob), total: list.total, page: 1, pages: list.pages });
          setBusy(false);
          setFailed(false);
          history.replaceState(history.state, '', paths.whiteLabelHome({ search: next }));
          document.title = pageTitle(next, feedName);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          log.error('could not search the feed:', error);
          // The next Search press goes to the server, as without JavaScript.
          wanted.current = results.search;
          setBusy(false);
          setFailed(true);
        },
      );
  };

  useEffect(() => () => (clearTimeout(timer.current), pending.current?.abort()), []);

  const onInput = (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => run(value), SEARCH_DELAY);
  };
  const onSubmit = (event: Event) => {
    if (failed) return;
    event.preventDefault();
    // The field itself, not state: Enter may come before the re-render of the last keystroke.
    run(((event.currentTarget as HTMLFormElement).elements.namedItem('search') as HTMLInputElement).value);
  };

  const shown = results.search;
  // The position of this page's first job, for "Showing 21–40 of 278 jobs".
  const first = (results.page - 1) * (Number(query.pageSize) || results.jobs.length) + 1;
  return (
    <>
      <h1>{shown ? `Jobs matching “${shown}”` : 'Open jobs'}</h1>
      <form class="search" role="search" method="get" action="/" onSubmit={onSubmit}>
        <label for="search">Search jobs</label>
        <input
          id="search"
          type="search"
          name="search"
          value={text}
          maxLength={MAX_SEARCH}
          autoComplete="off"
          placeholder="Title, skill or company"
          onInput={onInput}
        />
        <button type="submit">Search</button>
      </form>
      {failed ? (
        <p class="notice" role="alert">
          We couldn't update the results. Press Search to try again.
        </p>
      ) : null}
      <div class="results" aria-busy={busy ? 'true' : 'false'}>
        {results.jobs.length ? (
          <>
            <p class="count" role="status">
              {results.page > 1
                ? `Showing ${first}–${first + results.jobs.length - 1} of ${countLabel(results.total, 'job')}`
                : results.jobs.length < results.total
                  ? `Showing ${results.jobs.length} of ${countLabel(results.total, 'job')}`
                  : countLabel(results.total, 'job')}
            </p>
            {/* Titles are h2: the list sits right under the page's h1. */}
            <JobList jobs={results.jobs} showCompany imageBase={imageBase} now={new Date(now)} headingLevel={2} />
            <Pagination
              page={results.page}
              pages={results.pages}
              label="Pages of jobs"
              href={(p) => paths.whiteLabelHome({ search: results.search || undefined, page: p })}
            />
          </>
        ) : (
          <div class="empty" role="status">
            {shown ? (
              <>
                <p>
                  <strong>No jobs match “{shown}”.</strong>
                </p>
                <p>
                  Try fewer or other words, or <a href={paths.whiteLabelHome()}>see all jobs</a>.
                </p>
              </>
            ) : (
              <>
                <p>
                  <strong>There are no open jobs in this feed right now.</strong>
                </p>
                <p>Check back soon: new jobs are added every week.</p>
              </>
            )}
          </div>
        )}
      </div>
    </>
  );
}
