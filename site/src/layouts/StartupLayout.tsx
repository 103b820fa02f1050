/** The startup layout (spec 2.7): guarded by auth, client-manager rights and the draft rule (spec 2.12); the startup's name and admin pages. */
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { linkTo } from '@nordlys/sdk/routes';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ClientNav, StatusBadge, type ClientNavItem } from '../components/ClientNav';
import { companyArea, type AreaOwner } from './areas';

export async function loader(args: LoaderFunctionArgs): Promise<{ company: AreaOwner }> {
  return { company: await companyArea(args) };
}

/**
 * The admin pages of a startup; a draft has only its edit page until it is finished (spec 2.12).
 * Pages that are not built yet (URL registry) are left out, and appear once they are.
 */
export function startupNav(company: Pick<AreaOwner, 'key' | 'status'>): ClientNavItem[] {
  if (company.status === 'DRAFT') return [{ label: 'Edit startup profile', href: companyAdminPath(company.key, 'edit') }];
  const params = { company: company.key };
  const items: (ClientNavItem | null)[] = [
    { label: 'Dashboard', href: companyAdminPath(company.key), end: true },
    { label: 'Jobs', href: companyAdminPath(company.key, 'jobs') },
    { label: 'Applicants', href: companyAdminPath(company.key, 'applicants') },
    entry('Profile', linkTo('companyAdminProfile', params)),
    { label: 'Edit startup profile', href: companyAdminPath(company.key, 'edit') },
    entry('Users', linkTo('companyAdminUsers', params)),
    entry('White-label feeds', linkTo('companyAdminWhiteLabelFeeds', params)),
    entry('Blog', linkTo('companyAdminBlog', params)),
    entry('Deals', linkTo('companyAdminDeals', params)),
    entry('Funding', linkTo('companyAdminFunding', params)),
    { label: 'Settings', href: companyAdminPath(company.key, 'settings') },
  ];
  return items.filter((item): item is ClientNavItem => item !== null);
}

const entry = (label: string, href: string | null): ClientNavItem | null => (href ? { label, href } : null);

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
