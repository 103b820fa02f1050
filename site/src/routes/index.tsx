/** `/`: the hero with the tagline and a job search, the featured and latest jobs, categories and places to browse. */
import { paths } from '@nordlys/sdk/routes';
import { LIMITS, NORDIC_COUNTRY_CODES, SEARCH_COUNTRIES, countryName } from '@nordlys/sdk/constants';
import { categorySections } from '@nordlys/sdk/vocabulary';
import type { JobSummary } from '@nordlys/sdk/schemas';
import type { CSSProperties } from 'react';
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../lib/Link';
import { apiFrom } from '../api';
import { Icon } from '../components/Icon';
import { JobList } from '../components/JobList';
import { useJobSearchSubmit } from '../components/JobSearch';
import { jobFiltersHref } from '../lib/jobFilters';
import { orFallback, orRouteError } from '../lib/routeErrors';
import { DEFAULT_DESCRIPTION, type RouteHandle } from '../meta';
import { CountryField } from '../components/CountryField';
import { DigestSubscribe } from '../components/DigestSubscribe';

interface HomeData {
  latest: JobSummary[];
  featured: JobSummary[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const api = apiFrom(context);
  const [latest, featured] = await Promise.all([
    orRouteError(api.jobs.latest()),
    // Featured jobs are a bonus: the page still works without them.
    orFallback(api.jobs.featured(), { jobs: [] }),
  ]);
  return {
    latest: latest.jobs.slice(0, LIMITS.latestJobsCount),
    // spec 9: featured jobs are shown in reversed order.
    featured: [...featured.jobs].reverse(),
  };
}

export const handle: RouteHandle<HomeData> = {
  meta: () => ({ description: DEFAULT_DESCRIPTION }),
};

/** spec 3: the selection groups (sdk vocabulary), each linking to a search for its categories. */
const CATEGORY_LINKS = categorySections().flatMap(({ group, label, categories }) =>
  group ? [{ group, label, color: categories[0]!.color, href: jobFiltersHref(paths.jobs(), { categories: categories.map((c) => c.value) }) }] : [],
);

function HeroSearch() {
  const onSubmit = useJobSearchSubmit();
  return (
    <Form method="get" action={paths.jobs()} className="hero-search" role="search" aria-label="Search jobs" onSubmit={onSubmit}>
      <div className="field hero-search__text">
        <label htmlFor="hero-search">What</label>
        <input id="hero-search" type="search" name="search" placeholder="Job title, skill or startup" maxLength={200} />
      </div>
      <CountryField id="hero-country" label="Where" countries={SEARCH_COUNTRIES} className="field hero-search__country" />
      <button type="submit" className="button button--primary button--large">
        <Icon name="search" /> Search jobs
      </button>
    </Form>
  );
}

export function Component() {
  const { latest, featured } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">Connect global talents with career opportunities in Nordic startups</h1>
          <p className="hero__lead">Find your next exciting startup job in Denmark, Sweden, Norway, Finland, Iceland or remote.</p>
          <HeroSearch />
        </div>
      </section>

      <div className="container stack-xl page-sections">
        {featured.length ? (
          <section aria-labelledby="featured-heading">
            <div className="section-head">
              <h2 id="featured-heading">Featured jobs</h2>
            </div>
            <JobList jobs={featured} />
          </section>
        ) : null}

        <section aria-labelledby="latest-heading">
          <div className="section-head">
            <h2 id="latest-heading">Latest jobs</h2>
            <Link to={paths.jobs()} className="section-head__more">
              All jobs <Icon name="arrow-right" />
            </Link>
          </div>
          {latest.length ? <JobList jobs={latest} /> : <p className="muted">No jobs have been posted yet. Check back soon.</p>}
        </section>

        <section aria-labelledby="categories-heading">
          <div className="section-head">
            <h2 id="categories-heading">Browse by category</h2>
          </div>
          <ul className="tile-grid">
            {CATEGORY_LINKS.map((c) => (
              <li key={c.group}>
                <Link to={c.href} className="tile" style={{ '--tile-accent': c.color } as CSSProperties}>
                  <span className="tile__dot" aria-hidden="true" />
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="places-heading">
          <div className="section-head">
            <h2 id="places-heading">Jobs by location</h2>
          </div>
          <ul className="tile-grid">
            {NORDIC_COUNTRY_CODES.map((code) => (
              <li key={code}>
                <Link to={`/jobs/location/${code.toLowerCase()}`} className="tile">
                  <Icon name="map-pin" /> {countryName(code)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.jobsLocation('remote')} className="tile">
                <Icon name="globe" /> Remote
              </Link>
            </li>
          </ul>
        </section>

        {/* Issue #14: job e-mails for visitors too (double opt-in), with a country to choose. */}
        <DigestSubscribe chooseCountry title="Get new jobs by e-mail" />

        <section className="cta" aria-labelledby="startups-heading">
          <div>
            <h2 id="startups-heading">Meet the startups</h2>
            <p>Explore Nordic startups, what they do, who backs them and the roles they are hiring for.</p>
          </div>
          <p className="cta__actions">
            <Link to={paths.startups()} className="button button--primary">
              Browse startups
            </Link>
            <Link to={paths.startupsJoin()} className="button button--ghost">
              Hiring? Post a job
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
