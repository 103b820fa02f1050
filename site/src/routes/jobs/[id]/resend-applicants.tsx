/**
 * `/jobs/{id}/resend-applicants` (spec 2.1, issue #12): asks for the applications of a job to be mailed
 * again to the startup's notification address (POST /companies/{key}/jobs/{id}/resend-applicants).
 * Only for the startup's members and the site's admins: a signed-out visitor is sent to sign in and
 * comes back (the sdk auth guard), anyone else gets the 404 of an unknown job.
 */
import { paths } from '@nordlys/sdk/routes';
import type { Job, ResendApplicants } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { apiFrom } from '../../../api';
import { failureMessage } from '../../../components/form';
import { signedInArea } from '../../../layouts/areas';
import { jobIdOf } from '../../../lib/jobPages';
import { notFound, orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { FormAlert, FormStatus } from '../../../modals/fields';
import { useApi } from '../../../modals/useApi';
import { useGuardedSubmit } from '../../../modals/useGuardedSubmit';

interface ResendData {
  job: Pick<Job, 'id' | 'title'> & { company: Pick<Job['company'], 'key' | 'name'> };
}

export async function loader(args: LoaderFunctionArgs): Promise<ResendData> {
  const user = await signedInArea(args);
  const id = jobIdOf(args.params.id);
  const job = await orRouteError(apiFrom(args.context).jobs.getHidden(id));
  // /hidden answers anyone a public job: only its startup's members and admins may go on.
  if (!user || (!user.isAdmin && !user.companies.some((c) => c.key === job.company.key))) notFound();
  return { job: { id: job.id, title: job.title, company: { key: job.company.key, name: job.company.name } } };
}

export const handle: RouteHandle<ResendData> = {
  meta: ({ data }) => ({ title: `Mail the applications again · ${data.job.title}`, noindex: true }),
};

/** What the page says after the mail was queued. */
export function sentMessage({ queued, to }: ResendApplicants): string {
  if (queued === 0) return `We have e-mailed ${to}: there are no applications for this job yet.`;
  return `We have e-mailed ${queued === 1 ? '1 application' : `${queued} applications`} to ${to}. It can take a few minutes to arrive.`;
}

export function Component() {
  const { job } = useLoaderData<typeof loader>();
  const api = useApi();
  const { busy, submit } = useGuardedSubmit();
  const [sent, setSent] = useState<ResendApplicants | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  async function resend() {
    setAlert(null);
    try {
      const result = await submit(() => api.jobAdmin.resendApplicants(job.company.key, job.id));
      if (!result.ignored) setSent(result.value);
    } catch (error) {
      setAlert(failureMessage(error, 'The applications could not be mailed. Please try again.'));
    }
  }

  return (
    <div className="page container">
      <header className="page-head">
        <h1>Mail the applications again</h1>
        <p className="page-head__lead">
          Every application for <strong>{job.title}</strong> is e-mailed again to {job.company.name}&rsquo;s notification address, in one mail.
        </p>
      </header>
      <div aria-live="polite">{sent ? <FormStatus>{sentMessage(sent)}</FormStatus> : null}</div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <p>
        <button type="button" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => void resend()}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Sending…
            </>
          ) : sent ? (
            'Mail them again'
          ) : (
            'Mail the applications again'
          )}
        </button>
      </p>
      <p>
        <Link to={paths.companyJob(job.company.key, job.id)}>Back to the job</Link> ·{' '}
        <Link to={paths.companyAdmin(job.company.key, 'applicants')}>See the applicants</Link>
      </p>
    </div>
  );
}
