/** `/startups`: the startup list with search, a country filter and paging. */
import { COUNTRIES } from '@nordlys/sdk/constants';
import { countLabel, shareText } from '@nordlys/sdk/format';
import type { CompanyList, CompanySummary } from '@nordlys/sdk/schemas';
import type { FormEvent } from 'react';
import { Form, useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { CompanyFacts } from '../../components/CompanyFacts';
import { CompanyLogo } from '../../components/CompanyLogo';
import { Icon } from '../../components/Icon';
import { FollowButton } from '../../components/FollowButton';
import { EmptyState } from '../../components/JobList';
import { Pagination } from '../../components/Pagination';
import { orRouteError } from '../../lib/routeErrors';
import { parseStartupFilters, startupFiltersHref, type StartupFilters } from '../../lib/startupFilters';
import type { RouteHandle } from '../../meta';
import { CountryField } from '../../components/CountryField';
import { paths } from '@nordlys/sdk/routes';

interface StartupsData {
  filters: StartupFilters;
  result: CompanyList;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<StartupsData> {
  const filters = parseStartupFilters(new URL(request.url).searchParams);
  const result = await orRouteError(apiFrom(context).companies.list(filters));
  return { filters, result };
}

export const handle: RouteHandle<StartupsData> = {
  meta: ({ data }) => ({
    title: 'Browse Nordic startups',
    description: `Discover ${countLabel(data.result.total, 'startup')} hiring in the Nordics: what they do, where they are and their open jobs.`,
    canonicalPath: startupFiltersHref(data.filters),
  }),
};

// spec 9: NI is excluded from some country lists.
const STARTUP_COUNTRIES = COUNTRIES.filter((c) => c.value !== 'NI');

function StartupCard({ company }: { company: CompanySummary }) {
  return (
    <article className="startup-card">
      <div className="startup-card__head">
        <CompanyLogo company={company} size={48} />
        <h3 className="startup-card__name">
          <Link className="startup-card__link" to={paths.startup(company.key)}>
            {company.name}
          </Link>
        </h3>
      </div>
      {company.whatWeDo ? <p className="startup-card__text">{shareText(company.whatWeDo, 140)}</p> : null}
      <CompanyFacts company={company} website={false} className="fact-list fact-list--inline fact-list--small" />
      {/* Issue #13: above the card's link, so following never opens the page. */}
      <div className="startup-card__marks">
        <FollowButton company={company} size="small" />
      </div>
    </article>
  );
}

export function Component() {
  const { filters, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const active = Boolean(filters.search || filters.countryCode);
  const navigate = useNavigate();
  // With JavaScript, go to the tidy URL (no empty fields); without it the plain GET works the same.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') query.append(key, value);
    void navigate(startupFiltersHref(parseStartupFilters(query)));
  };
  return (
    <div className="container page">
      <header className="page-head">
        <h1>Browse Nordic startups</h1>
        <p className="page-head__lead">Get to know the startups behind the jobs.</p>
      </header>

      <Form
        key={location.search}
        method="get"
        action={paths.startups()}
        className="job-search"
        role="search"
        aria-label="Search startups"
        onSubmit={onSubmit}
      >
        <div className="job-search__bar job-search__bar--compact">
          <div className="field job-search__text">
            <label htmlFor="startup-search">Startup name or keyword</label>
            <input id="startup-search" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={200} />
          </div>
          <CountryField id="startup-country" label="Country" countries={STARTUP_COUNTRIES} defaultValue={filters.countryCode ?? ''} />
          <button type="submit" className="button button--primary job-search__submit">
            <Icon name="search" /> Search
          </button>
        </div>
      </Form>

      <section className="job-results" aria-labelledby="results-heading" aria-busy={loading || undefined}>
        <div className="job-results__head">
          <h2 id="results-heading">{countLabel(result.total, 'startup')}</h2>
          {active ? (
            <Link to={paths.startups()} className="link-button">
              <Icon name="close" /> Clear filters
            </Link>
          ) : null}
        </div>
        {result.companies.length ? (
          <ul className={loading ? 'startup-grid is-loading' : 'startup-grid'}>
            {result.companies.map((company) => (
              <li key={company.key}>
                <StartupCard company={company} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No startups match your search">
            {active ? (
              <>
                <p>Try another name or country.</p>
                <Link to={paths.startups()} className="button button--primary">
                  Clear all filters
                </Link>
              </>
            ) : (
              <p>No startups are listed yet.</p>
            )}
          </EmptyState>
        )}
        <Pagination
          page={result.page || 1}
          pages={result.pages}
          label="Result pages"
          href={(p) => startupFiltersHref(filters, { page: p })}
        />
      </section>
    </div>
  );
}
