/**
 * `/jobs/{group}-jobs-in-{place}` (issue #15, spec 2.1): a landing page of a category group in a
 * country or a city (sdk landing.ts). An introduction written for the role and the place, the live job
 * list with its count, links to the same role elsewhere and to the other roles here, and breadcrumbs
 * with their JSON-LD. A page without jobs says so, offers the nearest alternatives, and is not indexed.
 */
import { LIMITS } from '@nordlys/sdk/constants';
import { countLabel } from '@nordlys/sdk/format';
import type { Api } from '@nordlys/sdk/api';
import { landingCountry, landingNeighbours, landingPage, landingSearch, landingSlug, type LandingPage } from '@nordlys/sdk/landing';
import { landingIntro } from '@nordlys/sdk/landing-copy';
import { locationPath } from '@nordlys/sdk/places';
import { paths } from '@nordlys/sdk/routes';
import type { JobList as JobListAnswer, JobSearchParams } from '@nordlys/sdk/schemas';
import { useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom, originFrom } from '../../api';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { EmptyState, JobList, JobListSkeleton } from '../../components/JobList';
import { Pagination } from '../../components/Pagination';
import { jobFiltersHref, parseJobFilters } from '../../lib/jobFilters';
import { searchFeedAlternates } from '../../lib/jobSearch';
import { notFound, orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

/** A place to look instead, offered by a page without jobs. */
interface Alternative {
  label: string;
  href: string;
  /** Its open jobs; null when the count could not be had. */
  count: number | null;
}

interface LandingData {
  slug: string;
  /** The page of the list, 1 first. */
  page: number;
  result: JobListAnswer;
  origin: string;
  /** For a page without jobs: the nearest alternatives with their counts. */
  alternatives: Alternative[];
}

/** The page's path, on a page of its list. */
function landingHref(slug: string, page = 1): string {
  return page > 1 ? `${paths.jobsLanding(slug)}?page=${page}` : paths.jobsLanding(slug);
}

/** The location page (/jobs/location/…) of a landing page's place. */
function placePagePath(landing: LandingPage): string {
  const { countryCode, city } = landing.place;
  return locationPath(countryCode, city);
}

/** 'design', 'mobile development': the group inside a sentence. */
const roleWords = (landing: LandingPage) => landing.group.label.toLowerCase();

/**
 * The nearest alternatives of an empty page: the same role in the city's country (or, for a country,
 * in every country), and every startup job in the place. Their counts are extra calls, made only here.
 */
async function alternativesOf(api: Api, landing: LandingPage): Promise<Alternative[]> {
  const { categories, countryCode, city } = landingSearch(landing);
  const countryPage = landing.place.kind === 'city' ? landingPage(landingSlug(landing.group, landingCountry(landing.place))) : undefined;
  const candidates: { label: string; href: string; params: JobSearchParams }[] = [
    countryPage
      ? { label: countryPage.title, href: paths.jobsLanding(countryPage.slug), params: { categories, countryCode } }
      : { label: `${landing.group.label} jobs in every country`, href: jobFiltersHref(paths.jobs(), { categories }), params: { categories } },
    { label: `All startup jobs in ${landing.place.name}`, href: placePagePath(landing), params: { countryCode, ...(city ? { city } : {}) } },
  ];
  return Promise.all(
    candidates.map(async ({ label, href, params }) => ({
      label,
      href,
      count: (await orFallback(api.jobs.search({ ...params, pageSize: 1 }), null))?.total ?? null,
    })),
  );
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<LandingData> {
  const url = new URL(request.url);
  // The router matches its static routes in any case; the page is the sdk's, with its lower-case canonical.
  const slug = (url.pathname.replace(/\/+$/, '').split('/').pop() ?? '').toLowerCase();
  const landing = landingPage(slug);
  // The router has a route only for the sdk's pages; this guards a stale client bundle.
  if (!landing) notFound('This page could not be found', true);
  const page = parseJobFilters(url.searchParams).page ?? 1;
  const api = apiFrom(context);
  const result = await orRouteError(api.jobs.search({ ...landingSearch(landing), page, pageSize: LIMITS.jobsPageSize }));
  const alternatives = result.total === 0 ? await alternativesOf(api, landing) : [];
  return { slug, page, result, origin: originFrom(context), alternatives };
}

export const handle: RouteHandle<LandingData> = {
  meta: ({ data }) => {
    const landing = landingPage(data.slug)!;
    return {
      title: data.page > 1 ? `${landing.title}, page ${data.page}` : landing.title,
      description: landing.description,
      canonicalPath: landingHref(data.slug, data.page),
      // A page with no jobs to show is not worth a search result (issue #15); it says so and links onwards.
      noindex: data.result.jobs.length === 0,
      // Issue #32: the feeds of the page's search, as on /jobs.
      alternates: searchFeedAlternates(landingSearch(landing)),
    };
  },
};

/** The way from the home page to a landing page: the job search, the country, the city, the page. */
function trailOf(landing: LandingPage): Crumb[] {
  const country = landingCountry(landing.place);
  const { countryCode } = landing.place;
  return [
    { name: 'Home', path: paths.home() },
    { name: 'Startup jobs', path: paths.jobs() },
    { name: `Jobs in ${country.name}`, path: locationPath(countryCode) },
    ...(landing.place.city ? [{ name: `Jobs in ${landing.place.name}`, path: placePagePath(landing) }] : []),
    { name: landing.title, path: paths.jobsLanding(landing.slug) },
  ];
}

function NoJobs({ landing, alternatives }: { landing: LandingPage; alternatives: Alternative[] }) {
  return (
    <EmptyState title={`No ${roleWords(landing)} jobs in ${landing.place.name} right now`}>
      <p>
        Startups {landing.place.kind === 'city' ? 'here' : `in ${landing.place.name}`} post new roles every week, so this page may fill up
        soon. Until then, these are the nearest places to look:
      </p>
      <ul className="landing__alternatives">
        {alternatives.map((alternative) => (
          <li key={alternative.href}>
            <Link to={alternative.href}>{alternative.label}</Link>
            {alternative.count === null ? null : <span className="muted"> ({countLabel(alternative.count, 'open job')})</span>}
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}

export function Component() {
  const { slug, page, result, origin, alternatives } = useLoaderData<typeof loader>();
  const landing = landingPage(slug)!;
  const navigation = useNavigation();
  const location = useLocation();
  // Skeleton while another page of this list loads.
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const [lead, ...intro] = landingIntro(landing);
  const { sameGroup, samePlace } = landingNeighbours(landing);
  const search = landingSearch(landing);
  const words = roleWords(landing);

  return (
    <div className="container page landing">
      <Breadcrumbs trail={trailOf(landing)} origin={origin} />

      <header className="page-head landing__head">
        <h1>{landing.title}</h1>
        <p className="page-head__lead">{lead}</p>
        {intro.map((paragraph) => (
          <p key={paragraph.slice(0, 40)} className="landing__intro">
            {paragraph}
          </p>
        ))}
      </header>

      <section className="job-results" aria-labelledby="results-heading">
        <div className="job-results__head">
          <h2 id="results-heading">
            {countLabel(result.total, `${words} job`, `${words} jobs`, { exact: result.totalExact })} in {landing.place.name}
          </h2>
          <Link to={jobFiltersHref(paths.jobs(), search)} className="link-button">
            Refine this search
          </Link>
        </div>

        {loading ? (
          <JobListSkeleton />
        ) : result.jobs.length ? (
          <JobList jobs={result.jobs} />
        ) : result.total > 0 ? (
          <EmptyState title="No more jobs here">
            <p>This page is past the last page of {words} jobs in {landing.place.name}.</p>
            <Link to={landingHref(slug)} className="button button--primary">
              Go to the first page
            </Link>
          </EmptyState>
        ) : (
          <NoJobs landing={landing} alternatives={alternatives} />
        )}

        <Pagination page={page} pages={result.pages} label={`Pages of ${words} jobs`} href={(p) => landingHref(slug, p)} />
      </section>

      <div className="landing__links">
        <nav aria-labelledby="landing-elsewhere">
          <h2 id="landing-elsewhere">{landing.group.label} jobs elsewhere</h2>
          <ul>
            {sameGroup.map((other) => (
              <li key={other.slug}>
                <Link to={paths.jobsLanding(other.slug)}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="landing-here">
          <h2 id="landing-here">Other startup jobs in {landing.place.name}</h2>
          <ul>
            {samePlace.map((other) => (
              <li key={other.slug}>
                <Link to={paths.jobsLanding(other.slug)}>{other.title}</Link>
              </li>
            ))}
            <li>
              <Link to={placePagePath(landing)}>All startup jobs in {landing.place.name}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
