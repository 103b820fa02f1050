/** The startup layout (spec 2.7): guarded by auth, client-manager rights and the draft rule (spec 2.12); the startup's name and admin pages. */
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ClientNav, StatusBadge, type ClientNavItem } from '../components/ClientNav';
import { companyArea, type AreaOwner } from './areas';

export async function loader(args: LoaderFunctionArgs): Promise<{ company: AreaOwner }> {
  return { company: await companyArea(args) };
}

/** The admin pages of a startup; a draft has only its edit page until it is finished (spec 2.12). */
export function startupNav(company: Pick<AreaOwner, 'key' | 'status'>): ClientNavItem[] {
  if (company.status === 'DRAFT') return [{ label: 'Edit startup profile', href: companyAdminPath(company.key, 'edit') }];
  return [
    { label: 'Dashboard', href: companyAdminPath(company.key), end: true },
    { label: 'Jobs', href: companyAdminPath(company.key, 'jobs') },
    { label: 'Applicants', href: companyAdminPath(company.key, 'applicants') },
    { label: 'Edit startup profile', href: companyAdminPath(company.key, 'edit') },
    { label: 'Startup settings', href: companyAdminPath(company.key, 'settings') },
  ];
}

export function Component() {
  const { company } = useLoaderData<typeof loader>();
  return (
    <div className="client-area container">
      <div className="client-area__head">
        <p className="client-area__kind">Startup</p>
        <p className="client-area__name">
          {company.name} <StatusBadge status={company.status} />
        </p>
        <ClientNav label={`${company.name} admin`} items={startupNav(company)} />
      </div>
      <div className="client-area__page">
        <Outlet />
      </div>
    </div>
  );
}
