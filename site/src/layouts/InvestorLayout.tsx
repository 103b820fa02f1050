/** The investor layout (spec 2.7): guarded by investor-manager rights and the draft rule (spec 2.12); the investor's name and admin pages. */
import { investorAdminPath } from '@nordlys/sdk/navigation';
import { linkTo } from '@nordlys/sdk/routes';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ClientNav, StatusBadge, type ClientNavItem } from '../components/ClientNav';
import { investorArea, type AreaOwner } from './areas';

export async function loader(args: LoaderFunctionArgs): Promise<{ investor: AreaOwner }> {
  return { investor: await investorArea(args) };
}

/** A nav entry for a page that may not be built yet (`href` null). */
const page = (label: string, href: string | null): ClientNavItem | null => (href ? { label, href } : null);

/**
 * The admin pages of an investor; a draft has only its edit page until it is finished (spec 2.12).
 * Pages that are not built yet (the URL registry says) are left out, so no link leads to a 404.
 */
export function investorNav(investor: Pick<AreaOwner, 'key' | 'status'>): ClientNavItem[] {
  if (investor.status === 'DRAFT') return [{ label: 'Edit investor profile', href: investorAdminPath(investor.key, 'edit') }];
  const params = { investor: investor.key };
  const items: (ClientNavItem | null)[] = [
    { label: 'Dashboard', href: investorAdminPath(investor.key), end: true },
    page('Profile', linkTo('investorAdminProfile', params)),
    { label: 'Edit investor profile', href: investorAdminPath(investor.key, 'edit') },
    page('Startups', linkTo('investorAdminStartups', params)),
    page('Users', linkTo('investorAdminUsers', params)),
    { label: 'Investor settings', href: investorAdminPath(investor.key, 'settings') },
  ];
  return items.filter((item): item is ClientNavItem => item !== null);
}

export function Component() {
  const { investor } = useLoaderData<typeof loader>();
  return (
    <div className="client-area container">
      <div className="client-area__head">
        <p className="client-area__kind">Investor</p>
        <p className="client-area__name">
          {investor.name} <StatusBadge status={investor.status} />
        </p>
        <ClientNav label={`${investor.name} admin`} items={investorNav(investor)} />
      </div>
      <div className="client-area__page">
        <Outlet />
      </div>
    </div>
  );
}
