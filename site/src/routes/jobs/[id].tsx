/** `/jobs/{id}`: the whole job (ui.md, job page) with its JobPosting JSON-LD. */
import { LIMITS } from '@nordlys/sdk/constants';
import { equityLabel, positionTypeLabel, salaryLabel, shareText } from '@nordlys/sdk/format';
import { isBoosted, locationDisplay } from '@nordlys/sdk/jobs';
import { paths } from '@nordlys/sdk/routes';
import type { Job, JobSummary } from '@nordlys/sdk/schemas';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { CategoryChip, Chip } from '../../components/Chips';
import { CompanyCard } from '../../components/CompanyCard';
import { Icon } from '../../components/Icon';
import { PerkList } from '../../components/PerkList';
import { BackedBy } from '../../components/InvestorBadge';
import { JobList } from '../../components/JobList';
import { useNow } from '../../components/Now';
import { PostedTime } from '../../components/RelativeTime';
import { slug } from '../../lib/format';
import { withScheme } from '@nordlys/sdk/validation';
import { isJobOpen } from '@nordlys/sdk/visibility';
import { jobPostingJsonLd, serializeJsonLd } from '@nordlys/feeds';
import { notFound, orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

interface JobData {
  job: Job;
  related: JobSummary[];
  origin: string;
}

const MAX_ID = 2_147_483_647;

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<JobData> {
  const raw = params.id ?? '';
  // Not a job id: no call, straight to 'Page not found' (spec 2.6).
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) notFound();
  const id = Number(raw);
  const api = apiFrom(context);
  const [job, related] = await Promise.all([
    orRouteError(api.jobs.get(id)),
    orFallback(api.jobs.related(id), { jobs: [] }),
  ]);
  return { job, related: related.jobs.slice(0, LIMITS.relatedJobsCount), origin: new URL(request.url).origin };
}

export const handle: RouteHandle<JobData> = {
  meta: ({ data: { job } }) => ({
    title: `${job.title} at ${job.company.name}`,
    description: shareText(job.description, 160),
    image: job.company.logoImage?.sizes.social ?? null,
    type: 'article',
    canonicalPath: paths.job(job.id),
  }),
};

function ShareLinks({ job, url }: { job: Job; url: string }) {
  const title = `${job.title} at ${job.company.name}`;
  // spec 9: the share description is cut at 200 characters.
  const text = shareText(`${title}. ${job.description}`);
  const e = encodeURIComponent;
  const links = [
    { name: 'LinkedIn', icon: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
    { name: 'X', icon: 'x', href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}` },
    { name: 'Facebook', icon: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { name: 'Email', icon: 'mail', href: `mailto:?subject=${e(title)}&body=${e(`${text}\n\n${url}`)}` },
  ] as const;
  return (
    <ul className="share-links">
      {links.map((link) => (
        <li key={link.name}>
          <a
            className="share-link"
            href={link.href}
            {...(link.name === 'Email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            <Icon name={link.icon} />
            <span className="visually-hidden">Share on </span>
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const { job, related, origin } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  const now = useNow();
  const { company } = job;
  const location = locationDisplay(job);
  const salary = salaryLabel(job.salary);
  const equity = equityLabel(job.equity);
  const applyHref = company.website ? withScheme(company.website) : '#apply';
  const url = new URL(paths.job(job.id), origin).href;
  const open = isJobOpen(job, { now });
  const cityHref =
    !job.isRemote && job.location?.country && job.location.locality
      ? paths.jobsLocation(job.location.country.toLowerCase(), slug(job.location.locality))
      : job.isRemote
        ? paths.jobsLocation('remote')
        : null;

  return (
    <>
      <article className="container job-page">
        <div className="job-page__main">
          <header className="job-head">
            <p className="job-head__company">
              <Link to={paths.startup(company.key)}>{company.name}</Link>
            </p>
            <h1 className="job-head__title">{job.title}</h1>
            <ul className="fact-list fact-list--inline">
              {location ? (
                <li>
                  <Icon name={job.isRemote ? 'globe' : 'map-pin'} />{' '}
                  {cityHref ? <Link to={cityHref}>{location}</Link> : location}
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
            {open ? (
              <p className="job-head__actions">
                <a
                  className="button button--primary button--large"
                  href={applyHref}
                  {...(company.website ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  Apply for this job
                  {company.website ? <span className="visually-hidden"> (opens the startup's website in a new tab)</span> : null}
                </a>
              </p>
            ) : (
              <p className="notice" role="note">
                This job is no longer accepting applications.
              </p>
            )}
            {/* Visible trust beside the apply action (ui.md): the listed investors behind the startup. */}
            <BackedBy backers={company.backedBy ?? []} className="backed-by job-head__backed" />
          </header>

          <section aria-labelledby="about-job">
            <h2 id="about-job">About the job</h2>
            {/* User HTML: the server passes it through the sdk policy (sdk/src/sanitize.ts) on write and again in getJob. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: job.description }} />
          </section>

          <PerkList perks={job.perks} />

          <section id="apply" className="apply-box" aria-labelledby="apply-heading">
            <h2 id="apply-heading">How to apply</h2>
            {!open ? (
              <p>This job has closed. See the related jobs below or other roles at {company.name}.</p>
            ) : company.website ? (
              <>
                <p>Apply on {company.name}&rsquo;s website and mention you found the job on {productName}.</p>
                <a className="button button--primary" href={applyHref} target="_blank" rel="noopener noreferrer">
                  Apply on their website<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            ) : (
              <p>Applying through {productName} opens soon. Meanwhile, see the other roles at {company.name}.</p>
            )}
          </section>

          <section aria-labelledby="share-heading">
            <h2 id="share-heading">Share this job</h2>
            <ShareLinks job={job} url={url} />
          </section>
        </div>

        <aside className="job-page__aside" aria-label={`About ${company.name}`}>
          <CompanyCard company={company} />
        </aside>
      </article>

      {related.length ? (
        <section className="container related" aria-labelledby="related-heading">
          <h2 id="related-heading">Related jobs</h2>
          <JobList jobs={related} />
        </section>
      ) : null}

      <script
        type="application/ld+json"
        // Escaped so the description cannot close the script element.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(jobPostingJsonLd(job, { origin })) }}
      />
    </>
  );
}
