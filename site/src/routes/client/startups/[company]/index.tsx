/** `/client/startups/{company}`: the startup dashboard: its name, status and the admin pages (spec 2.4). */
import type { Company } from '@nordlys/sdk/schemas';
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { StatusBadge } from '../../../../components/ClientNav';
import { EmbedSnippet } from '../../../../components/EmbedSnippet';
import { apiFrom } from '../../../../api';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import type { RouteHandle } from '../../../../meta';
import { paths } from '@nordlys/sdk/routes';

interface DashboardData {
  company: AreaOwner;
  /** For the connect banner (spec 2.9): which company, and whether its record has a linkedinId. */
  companyKey: string;
  linkedinConnected: boolean;
  /** The public record, when the API has one: active jobs and views. */
  details: Pick<Company, 'numberOfActiveJobs' | 'views'> | null;
  /** The indexable snippet for the startup's own site (#5); null while it is not public. */
  snippet: string | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  const company = await companyArea(args);
  const api = apiFrom(args.context);
  // The admin record (GET companies/{key}/hidden), else the public one; without either the connection is unknown.
  const record = await api.companies
    .hidden(company.key)
    .catch(() => api.companies.get(company.key))
    .catch(() => null);
  const snippet = await api.companies
    .embedSnippet(company.key)
    .then((answer) => answer.html)
    .catch(() => null);
  return {
    company,
    companyKey: company.key,
    snippet,
    linkedinConnected: Boolean(record?.linkedinId),
    details: record ? { numberOfActiveJobs: record.numberOfActiveJobs, views: record.views } : null,
  };
}

export const handle: RouteHandle<DashboardData> = {
  meta: ({ data }) => ({ title: `${data.company.name} dashboard`, noindex: true }),
};

const ADMIN_PAGES = [
  { page: 'jobs', label: 'Jobs', text: 'Post jobs and follow their status and views.' },
  { page: 'applicants', label: 'All applicants', text: 'Everyone who applied, by pipeline stage.' },
  { page: 'edit', label: 'Edit startup profile', text: 'What talent sees on your startup page.' },
  { page: 'settings', label: 'Startup settings', text: 'Team, notifications and connections.' },
] as const;

export function Component() {
  const { company, details, snippet } = useLoaderData<typeof loader>();
  return (
    <div>
      <header className="page-head page-head--actions">
        <div>
          <h1>{company.name}</h1>
          <p className="page-head__lead">
            Status: <StatusBadge status={company.status} />
            {company.member ? null : <span className="muted"> · You are viewing this startup as an admin.</span>}
          </p>
        </div>
        {/* Issue #12: the way to a new job, as on the jobs page. */}
        <Link className="button button--primary" to={paths.companyNewJob(company.key)}>
          Post a job
        </Link>
      </header>
      {details ? (
        <dl className="facts facts--inline">
          <div>
            <dt>Active jobs</dt>
            <dd>{details.numberOfActiveJobs}</dd>
          </div>
          <div>
            <dt>Profile views</dt>
            <dd>{details.views}</dd>
          </div>
        </dl>
      ) : null}
      <section className="client-section" aria-labelledby="admin-pages-title">
        <h2 id="admin-pages-title">Manage your startup</h2>
        <ul className="admin-links">
          {ADMIN_PAGES.map((item) => (
            <li key={item.page}>
              <Link to={companyAdminPath(company.key, item.page)} className="admin-link">
                <span className="admin-link__label">{item.label}</span>
                <span className="admin-link__text">{item.text}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={paths.startup(company.key)} className="admin-link">
              <span className="admin-link__label">Public startup page</span>
              <span className="admin-link__text">See your page as talent sees it.</span>
            </Link>
          </li>
        </ul>
      </section>
      <EmbedSnippet companyKey={company.key} html={snippet} />
    </div>
  );
}
