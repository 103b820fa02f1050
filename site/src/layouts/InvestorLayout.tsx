/** The investor layout (spec 2.7): guarded by investor-manager rights and the draft rule (spec 2.12); the investor's name and admin pages. */
import { investorAdminPath } from '@nordlys/sdk/navigation';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ClientNav, StatusBadge, type ClientNavItem } from '../components/ClientNav';
import { investorArea, type AreaOwner } from './areas';

export async function loader(args: LoaderFunctionArgs): Promise<{ investor: AreaOwner }> {
  return { investor: await investorArea(args) };
}

export function investorNav(investor: Pick<AreaOwner, 'key' | 'status'>): ClientNavItem[] {
  if (investor.status === 'DRAFT') return [{ label: 'Edit investor profile', href: investorAdminPath(investor.key, 'edit') }];
  return [
    { label: 'Dashboard', href: investorAdminPath(investor.key), end: true },
    { label: 'Edit investor profile', href: investorAdminPath(investor.key, 'edit') },
    { label: 'Investor settings', href: investorAdminPath(investor.key, 'settings') },
  ];
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
