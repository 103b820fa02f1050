/**
 * A startup's jobs as a table (issue #12, ui.md "Tables"): title, status, views, applicants, posted,
 * expires and boosted, sortable by column; a filter by status with counts (kept in the URL as
 * `?status=`); each row's actions from the status machine. Below about 760 px of width it turns
 * into cards, with a select to sort them.
 */
import type { JobStatus } from '@nordlys/sdk/constants';
import { exactDate, postedAt } from '@nordlys/sdk/dates';
import { formatCompact } from '@nordlys/sdk/format';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJobList, ManagedJobRow } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../lib/Link';
import { domId } from '../lib/domId';
import { JobActions, JobCommandMessages, useJobCommands, type ActionJob } from './JobActions';
import { JOB_STATUS_ORDER, JobStatusBadge } from './JobStatusBadge';
import { useNow } from './Now';
import { RelativeTime } from './RelativeTime';

export type SortKey = 'title' | 'status' | 'views' | 'applicants' | 'posted' | 'expires' | 'boosted';
export type SortDir = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  dir: SortDir;
}

interface Column {
  key: SortKey;
  label: string;
  /** The way a first click sorts, and the words of each way in the sort select. */
  first: SortDir;
  words: Record<SortDir, string>;
}

const COLUMNS: readonly Column[] = [
  { key: 'title', label: 'Title', first: 'asc', words: { asc: 'A to Z', desc: 'Z to A' } },
  { key: 'status', label: 'Status', first: 'asc', words: { asc: 'draft to expired', desc: 'expired to draft' } },
  { key: 'views', label: 'Views', first: 'desc', words: { desc: 'most first', asc: 'fewest first' } },
  { key: 'applicants', label: 'Applicants', first: 'desc', words: { desc: 'most first', asc: 'fewest first' } },
  { key: 'posted', label: 'Posted', first: 'desc', words: { desc: 'newest first', asc: 'oldest first' } },
  { key: 'expires', label: 'Expires', first: 'asc', words: { asc: 'soonest first', desc: 'latest first' } },
  { key: 'boosted', label: 'Boosted', first: 'desc', words: { desc: 'boosted first', asc: 'not boosted first' } },
];

/** The server's order (newest posted first) until a column is chosen. */
export const DEFAULT_SORT: Sort = { key: 'posted', dir: 'desc' };

const time = (iso: string | null): number | null => (iso ? Date.parse(iso) : null);

/** The value a row sorts by in a column; null sorts last whichever the direction. */
function sortValue(job: ManagedJobRow, key: SortKey, now: number): string | number | null {
  switch (key) {
    case 'title':
      return job.title.toLocaleLowerCase();
    case 'status':
      return JOB_STATUS_ORDER.indexOf(job.status);
    case 'views':
      return job.views;
    case 'applicants':
      return job.applicants;
    case 'posted':
      return Date.parse(postedAt(job));
    case 'expires':
      return time(job.expirationDate);
    case 'boosted': {
      const until = time(job.boostingExpiresAt);
      return until !== null && until > now ? until : null;
    }
  }
}

/**
 * The rows in a column's order (ties keep the newest first, then the higher id).
 * @example sortJobs(rows, { key: 'views', dir: 'desc' }, Date.now())
 */
export function sortJobs(jobs: readonly ManagedJobRow[], sort: Sort, now: number): ManagedJobRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return jobs.toSorted((a, b) => {
    const x = sortValue(a, sort.key, now);
    const y = sortValue(b, sort.key, now);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return Date.parse(postedAt(b)) - Date.parse(postedAt(a)) || b.id - a.id;
  });
}

/** Whether a job is boosted now (spec 4: while boostingExpiresAt is in the future). */
export const isBoosted = (job: { boostingExpiresAt: string | null }, now: Date) => job.boostingExpiresAt !== null && Date.parse(job.boostingExpiresAt) > now.getTime();

export interface JobsTableProps {
  companyKey: string;
  list: ManagedJobList;
  /** The status filter (`?status=`), null for every job. */
  status: JobStatus | null;
  /** The viewer's locale, for the counts. */
  locale: string;
  /** Where focus goes when a deleted draft's row is gone (the page's heading). */
  afterRemove?: () => void;
}

interface TableState {
  jobs: ManagedJobRow[];
  counts: Record<string, number>;
}

const stateOf = (list: ManagedJobList): TableState => ({ jobs: list.jobs, counts: { ...list.counts } });

