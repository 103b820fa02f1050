/** @jsxImportSource preact */
/**
 * A startup's own careers domain (spec 2.5, 2.7 careers layout): served with the /careers prefix
 * stripped, so '/' is the home and '/jobs/{id}' a job. Pure: the server passes the data in.
 * Both pages load careers.js, which hydrates the open positions (filters) and the share links.
 */
import type { Company, Job, JobSummary } from '@nordlys/sdk/schemas';
import { CareersJobs, readFilters, type CareersJobsProps } from './CareersJobs';
import { ISLAND } from './data';
import { jobJsonLd, renderDocument } from './document';
import { imageSize, plainSummary } from './format';
import { shareProps, ShareIsland } from './islands';
import { Frame, JobBody, listJob, Logo } from './layout';
import { jobPath, paths } from '@nordlys/sdk/routes';

export interface CareersHomeInput {
  company: Company;
  /** The startup's active jobs. */
  jobs: readonly JobSummary[];
  /** This careers host, e.g. 'https://careers.aurora.example'. */
  origin: string;
  /** The main Nordlys site, e.g. 'https://nordlys.jobs': canonical job pages and images live there. */
  canonicalOrigin: string;
  /** The clock for "3 days ago"; now by default. */
  now?: Date;
  /** The filters asked for (?category=, ?location=): the list comes filtered, as the form sends them without JavaScript. */
  filters?: { category?: string | null; location?: string | null };
}

export interface CareersJobInput {
  company: Company;
  job: Job;
  origin: string;
  canonicalOrigin: string;
  now?: Date;
}

function CareersHeader({ company, canonicalOrigin }: { company: Company; canonicalOrigin: string }) {
  return (
    <a class="brand" href={paths.careersHome()}>
      <Logo name={company.name} src={imageSize(company.logoImage, 'thumbnail', canonicalOrigin)} />
      <span>{company.name}</span>
    </a>
  );
}

export function renderCareersHome({ company, jobs, origin, canonicalOrigin, now, filters }: CareersHomeInput): string {
  const listed = jobs.map(listJob);
  const jobsProps: CareersJobsProps = {
    companyName: company.name,
    jobs: listed,
    canonicalOrigin,
    now: (now ?? new Date()).toISOString(),
    filters: readFilters(filters ?? {}, listed),
  };
  const gallery = company.galleryImages
    .map((image) => imageSize(image, 'listing', canonicalOrigin))
    .filter((src): src is string => src !== null);
  const body = (
    <Frame header={<CareersHeader company={company} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <h1>Careers at {company.name}</h1>
      {company.whatWeDo ? <p class="lead">{company.whatWeDo}</p> : null}

      <div id={ISLAND.jobs}>
        <CareersJobs {...jobsProps} />
      </div>

      {gallery.length ? (
        <section aria-labelledby="gallery">
          <h2 id="gallery">Life at {company.name}</h2>
          <ul class="gallery">
            {gallery.map((src, i) => (
              <li key={src}>
                <img src={src} alt={`${company.name}, photo ${i + 1} of ${gallery.length}`} loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {company.team.length ? (
        <section aria-labelledby="team">
          <h2 id="team">Team</h2>
          <ul class="team">
            {company.team.map((member, i) => (
              <li key={`${member.name}-${i}`}>
                <Logo name={member.name} src={imageSize(member.image, 'thumbnail', canonicalOrigin)} />
                <div>
                  <p>{member.name}</p>
                  {member.title ? <p class="role">{member.title}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Frame>
  );
  return renderDocument(
    {
      title: `${company.name} careers`,
      description: company.whatWeDo ?? `Open positions at ${company.name}.`,
      canonical: `${origin}/`,
    },
    body,
    { bundle: 'careers', data: { jobs: jobsProps } },
  );
}

export function renderCareersJob({ company, job, origin, canonicalOrigin, now }: CareersJobInput): string {
  const share = shareProps(job, origin);
  const body = (
    <Frame header={<CareersHeader company={company} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <JobBody job={job} canonicalOrigin={canonicalOrigin} backText={`All jobs at ${company.name}`} imageBase={canonicalOrigin} now={now} surface="careers">
        <ShareIsland {...share} />
      </JobBody>
    </Frame>
  );
  return renderDocument(
    {
      title: `${job.title} at ${company.name}`,
      description: plainSummary(job.description) || company.whatWeDo,
      canonical: canonicalOrigin + jobPath(job.id),
      jsonLd: jobJsonLd(job, canonicalOrigin),
    },
    body,
    { bundle: 'careers', data: { share } },
  );
}
