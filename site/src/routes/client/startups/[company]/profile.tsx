/** `/client/startups/{company}/profile` (spec 2.4): the startup's public page as talent sees it, the same component, with an "Edit" link. */
import { paths } from '@nordlys/sdk/routes';
import type { Company, JobSummary } from '@nordlys/sdk/schemas';
import { isCompanyPublic } from '@nordlys/sdk/visibility';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../../api';
import { StartupProfile } from '../../../../components/StartupProfile';
import { companyArea } from '../../../../layouts/areas';
import { orFallback, orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';

interface ProfileData {
  company: Company;
  jobs: JobSummary[];
}

export async function loader(args: LoaderFunctionArgs): Promise<ProfileData> {
  const { key } = await companyArea(args);
  const api = apiFrom(args.context);
  // The members' record (any status); the jobs are the public ones, as talent sees them.
  const [company, jobs] = await Promise.all([orRouteError(api.companies.hidden(key)), orFallback(api.companies.jobs(key), { jobs: [] })]);
  return { company, jobs: jobs.jobs };
}

export const handle: RouteHandle<ProfileData> = {
  meta: ({ data }) => ({ title: `Profile · ${data.company.name}`, noindex: true }),
};

export function Component() {
  const { company, jobs } = useLoaderData<typeof loader>();
  return <StartupProfile company={company} jobs={jobs} preview={!isCompanyPublic(company)} editHref={paths.companyAdmin(company.key, 'edit')} />;
}
