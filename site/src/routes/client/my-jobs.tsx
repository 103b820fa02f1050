/** `/client/my-jobs`: the applicant's saved jobs and jobs marked as interesting (spec 4). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { Icon } from '../../components/Icon';
import { applicantArea } from '../../layouts/areas';
import type { RouteHandle } from '../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await applicantArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'My jobs', noindex: true }),
};

export function Component() {
  return (
    <div>
      <header className="page-head">
        <h1>My jobs</h1>
        <p className="page-head__lead">The jobs you save and the jobs you mark as interesting, in one place.</p>
      </header>
      <div className="empty-state">
        <Icon name="briefcase" className="empty-state__icon" />
        <h2 className="empty-state__title">No saved jobs yet</h2>
        <p>Jobs you save or mark as interesting will appear here. Find one you like on the job board, or start from a startup you admire.</p>
        <p className="empty-state__actions">
          <Link to={PATHS.jobs} className="button button--primary">
            Find jobs
          </Link>
          <Link to={PATHS.startups} className="button button--ghost">
            Browse startups
          </Link>
        </p>
      </div>
    </div>
  );
}
