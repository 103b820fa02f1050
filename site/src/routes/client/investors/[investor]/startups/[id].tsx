/**
 * `/client/investors/{investor}/startups/{id}`: one company of the investor's portfolio (spec 2.3):
 * its card and its open jobs. A startup that is not in the portfolio is a 404 here.
 */
import { paths } from '@nordlys/sdk/routes';
import type { Company, JobSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom } from '../../../../../api';
import { CompanyCard } from '../../../../../components/CompanyCard';
import { EmptyState, JobList } from '../../../../../components/JobList';
import { investorArea, type AreaOwner } from '../../../../../layouts/areas';
import { notFound, orFallback, orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface PortfolioCompanyData {
  investor: AreaOwner;
  company: Company;
  jobs: JobSummary[];
}

export async function loader(args: LoaderFunctionArgs): Promise<PortfolioCompanyData> {
  const investor = await investorArea(args);
  const key = args.params.id ?? '';
  const api = apiFrom(args.context);
  const [{ investments }, company, jobs] = await Promise.all([
    orRouteError(api.investors.investments(investor.key)),
    orRouteError(api.companies.get(key)),
    orFallback(api.companies.jobs(key), { jobs: [] }),
  ]);
  if (!investments.some((entry) => entry.company?.key === key)) notFound(`${company.name} is not in the portfolio of ${investor.name}`);
  return { investor, company, jobs: jobs.jobs };
}

export const handle: RouteHandle<PortfolioCompanyData> = {
  meta: ({ data }) => ({ title: `${data.company.name} · Portfolio · ${data.investor.name}`, noindex: true }),
};

export function Component() {
  const { investor, company, jobs } = useLoaderData<typeof loader>();
  return (
    <div className="portfolio-company">
      <p className="back-link">
        <Link to={paths.investorAdmin(investor.key, 'startups')}>Back to the portfolio</Link>
      </p>
      <header className="page-head">
        <h1>{company.name}</h1>
        <p className="page-head__lead">In the portfolio of {investor.name}.</p>
      </header>
      <div className="portfolio-company__grid">
        <section aria-labelledby="portfolio-company-jobs" className="portfolio-company__jobs">
          <h2 id="portfolio-company-jobs">Open jobs</h2>
          {jobs.length > 0 ? (
            <JobList jobs={jobs} headingLevel={3} />
          ) : (
            <EmptyState title={`${company.name} has no open jobs right now`}>
              <p>
                New jobs show here and on <Link to={paths.startup(company.key)}>its public page</Link> as soon as they are posted.
              </p>
            </EmptyState>
          )}
        </section>
        <aside aria-label={`About ${company.name}`} className="portfolio-company__card">
          <CompanyCard company={{ ...company, numberOfActiveJobs: jobs.length }} headingLevel={2} />
        </aside>
      </div>
    </div>
  );
}
