/**
 * `/client/startups/{company}/jobs/{job}/edit` (spec 2.4, issue #12): the job form for a stored job.
 * A draft autosaves; a job past its draft saves with "Save changes"; an expired one is reposted first.
 */
import { defaultExpirationDay, isoDay } from '@nordlys/sdk/schemas';
import type { LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../../../../api';
import { JobFormPage, type JobFormData } from '../../../../../../components/job-form';
import { companyArea } from '../../../../../../layouts/areas';
import { managedJob } from '../../../../../../lib/jobPages';
import { orRouteError } from '../../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<JobFormData> {
  // The startup is named once per request (areas.ts): the job and the startup's record load side by side.
  const owner = await companyArea(args);
  const [{ job }, company] = await Promise.all([managedJob(args), orRouteError(apiFrom(args.context).companies.hidden(owner.key))]);
  const now = new Date();
  return { owner, company, job, today: isoDay(now), defaultExpiration: defaultExpirationDay(now) };
}

export const handle: RouteHandle<JobFormData> = {
  meta: ({ data }) => ({ title: `${data.job?.status === 'DRAFT' ? 'Post' : 'Edit'}: ${data.job?.title ?? 'job'} · ${data.owner.name}`, noindex: true }),
};

// The same component as /jobs/new: see there.
export const Component = JobFormPage;
