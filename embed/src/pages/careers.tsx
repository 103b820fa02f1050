/** @jsxImportSource preact */
/**
 * A startup's own careers domain (spec 2.5, 2.7 careers layout): served with the /careers prefix
 * stripped, so '/' is the home and '/jobs/{id}' a job. Pure: the server passes the data in.
 */
import type { Company, Job, JobSummary } from '@nordlys/sdk/schemas';
import { countLabel } from '@nordlys/sdk/format';
import { imageSize } from './format';
import { Frame, JobBody, JobList, jobJsonLd, Logo, plainSummary, renderDocument } from './layout';

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
    <a class="brand" href="/">
      <Logo name={company.name} src={imageSize(company.logoImage, 'thumbnail', canonicalOrigin)} />
      <span>{company.name}</span>
    </a>
  );
}

export function renderCareersHome({ company, jobs, origin, canonicalOrigin, now }: CareersHomeInput): string {
  const gallery = company.galleryImages
    .map((image) => imageSize(image, 'listing', canonicalOrigin))
    .filter((src): src is string => src !== null);
  const body = (
    <Frame header={<CareersHeader company={company} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <h1>Careers at {company.name}</h1>
      {company.whatWeDo ? <p class="lead">{company.whatWeDo}</p> : null}

      <section aria-labelledby="open-jobs">
        <h2 id="open-jobs">Open positions</h2>
        {jobs.length ? (
          <>
            <p class="count">{countLabel(jobs.length, 'job')}</p>
            <JobList jobs={jobs} imageBase={canonicalOrigin} now={now} />
          </>
        ) : (
          <div class="empty">
            <p>
              <strong>{company.name} has no open positions right now.</strong>
            </p>
            <p>
              Check back soon, or <a href={`${canonicalOrigin}/jobs`}>browse other Nordic startup jobs</a>.
            </p>
          </div>
        )}
      </section>

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
  );
}

export function renderCareersJob({ company, job, canonicalOrigin, now }: CareersJobInput): string {
  const body = (
    <Frame header={<CareersHeader company={company} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <JobBody job={job} canonicalOrigin={canonicalOrigin} backText={`All jobs at ${company.name}`} imageBase={canonicalOrigin} now={now} />
    </Frame>
  );
  return renderDocument(
    {
      title: `${job.title} at ${company.name}`,
      description: plainSummary(job.description) || company.whatWeDo,
      canonical: `${canonicalOrigin}/jobs/${job.id}`,
      jsonLd: jobJsonLd(job, canonicalOrigin),
    },
    body,
  );
}
