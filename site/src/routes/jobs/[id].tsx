/** `/jobs/{id}`: the whole job (ui.md, job page) with its JobPosting JSON-LD. */
import { LIMITS } from '@nordlys/sdk/constants';
import { shareText } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Job, JobSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, originFrom } from '../../api';
import { ApplyAction, HowToApply } from '../../components/ApplyAction';
import { CompanyCard } from '../../components/CompanyCard';
import { JobList } from '../../components/JobList';
import { JobMarks } from '../../components/JobMarks';
import { JobPageBody } from '../../components/JobPageBody';
import { ShareLinks } from '../../components/ShareLinks';
import { useNow } from '../../components/Now';
import { isJobOpen } from '@nordlys/sdk/visibility';
import { jobPostingJsonLd, serializeJsonLd } from '@nordlys/feeds';
import { gone, notFound, orFallback, rethrowAsRouteError } from '../../lib/routeErrors';
import { isApiError } from '@nordlys/sdk/api';
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
    api.jobs.get(id).catch((error: unknown) => error as Error),
    orFallback(api.jobs.related(id), { jobs: [] }),
  ]);
  // Issue #12: an expired job answers 410 Gone with similar jobs (search engines drop it; a candidate
  // on an old link finds the next job), not a page with a dead apply button.
  if (isApiError(job) && job.status === 410) gone(job.message, related.jobs.slice(0, LIMITS.relatedJobsCount));
  if (job instanceof Error) rethrowAsRouteError(job);
  // In the browser this loader runs only for a navigation inside the site, which sends no page request
  // for the server to count: count the view through /api (once per visitor and day, like the page's).
  if (typeof document !== 'undefined') api.jobs.view(id).catch(() => {});
  return { job, related: related.jobs.slice(0, LIMITS.relatedJobsCount), origin: originFrom(context) };
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

export function Component() {
  const { job, related, origin } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  const now = useNow();
  const { company } = job;
  const url = new URL(paths.job(job.id), origin).href;
  const open = isJobOpen(job, { now });
  return (
    <>
      <article className="container job-page">
        <div className="job-page__main">
          <JobPageBody
            job={job}
            action={
              open ? (
                // Issue #13: Save and I'm interested beside the apply action.
                <div className="job-head__cta">
                  <ApplyAction job={job} />
                  <JobMarks job={job} />
                </div>
              ) : (
                <p className="notice" role="note">
                  This job is no longer accepting applications.
                </p>
              )
            }
          >
            <section id="apply" className="apply-box" aria-labelledby="apply-heading">
              <h2 id="apply-heading">How to apply</h2>
              {open ? <HowToApply job={job} productName={productName} /> : <p>This job has closed. See the related jobs below or other roles at {company.name}.</p>}
            </section>

            <section aria-labelledby="share-heading">
              <h2 id="share-heading">Share this job</h2>
              <ShareLinks url={url} title={`${job.title} at ${job.company.name}`} description={job.description} />
            </section>
          </JobPageBody>
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
