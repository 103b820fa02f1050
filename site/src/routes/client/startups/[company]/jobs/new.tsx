/**
 * `/client/startups/{company}/jobs/new` (spec 2.4, issue #12): the job form for a new job. Nothing is
 * stored until the first save creates the DRAFT; the address then becomes the job's /edit.
 */
import { defaultExpirationDay, isoDay } from '@nordlys/sdk/schemas';
import type { LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../../../api';
import { JobFormPage, type JobFormData } from '../../../../../components/job-form';
import { companyArea } from '../../../../../layouts/areas';
import { orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<JobFormData> {
  const owner = await companyArea(args);
  const company = await orRouteError(apiFrom(args.context).companies.hidden(owner.key));
  const now = new Date();
  return { owner, company, job: null, today: isoDay(now), defaultExpiration: defaultExpirationDay(now) };
}

export const handle: RouteHandle<JobFormData> = {
  meta: ({ data }) => ({ title: `Post a job · ${data.owner.name}`, noindex: true }),
};

// The same component as /jobs/{job}/edit: the form stays when the first save moves the page there.
export const Component = JobFormPage;
