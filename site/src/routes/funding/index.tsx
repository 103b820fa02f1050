/** `/funding`: the investor directory (issue #11): cards, filters in the URL (they work without JS), paging. */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { InvestorList } from '@nordlys/sdk/schemas';
import { INDUSTRIES, INVESTMENT_RANGES, INVESTOR_CATEGORIES, type Term } from '@nordlys/sdk/vocabulary';
import type { FormEvent } from 'react';
import { Form, useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { Icon } from '../../components/Icon';
import { InvestorCard } from '../../components/InvestorCard';
import { EmptyState } from '../../components/JobList';
import { Pagination } from '../../components/Pagination';
import { fundingFiltersHref, hasFundingFilters, MARKET_CHOICES, parseFundingFilters, type FundingFilters } from '../../lib/fundingFilters';
import { orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

interface FundingData {
  filters: FundingFilters;
  result: InvestorList;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<FundingData> {
  const filters = parseFundingFilters(new URL(request.url).searchParams);
  const result = await orRouteError(apiFrom(context).investors.list(filters));
  return { filters, result };
}

export const handle: RouteHandle<FundingData> = {
  meta: ({ data }) => ({
    title: 'Find investors for your startup',
    description: `Browse ${countLabel(data.result.total, 'investor')} backing Nordic startups: venture capital, angels, accelerators and more, with what they invest in and how to reach them.`,
    canonicalPath: fundingFiltersHref(data.filters),
  }),
};

function Choice({ id, name, label, all, terms, value }: { id: string; name: keyof FundingFilters; label: string; all: string; terms: readonly Term[]; value: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{all}</option>
        {terms.map((t) => (
          <option key={t.value} value={t.value}>
            {t.text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Component() {
  const { filters, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const active = hasFundingFilters(filters);
  const more = [filters.market, filters.industry, filters.investmentRange].filter(Boolean).length;
  // With JavaScript, go to the tidy URL (no empty fields); without it the plain GET works the same.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') query.append(key, value);
    void navigate(fundingFiltersHref(parseFundingFilters(query)));
  };
  return (
    <div className="container page">
      <header className="page-head">
        <h1>Find investors</h1>
        <p className="page-head__lead">The venture funds, angels and accelerators backing Nordic startups, and how to reach them.</p>
        {/* Issue #15: the quiz ranks this directory for a startup's answers. */}
        <p className="quiz-cta">
          Raising a round? <Link to={paths.fundingQuiz()}>Take the funding quiz</Link> and see which investors fit your startup best, and why.
        </p>
      </header>

      <Form
        key={location.search}
        method="get"
        action={fundingFiltersHref({})}
        className="job-search funding-search"
        role="search"
        aria-label="Search investors"
        onSubmit={onSubmit}
      >
        <div className="funding-search__bar">
          <div className="field">
            <label htmlFor="funding-search">Investor name or keyword</label>
            <input id="funding-search" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={200} />
          </div>
          <Choice id="funding-category" name="category" label="Type of investor" all="All types" terms={INVESTOR_CATEGORIES} value={filters.category} />
          <button type="submit" className="button button--primary">
            <Icon name="search" /> Search
          </button>
        </div>
        {/* The rest folds away on a phone, so the results start on the first screen (ui.md); open while one is set. */}
        <details className="category-filter" open={more > 0 || undefined}>
          <summary>
            More filters{more ? <span className="count-badge">{more} selected</span> : null}
          </summary>
          <div className="funding-search__more">
            <Choice id="funding-market" name="market" label="Country or market" all="Anywhere" terms={MARKET_CHOICES} value={filters.market} />
            <Choice id="funding-industry" name="industry" label="Industry" all="All industries" terms={INDUSTRIES} value={filters.industry} />
            <Choice id="funding-range" name="investmentRange" label="Ticket size" all="Any size" terms={INVESTMENT_RANGES} value={filters.investmentRange} />
          </div>
          <button type="submit" className="button button--primary">
            Apply filters
          </button>
        </details>
      </Form>

      <section className="job-results" aria-labelledby="results-heading" aria-busy={loading || undefined}>
        <div className="job-results__head">
          <h2 id="results-heading" aria-live="polite">
            {countLabel(result.total, 'investor')}
          </h2>
          {active ? (
            <Link to={fundingFiltersHref({})} className="link-button">
              <Icon name="close" /> Clear filters
            </Link>
          ) : null}
        </div>
        {result.investors.length ? (
          <ul className={loading ? 'startup-grid is-loading' : 'startup-grid'}>
            {result.investors.map((investor) => (
              <li key={investor.key}>
                <InvestorCard investor={investor} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No investors match your search">
            {active ? (
              <>
                <p>Try another type, market, industry or ticket size.</p>
                <Link to={fundingFiltersHref({})} className="button button--primary">
                  Clear all filters
                </Link>
              </>
            ) : (
              <p>No investors are listed yet.</p>
            )}
          </EmptyState>
        )}
        <Pagination page={result.page || 1} pages={result.pages} label="Result pages" href={(p) => fundingFiltersHref(filters, { page: p })} />
      </section>
    </div>
  );
}
