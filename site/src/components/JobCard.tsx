/**
 * A job in a list (ui.md): logo, title as a real link over the whole card, company, "Backed by",
 * location, chips, posted date, and the Save and I'm interested toggles (issue #13), which sit above
 * the card's link so that pressing them never opens the job.
 */
import { positionTypeLabel } from '@nordlys/sdk/format';
import { isBoosted, locationDisplay } from '@nordlys/sdk/jobs';
import { paths } from '@nordlys/sdk/routes';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { Link } from '../lib/Link';
import { CategoryChip, Chip } from './Chips';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';
import { backersText } from './InvestorBadge';
import { JobMarks } from './JobMarks';
import { useNow } from './Now';
import { PostedTime } from './RelativeTime';

export interface JobCardProps {
  job: JobSummary;
  /** The card title's heading level, one below the list's heading. */
  headingLevel?: 2 | 3 | 4;
}

export function JobCard({ job, headingLevel = 3 }: JobCardProps) {
  const now = useNow();
  const boosted = isBoosted(job, { now });
  const Heading = `h${headingLevel}` as const;
  const location = locationDisplay(job);
  return (
    <article className={boosted ? 'job-card job-card--featured' : 'job-card'}>
      <CompanyLogo company={job.company} size={48} />
      <div className="job-card__body">
        {boosted ? (
          <p className="job-card__badge">
            <span className="badge badge--featured">
              <Icon name="star" /> Featured
            </span>
          </p>
        ) : null}
        <Heading className="job-card__title">
          <Link className="job-card__link" to={paths.job(job.id)}>
            {job.title}
          </Link>
        </Heading>
        <p className="job-card__company">{job.company.name}</p>
        {job.company.backedBy?.length ? (
          <p className="job-card__backed">
            <Icon name="star" /> Backed by {backersText(job.company.backedBy)}
          </p>
        ) : null}
        <p className="job-card__meta">
          {location ? (
            <span className="job-card__location">
              <Icon name="map-pin" /> {location}
            </span>
          ) : null}
          <PostedTime job={job} />
        </p>
        <ul className="chips" aria-label="Job type and categories">
          {job.isRemote ? (
            <li>
              <Chip icon="globe" tone="accent">
                Remote
              </Chip>
            </li>
          ) : null}
          <li>
            <Chip icon="briefcase">{positionTypeLabel(job.positionType)}</Chip>
          </li>
          {job.categories.map((c) => (
            <li key={c}>
              <CategoryChip value={c} />
            </li>
          ))}
        </ul>
        <JobMarks job={job} size="small" />
      </div>
    </article>
  );
}
