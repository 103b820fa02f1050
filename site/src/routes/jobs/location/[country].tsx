/** `/jobs/location/{country}` and `/jobs/location/{country}/{city}`: the job search fixed to a place (spec 2.1). */
import { countLabel } from '@nordlys/sdk/format';
import { COUNTRIES, countryName, REMOTE } from '@nordlys/sdk/constants';
import { landingPagesIn } from '@nordlys/sdk/landing';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../api';
import { JobSearchView } from '../../../components/JobSearch';
import { PopularSearches } from '../../../components/PopularSearches';
import { slug, unslug } from '../../../lib/format';
import { jobFiltersHref, parseJobFilters, type JobFilters } from '../../../lib/jobFilters';
import { searchFeedAlternates, searchJobs, type JobSearchData } from '../../../lib/jobSearch';
import { notFound } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';

interface LocationData extends JobSearchData {
  heading: string;
  basePath: string;
  queryFilters: JobFilters;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The English name of an ISO country code, or null when it is not a country. */
function countryLabel(code: string): string | null {
  const known = COUNTRIES.find((c) => c.value === code);
  if (known) return known.text;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** Reads the place from the path: an ISO code in either case, or 'remote'. */
export function placeOf(params: { country?: string; city?: string }) {
  const raw = (params.country ?? '').trim();
  if (raw.toLowerCase() === 'remote') {
    if (params.city) return null;
    return { countryCode: REMOTE, city: undefined, heading: 'Remote startup jobs', basePath: '/jobs/location/remote' };
  }
  if (!/^[a-z]{2}$/i.test(raw)) return null;
  const countryCode = raw.toUpperCase();
  const name = countryLabel(countryCode);
  if (!name) return null;
  const city = params.city ? unslug(params.city) : undefined;
  const basePath = `/jobs/location/${countryCode.toLowerCase()}${city ? `/${encodeURIComponent(slug(city))}` : ''}`;
  return { countryCode, city, heading: city ? `Startup jobs in ${city}, ${name}` : `Startup jobs in ${name}`, basePath };
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<LocationData> {
  const place = placeOf(params);
  if (!place) notFound();
  // The path fixes the place; the query may add the other filters.
  const { countryCode: _c, city: _city, ...queryFilters } = parseJobFilters(new URL(request.url).searchParams);
  const filters: JobFilters = { ...queryFilters, countryCode: place.countryCode, ...(place.city ? { city: place.city } : {}) };
  const data = await searchJobs(apiFrom(context), filters);
  return { ...data, heading: place.heading, basePath: place.basePath, queryFilters };
}

export const handle: RouteHandle<LocationData> = {
  meta: ({ data }) => ({
    title: data.heading,
    description: `${countLabel(data.result.total, 'open job')} at Nordic startups. ${data.heading}.`,
    canonicalPath: jobFiltersHref(data.basePath, data.queryFilters),
    // Issue #14: the search's feeds (the place included).
    alternates: searchFeedAlternates(data.filters),
  }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { countryCode = '', city } = data.filters;
  return (
    <>
      <JobSearchView
        heading={data.heading}
        filters={data.filters}
        queryFilters={data.queryFilters}
        basePath={data.basePath}
        result={data.result}
        featured={data.featured}
      />
      {/* Issue #15: the place's landing pages (none for Remote or a place without any). */}
      <PopularSearches heading={`Popular searches in ${city ?? countryName(countryCode)}`} pages={landingPagesIn(countryCode, city)} />
    </>
  );
}
