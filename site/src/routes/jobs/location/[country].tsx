/** `/jobs/location/{country}` and `/jobs/location/{country}/{city}`: the job search fixed to a place (spec 2.1). */
import { countLabel } from '@nordlys/sdk/format';
import { COUNTRIES, countryName, REMOTE } from '@nordlys/sdk/constants';
import { landingPagesIn } from '@nordlys/sdk/landing';
import { countryCodeOfName, locationPath, placeKey } from '@nordlys/sdk/places';
import type { Api } from '@nordlys/sdk/api';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../api';
import { JobSearchView } from '../../../components/JobSearch';
import { PopularSearches } from '../../../components/PopularSearches';
import { jobFiltersHref, parseJobFilters, type JobFilters } from '../../../lib/jobFilters';
import { searchFeedAlternates, searchJobs, type JobSearchData } from '../../../lib/jobSearch';
import { notFound, orRouteError } from '../../../lib/routeErrors';
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

/** A permanent redirect to a location page's canonical URL (sdk locationPath), with the query kept. */
function toCanonical(path: string, search: string): never {
  throw redirect(`${path}${search}`, 301);
}

/**
 * Reads the place from the path (issue #32). The canonical URL has 'remote' or a lower-case country code,
 * and the city as its place key (sdk places.ts): any other spelling of either (a country's name, 'DK',
 * 'MALMÖ', 'malmö') answers 301 to it. A city that no job was published in, like a country code that is
 * no country, is a 404 (spec 2.6: failed page validation), not an empty search.
 */
export async function placeOf(api: Api, params: { country?: string; city?: string }, search = '') {
  const raw = (params.country ?? '').trim();
  if (raw.toLowerCase() === REMOTE.toLowerCase()) {
    if (params.city) notFound();
    const basePath = locationPath('remote');
    if (raw !== 'remote') toCanonical(basePath, search);
    return { countryCode: REMOTE, city: undefined, heading: 'Remote startup jobs', basePath };
  }
  const countryCode = /^[a-z]{2}$/i.test(raw) ? raw.toUpperCase() : countryCodeOfName(raw);
  const name = countryCode && countryLabel(countryCode);
  if (!countryCode || !name) notFound();
  // A city of no letters or digits has no canonical URL: the API refuses it as it should (400 for
  // control characters, else 404).
  if (params.city !== undefined && !placeKey(params.city)) {
    await orRouteError(api.jobs.city(countryCode, params.city));
    notFound();
  }
  const basePath = locationPath(countryCode, params.city);
  if (raw !== countryCode.toLowerCase() || (params.city !== undefined && params.city !== placeKey(params.city))) toCanonical(basePath, search);
  if (params.city === undefined) return { countryCode, city: undefined, heading: `Startup jobs in ${name}`, basePath };
  // The city as its jobs spell it ('malmo' is Malmö), or a 404.
  const { city } = await orRouteError(api.jobs.city(countryCode, params.city));
  return { countryCode, city, heading: `Startup jobs in ${city}, ${name}`, basePath };
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<LocationData> {
  const url = new URL(request.url);
  const api = apiFrom(context);
  const place = await placeOf(api, params, url.search);
  // The path fixes the place; the query may add the other filters.
  const { countryCode: _c, city: _city, ...queryFilters } = parseJobFilters(url.searchParams);
  const filters: JobFilters = { ...queryFilters, countryCode: place.countryCode, ...(place.city ? { city: place.city } : {}) };
  const data = await searchJobs(api, filters);
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