export function JobsTable({ companyKey, list, status, locale, afterRemove }: JobsTableProps) {
  const navigate = useNavigate();
  const now = useNow();
  // Once per page (the startup's jobs).
  const sortId = domId('jobs-table', 'sort');
  const [state, setState] = useState<TableState>(() => stateOf(list));
  // A new answer (another filter, a revalidation) replaces what the page showed.
  const [shown, setShown] = useState(list);
  if (shown !== list) {
    setShown(list);
    setState(stateOf(list));
  }
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);

  const commands = useJobCommands({
    companyKey,
    navigate: (to) => void navigate(to),
    patch: (id, change) =>
      setState((current) => {
        const before = current.jobs.find((job) => job.id === id);
        if (!before) return current;
        const counts = { ...current.counts };
        if (change.status && change.status !== before.status) {
          counts[before.status] = Math.max(0, (counts[before.status] ?? 0) - 1);
          counts[change.status] = (counts[change.status] ?? 0) + 1;
        }
        return { counts, jobs: current.jobs.map((job) => (job.id === id ? { ...job, ...change } : job)) };
      }),
    removed: (id) => {
      setState((current) => {
        const gone = current.jobs.find((job) => job.id === id);
        const counts = { ...current.counts };
        if (gone) counts[gone.status] = Math.max(0, (counts[gone.status] ?? 0) - 1);
        return { counts, jobs: current.jobs.filter((job) => job.id !== id) };
      });
      requestAnimationFrame(() => afterRemove?.());
    },
  });

  const total = Object.values(state.counts).reduce((sum, n) => sum + n, 0);
  const rows = sortJobs(state.jobs, sort, now.getTime());
  const jobsPath = paths.companyAdmin(companyKey, 'jobs');

  const sortBy = (column: Column) =>
    setSort((current) => (current.key === column.key ? { key: column.key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key: column.key, dir: column.first }));

  return (
    <div className="jobs-table">
      <nav className="status-filter" aria-label="Filter jobs by status">
        <ul className="status-filter__list">
          <li>
            <Link to={jobsPath} className="status-filter__link" aria-current={status === null ? 'page' : undefined}>
              All <span className="status-filter__count">{total.toLocaleString(locale)}</span>
            </Link>
          </li>
          {JOB_STATUS_ORDER.filter((s) => (state.counts[s] ?? 0) > 0 || s === status).map((s) => (
            <li key={s}>
              <Link to={`${jobsPath}?status=${s}`} className="status-filter__link" aria-current={status === s ? 'page' : undefined}>
                {JOB_STATUS_DISPLAY[s].label} <span className="status-filter__count">{(state.counts[s] ?? 0).toLocaleString(locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <JobCommandMessages commands={commands} />

      {rows.length === 0 ? (
        total === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">No jobs yet</h2>
            <p>Post your first job: talent finds it in search, on your startup page, your widget and your career page.</p>
            <p className="empty-state__actions">
              <Link className="button button--primary" to={paths.companyNewJob(companyKey)}>
                Post a job
              </Link>
            </p>
          </div>
        ) : (
          <div className="empty-state">
            <h2 className="empty-state__title">No {status ? JOB_STATUS_DISPLAY[status].label.toLowerCase() : ''} jobs</h2>
            <p>None of your jobs has this status now.</p>
            <p className="empty-state__actions">
              <Link className="button button--ghost" to={jobsPath}>
                Show all jobs
              </Link>
            </p>
          </div>
        )
      ) : (
        <div className="data-table-wrap">
          <div className="data-table__sort field">
            <label htmlFor={sortId}>Sort by</label>
            <select
              id={sortId}
              className="form-input form-select"
              value={`${sort.key}:${sort.dir}`}
              onChange={(event) => {
                const [key, dir] = event.currentTarget.value.split(':') as [SortKey, SortDir];
                setSort({ key, dir });
              }}
            >
              {COLUMNS.flatMap((column) =>
                (column.first === 'asc' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((dir) => (
                  <option key={`${column.key}:${dir}`} value={`${column.key}:${dir}`}>
                    {column.label}, {column.words[dir]}
                  </option>
                )),
              )}
            </select>
          </div>
          <table className="data-table data-table--grouped jobs-table__table">
            <caption className="visually-hidden">
              {status ? `${JOB_STATUS_DISPLAY[status].label} jobs` : 'All jobs'}, sorted by {COLUMNS.find((c) => c.key === sort.key)!.label.toLowerCase()},{' '}
              {COLUMNS.find((c) => c.key === sort.key)!.words[sort.dir]}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.key === 'views' || column.key === 'applicants' ? 'data-table__num' : undefined}
                    aria-sort={sort.key === column.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(column)}>
                      {column.label}
                      <span className="sort-button__arrow" aria-hidden="true">
                        {sort.key === column.key ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            {/* One group per job: its figures, then its actions across the row's width (a card on narrow screens). */}
            {rows.map((job) => (
              <JobRow key={job.id} companyKey={companyKey} job={job} locale={locale} now={now} commands={commands} />
            ))}
          </table>
        </div>
      )}
    </div>
  );
}

function JobRow({
  companyKey,
  job,
  locale,
  now,
  commands,
}: {
  companyKey: string;
  job: ManagedJobRow;
  locale: string;
  now: Date;
  commands: ReturnType<typeof useJobCommands>;
}) {
  const action: ActionJob = job;
  return (
    <tbody className="data-table__group">
      <tr className="data-table__row">
        <th scope="row" className="data-table__title">
          <Link to={paths.companyJob(companyKey, job.id)}>{job.title}</Link>
        </th>
        <td data-label="Status">
          <JobStatusBadge status={job.status} />
        </td>
        <td data-label="Views" className="data-table__num">
          {formatCompact(job.views, locale)}
        </td>
        <td data-label="Applicants" className="data-table__num">
          {formatCompact(job.applicants, locale)}
        </td>
        <td data-label="Posted">{job.approvedAt ? <RelativeTime iso={job.approvedAt} /> : <span className="muted">Not yet</span>}</td>
        <td data-label="Expires">{job.expirationDate ? <RelativeTime iso={job.expirationDate} /> : <span className="muted">No date</span>}</td>
        <td data-label="Boosted">
          {isBoosted(job, now) ? (
            <>
              Yes, until <time dateTime={job.boostingExpiresAt!}>{exactDate(job.boostingExpiresAt!)}</time>
            </>
          ) : (
            'No'
          )}
        </td>
      </tr>
      <tr className="data-table__actions-row">
        <td className="data-table__actions" colSpan={COLUMNS.length}>
          <JobActions companyKey={companyKey} job={action} commands={commands} inRow />
        </td>
      </tr>
    </tbody>
  );
}
