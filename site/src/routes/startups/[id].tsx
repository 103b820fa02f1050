/** `/startups/{key}`: a startup's profile (spec 3, Company) and its active jobs; its members and admins see a draft as a preview. */
import { shareText } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Company, JobSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { FollowButton } from '../../components/FollowButton';
import { StartupProfile } from '../../components/StartupProfile';
import { canPreview, isProfileKey, loadStartup } from '../../lib/profilePages';
import { notFound, orFallback } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { htmlText } from '../../components/ProfileParts';
import { useRootData } from '../../root';

interface StartupData {
  company: Company;
  jobs: JobSummary[];
  preview: boolean;
}

export async function loader({ params, context }: LoaderFunctionArgs): Promise<StartupData> {
  const key = params.id ?? '';
  if (!isProfileKey(key)) notFound();
  // The jobs call runs beside the profile's; a startup that is not public has none to show.
  const [{ company, preview }, jobs] = await Promise.all([
    loadStartup(context, key),
    orFallback(apiFrom(context).companies.jobs(key), { jobs: [] }),
  ]);
  return { company, jobs: jobs.jobs, preview };
}

export const handle: RouteHandle<StartupData> = {
  meta: ({ data: { company, preview } }) => ({
    title: `${company.name} jobs`,
    description: company.whatWeDo
      ? shareText(htmlText(company.whatWeDo), 160)
      : `See the open jobs at ${company.name} and what it is like to work there.`,
    image: (company.coverImage ?? company.logoImage)?.sizes.social ?? null,
    type: 'profile',
    canonicalPath: paths.startup(company.key),
    noindex: preview,
  }),
};

export function Component() {
  const { company, jobs, preview } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  const edit = preview && canPreview(user, 'company', company.key) ? paths.companyAdmin(company.key, 'edit') : null;
  return (
    <div className="container page">
      {/* Issue #13: a public startup can be followed; a preview is not public yet. */}
      <StartupProfile company={company} jobs={jobs} preview={preview} editHref={edit} action={preview ? null : <FollowButton company={company} />} />
    </div>
  );
}
