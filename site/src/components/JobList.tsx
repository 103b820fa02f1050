/** Lists of job cards, with the loading skeleton and the empty state every list has (ui.md, states). */
import type { JobSummary } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { JobCard, type JobCardProps } from './JobCard';

export function JobList({ jobs, headingLevel }: { jobs: readonly JobSummary[]; headingLevel?: JobCardProps['headingLevel'] }) {
  return (
    <ul className="job-list">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Grey placeholder cards shown while the next results load. */
export function JobListSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div className="skeleton-list" role="status">
      <span className="visually-hidden">Loading jobs…</span>
      <ul className="job-list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="job-card job-card--skeleton">
            <span className="skeleton skeleton--logo" />
            <span className="job-card__body">
              <span className="skeleton skeleton--title" />
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The empty state: says what happened and what to try. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name="search" className="empty-state__icon" />
      <h2 className="empty-state__title">{title}</h2>
      {children}
    </div>
  );
}
