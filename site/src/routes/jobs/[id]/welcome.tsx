/**
 * `/jobs/{id}/welcome` (spec 2.1, issue #12): the page a new job's poster is sent to with its public
 * link. It thanks them, explains approval and says when the job will be visible.
 *
 * Who sees what: a public job is shown to anyone ("It is live now" and its link); a job not public yet
 * only to its startup's members and the site's admins (GET /jobs/single/{id}/hidden answers them),
 * with what happens next from its status. Anyone else gets the 404 of an unknown job.
 */
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import type { Job } from '@nordlys/sdk/schemas';
import { isJobOpen } from '@nordlys/sdk/visibility';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { apiFrom, publicUrl, siteContext } from '../../../api';
import { useNow } from '../../../components/Now';
import { ShareLinks } from '../../../components/ShareLinks';
import { jobIdOf } from '../../../lib/jobPages';
import { orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { viewerOf } from '../../../session/viewer';

export interface JobWelcomeData {
  productName: string;
  job: Job;
  /** The job's public page, absolute. */
  publicUrl: string;
  /** The viewer is one of the startup's members, or an admin: link to the job's dashboard. */
  manages: boolean;
}

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<JobWelcomeData> {
  const id = jobIdOf(params.id);
  const [job, viewer] = await Promise.all([orRouteError(apiFrom(context).jobs.getHidden(id)), viewerOf(context)]);
  const user = viewer.user;
  return {
    productName: context.get(siteContext).productName,
    job,
    publicUrl: publicUrl(context, paths.job(job.id)),
    manages: Boolean(user && (user.isAdmin || user.companies.some((c) => c.key === job.company.key))),
  };
}

export const handle: RouteHandle<JobWelcomeData> = {
  meta: ({ data }) => ({ title: `Thank you for posting ${data.job.title}`, noindex: true }),
};

export function Component() {
  const { productName, job, publicUrl, manages } = useLoaderData<typeof loader>();
  const now = useNow();
  const live = isJobOpen(job, { now });
  const status = JOB_STATUS_DISPLAY[job.status];
  return (
    <div className="page container job-welcome">
      <header className="page-head">
        <h1>Thank you for posting {job.title}</h1>
        <p className="page-head__lead">
          {job.company.name}&rsquo;s job on {productName}.
        </p>
      </header>

      <section className="client-section" aria-labelledby="visible-title">
        <h2 id="visible-title">When talent sees it</h2>
        {live ? (
          <>
            <p>
              <strong>It is live now.</strong> {status.next}
            </p>
            <p>
              <Link className="button button--primary" to={paths.job(job.id)}>
                See the job
              </Link>
            </p>
          </>
        ) : (
          <p>
            <strong>It is {status.label.toLowerCase()}.</strong> {status.next}
          </p>
        )}
      </section>

      <section className="client-section" aria-labelledby="approval-title">
        <h2 id="approval-title">How approval works</h2>
        <p>
          We review every new startup before its jobs are shown, usually within one working day, so talent can trust what they find. Once your startup
          is approved, its jobs go live as soon as they are posted, and a paid plan as soon as it is ordered.
        </p>
      </section>

      <section className="client-section" aria-labelledby="link-title">
        <h2 id="link-title">Your job&rsquo;s link</h2>
        <p>
          <a href={publicUrl}>{publicUrl}</a>
        </p>
        {live ? (
          <ShareLinks url={publicUrl} title={`${job.title} at ${job.company.name}`} description={job.description} copy />
        ) : (
          <p className="muted">The link works once the job is live.</p>
        )}
      </section>

      {manages ? (
        <p>
          <Link to={paths.companyJob(job.company.key, job.id)}>Manage the job</Link>
        </p>
      ) : null}
    </div>
  );
}
