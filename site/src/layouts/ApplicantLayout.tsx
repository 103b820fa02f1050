/** The applicant layout (spec 2.7): guarded by the applicant role (spec 2.12: an enabled applicant profile, or create=1). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { ClientNav } from '../components/ClientNav';
import { applicantArea } from './areas';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await applicantArea(args);
  return { ok: true };
}

const APPLICANT_NAV = [
  { label: 'Talent profile', href: PATHS.applicant, end: true },
  { label: 'My jobs', href: PATHS.myJobs },
  { label: 'Followed startups', href: PATHS.followedStartups },
  { label: 'Email notifications', href: PATHS.applicantSettings },
];

export function Component() {
  return (
    <div className="client-area container">
      <div className="client-area__head">
        <p className="client-area__kind">Talent</p>
        <ClientNav label="Talent" items={APPLICANT_NAV} />
      </div>
      <div className="client-area__page">
        <Outlet />
      </div>
    </div>
  );
}
