/** `/startups/{key}`: a startup's profile (spec 3, Company) and its active jobs. */
import { shareText } from '@nordlys/sdk/format';
import type { Company, CompanyInvestor, JobSummary } from '@nordlys/sdk/schemas';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { CompanyFacts } from '../../components/CompanyFacts';
import { CompanyLogo } from '../../components/CompanyLogo';
import { JobList } from '../../components/JobList';
import { withScheme } from '@nordlys/sdk/validation';
import { notFound, orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { linkTo, paths } from '@nordlys/sdk/routes';

interface StartupData {
  company: Company;
  jobs: JobSummary[];
}

export async function loader({ params, context }: LoaderFunctionArgs): Promise<StartupData> {
  const key = params.id ?? '';
  // Company keys are lower-case words joined by dashes; anything else cannot exist.
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key) || key.length > 100) notFound();
  const api = apiFrom(context);
  const [company, jobs] = await Promise.all([
    orRouteError(api.companies.get(key)),
    orFallback(api.companies.jobs(key), { jobs: [] }),
  ]);
  return { company, jobs: jobs.jobs };
}

export const handle: RouteHandle<StartupData> = {
  meta: ({ data: { company } }) => ({
    title: `${company.name} jobs`,
    description: company.whatWeDo
      ? shareText(company.whatWeDo, 160)
      : `See the open jobs at ${company.name} and what it is like to work there.`,
    image: company.logoImage?.sizes.social ?? null,
    type: 'profile',
    canonicalPath: paths.startup(company.key),
  }),
};

/** 'VENTURE_CAPITAL' → 'Venture capital'. */
function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

function InvestorName({ investor }: { investor: CompanyInvestor }) {
  // A linked investor has a profile of its own (spec 3), linked once its public page is built.
  const profile = investor.key ? linkTo('investor', { key: investor.key }) : null;
  if (profile) return <Link to={profile}>{investor.name}</Link>;
  if (investor.website) {
    return (
      <a href={withScheme(investor.website)} target="_blank" rel="noopener noreferrer">
        {investor.name}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <>{investor.name}</>;
}

export function Component() {
  const { company, jobs } = useLoaderData<typeof loader>();
  return (
    <div className="container page startup-page">
      <header className="startup-head">
        <CompanyLogo company={company} size={88} />
        <div>
          <h1>{company.name}</h1>
          <CompanyFacts company={{ ...company, numberOfActiveJobs: jobs.length }} className="fact-list fact-list--inline" />
        </div>
      </header>

      <div className="startup-page__grid">
        <div className="startup-page__main stack-lg">
          {company.whatWeDo ? (
            <section aria-labelledby="what-we-do">
              <h2 id="what-we-do">What we do</h2>
              <p className="prose prose--text">{company.whatWeDo}</p>
            </section>
          ) : null}

          {company.quote ? (
            <figure className="quote">
              <blockquote>
                <p>{company.quote.text}</p>
              </blockquote>
              {company.quote.author ? <figcaption>{company.quote.author}</figcaption> : null}
            </figure>
          ) : null}

          <section aria-labelledby="open-jobs">
            <h2 id="open-jobs">Open jobs at {company.name}</h2>
            {jobs.length ? (
              <JobList jobs={jobs} />
            ) : (
              <p className="muted">
                {company.name} has no open jobs right now. <Link to={paths.jobs()}>See jobs at other startups</Link>.
              </p>
            )}
          </section>
        </div>

        <aside className="startup-page__aside stack-lg" aria-label={`More about ${company.name}`}>
          {company.team.length ? (
            <section aria-labelledby="team">
              <h2 id="team">Team</h2>
              <ul className="people">
                {company.team.map((member, i) => (
                  <li key={`${member.name}-${i}`} className="person">
                    {member.image ? (
                      <img className="person__photo" src={member.image.sizes.thumbnail} alt="" width={40} height={40} loading="lazy" />
                    ) : (
                      <CompanyLogo company={{ name: member.name, logoImage: null }} size={40} />
                    )}
                    <span>
                      <span className="person__name">{member.name}</span>
                      {member.title ? <span className="person__title">{member.title}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {company.investors.length ? (
            <section aria-labelledby="investors">
              <h2 id="investors">Investors</h2>
              <ul className="plain-list">
                {company.investors.map((investor, i) => (
                  <li key={`${investor.name}-${i}`}>
                    <InvestorName investor={investor} />
                    {investor.category ? <span className="muted"> · {humanize(investor.category)}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
