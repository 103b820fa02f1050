/** `/jobs`: the job search, every filter in the URL. */
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { paths } from '@nordlys/sdk/routes';
import { countLabel } from '@nordlys/sdk/format';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { JobSearchView } from '../../components/JobSearch';
import { DigestSubscribe } from '../../components/DigestSubscribe';
import { PopularSearches } from '../../components/PopularSearches';
import { hasActiveFilters, jobFiltersHref, parseJobFilters } from '../../lib/jobFilters';
import { searchFeedAlternates, searchJobs, type JobSearchData } from '../../lib/jobSearch';
import type { RouteHandle } from '../../meta';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<JobSearchData> {
  const filters = parseJobFilters(new URL(request.url).searchParams);
  return searchJobs(apiFrom(context), filters, { withFeatured: true });
}

export const handle: RouteHandle<JobSearchData> = {
  meta: ({ data }) => ({
    title: data.filters.search ? `Startup jobs: ${data.filters.search}` : 'Startup jobs',
    description: `Browse ${countLabel(data.result.total, 'open job')} at Nordic startups. Filter by country, city, category and position type.`,
    canonicalPath: jobFiltersHref(paths.jobs(), data.filters),
    // Issue #14: the search's feeds.
    alternates: searchFeedAlternates(data.filters),
  }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <JobSearchView
        heading="Find startup jobs"
        lead="Search open roles at Nordic startups, on site or remote."
        filters={data.filters}
        queryFilters={data.filters}
        basePath={paths.jobs()}
        result={data.result}
        featured={data.featured}
      />
      {/* Issue #14: "Get these jobs by e-mail", for this search's country and categories (components/DigestSubscribe). */}
      <div className="container digest-subscribe-band">
        <DigestSubscribe countryCodes={data.filters.countryCode ? [data.filters.countryCode] : []} categories={data.filters.categories ?? []} />
      </div>
      {/* Issue #15: every landing page, linked from the unfiltered search so crawlers reach them. */}
      {hasActiveFilters(data.filters) || data.filters.page ? null : <PopularSearches pages={LANDING_PAGES} />}
    </>
  );
}
