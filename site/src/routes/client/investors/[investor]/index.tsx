/** `/client/investors/{investor}`: the investor dashboard: its name, status and the admin pages (spec 2.3). */
import { investorAdminPath } from '@nordlys/sdk/navigation';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { StatusBadge } from '../../../../components/ClientNav';
import { investorArea, type AreaOwner } from '../../../../layouts/areas';
import type { RouteHandle } from '../../../../meta';

interface DashboardData {
  investor: AreaOwner;
}

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  return { investor: await investorArea(args) };
}

export const handle: RouteHandle<DashboardData> = {
  meta: ({ data }) => ({ title: `${data.investor.name} dashboard`, noindex: true }),
};

const ADMIN_PAGES = [
  { page: 'edit', label: 'Edit investor profile', text: 'What startups see: your intro, key people and what you invest in.' },
  { page: 'startups', label: 'Portfolio', text: 'The startups you have invested in; they show you as their investor.' },
  { page: 'settings', label: 'Investor settings', text: 'Team members and contact preference.' },
] as const;

export function Component() {
  const { investor } = useLoaderData<typeof loader>();
  return (
    <div>
      <header className="page-head">
        <h1>{investor.name}</h1>
        <p className="page-head__lead">
          Status: <StatusBadge status={investor.status} />
          {investor.member ? null : <span className="muted"> · You are viewing this investor as an admin.</span>}
        </p>
      </header>
      <section className="client-section" aria-labelledby="admin-pages-title">
        <h2 id="admin-pages-title">Manage your investor profile</h2>
        <ul className="admin-links">
          {ADMIN_PAGES.map((item) => (
            <li key={item.page}>
              <Link to={investorAdminPath(investor.key, item.page)} className="admin-link">
                <span className="admin-link__label">{item.label}</span>
                <span className="admin-link__text">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
