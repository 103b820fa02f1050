/** `/client/applicant/settings`: the applicant's e-mail notifications (the job digest of spec 7). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { applicantArea } from '../../../layouts/areas';
import type { RouteHandle } from '../../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await applicantArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Email notifications', noindex: true }),
};

export function Component() {
  return (
    <div>
      <header className="page-head">
        <h1>Email notifications</h1>
        <p className="page-head__lead">Choose the countries you want job e-mails about, daily or weekly, remote jobs included or not.</p>
      </header>
      <div className="empty-state">
        <h2 className="empty-state__title">Job e-mails are not set up here yet</h2>
        <p>Managing your job digest from this page comes in a later release. Until then, browse the latest jobs on the job board.</p>
        <Link to={PATHS.jobs} className="button button--primary">
          Find jobs
        </Link>
      </div>
    </div>
  );
}
