/** `/client/followed-startups`: the startups the user follows (spec 4: follow and unfollow). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { Icon } from '../../components/Icon';
import { signedInArea } from '../../layouts/areas';
import type { RouteHandle } from '../../meta';

// Following is open to every signed-in user: the investor header links here too (spec 2.8).
export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Followed startups', noindex: true }),
};

export function Component() {
  return (
    <div className="page container">
      <header className="page-head">
        <h1>Followed startups</h1>
        <p className="page-head__lead">Keep an eye on the startups you care about and see their new jobs first.</p>
      </header>
      <div className="empty-state">
        <Icon name="building" className="empty-state__icon" />
        <h2 className="empty-state__title">You follow no startups yet</h2>
        <p>Startups you follow will appear here, with their open jobs. Follow one from its page.</p>
        <p className="empty-state__actions">
          <Link to={PATHS.startups} className="button button--primary">
            Browse startups
          </Link>
          <Link to={PATHS.jobs} className="button button--ghost">
            Find jobs
          </Link>
        </p>
      </div>
    </div>
  );
}
