/**
 * The body of a job's public page (ui.md job page): the head (company, title, location, type, salary,
 * equity, posted date, chips), the page's apply action, "Backed by", the description and the perks.
 * The page (/jobs/{id}) and the job form's live preview render it alike; each brings its own apply
 * action and what follows the perks (how to apply, share).
 */
import { equityLabel, positionTypeLabel, salaryLabel } from '@nordlys/sdk/format';
import { isBoosted, locationDisplay } from '@nordlys/sdk/jobs';
import { locationPath } from '@nordlys/sdk/places';
import { paths } from '@nordlys/sdk/routes';
import type { Job } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { CategoryChip, Chip } from './Chips';
import { Icon } from './Icon';
import { BackedBy } from './InvestorBadge';
import { useNow } from './Now';
import { PerkList } from './PerkList';
import { PostedTime } from './RelativeTime';

export interface JobPageBodyProps {
  job: Job;
  /** The apply action under the head (or the note that the job is closed). */
  action: ReactNode;
  /** What follows the perks: how to apply, share links. */
  children?: ReactNode;
  /** The title's heading level: 1 on the job page, deeper inside another page (the preview); the sections' headings are one below. */
  level?: 1 | 2 | 3 | 4;
}

export function JobPageBody({ job, action, children, level = 1 }: JobPageBodyProps) {
  const now = useNow();
  const { company } = job;
  const location = locationDisplay(job);
  const salary = salaryLabel(job.salary);
  const equity = equityLabel(job.equity);
  const Title = `h${level}` as const;
  const Section = `h${level + 1}` as 'h2' | 'h3' | 'h4' | 'h5';
  const cityHref =
    !job.isRemote && job.location?.country && job.location.locality
      ? locationPath(job.location.country, job.location.locality)
      : job.isRemote
        ? locationPath('remote')
        : null;

  return (
    <>
      <header className="job-head">
        <p className="job-head__company">
          <Link to={paths.startup(company.key)}>{company.name}</Link>
        </p>
        <Title className="job-head__title">{job.title}</Title>
        <ul className="fact-list fact-list--inline">
          {location ? (
            <li>
              <Icon name={job.isRemote ? 'globe' : 'map-pin'} /> {cityHref ? <Link to={cityHref}>{location}</Link> : location}
            </li>
          ) : null}
          <li>
            <Icon name="briefcase" /> {positionTypeLabel(job.positionType)}
          </li>
          {salary ? (
            <li>
              <Icon name="salary" /> <span className="visually-hidden">Salary: </span>
              {salary}
            </li>
          ) : null}
          {equity ? (
            <li>
              <Icon name="equity" /> {equity}
            </li>
          ) : null}
          <li>
            <Icon name="clock" /> <PostedTime job={job} />
          </li>
        </ul>
        <ul className="chips" aria-label="Job type and categories">
          {isBoosted(job, { now }) ? (
            <li>
              <span className="badge badge--featured">
                <Icon name="star" /> Featured
              </span>
            </li>
          ) : null}
          {job.isRemote ? (
            <li>
              <Chip icon="globe" tone="accent">
                Remote
              </Chip>
            </li>
          ) : null}
          {job.categories.map((c) => (
            <li key={c}>
              <CategoryChip value={c} />
            </li>
          ))}
        </ul>
        {action}
        {/* Visible trust beside the apply action (ui.md): the listed investors behind the startup. */}
        <BackedBy backers={company.backedBy ?? []} className="backed-by job-head__backed" />
      </header>

      <section aria-labelledby="about-job">
        <Section id="about-job">About the job</Section>
        {/* User HTML: the server passes it through the sdk policy (sdk/src/sanitize.ts) on write and again in getJob; the preview sanitizes it with the same policy. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: job.description }} />
      </section>

      <PerkList perks={job.perks} headingLevel={(level + 1) as 2 | 3 | 4 | 5} />

      {children}
    </>
  );
}
