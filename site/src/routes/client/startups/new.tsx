/** `/client/startups/new`: creating a startup profile (signed-in users; spec 2.4). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { signedInArea } from '../../../layouts/areas';
import type { RouteHandle } from '../../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Create your startup profile', noindex: true }),
};

export function Component() {
  return (
    <div className="page container">
      <header className="page-head">
        <h1>Create your startup profile</h1>
        <p className="page-head__lead">Your startup's page: what you do, your team and perks, and the jobs you post.</p>
      </header>
      <div className="notice notice--coming">
        <p>The form to create a startup profile comes in a later release.</p>
        <p>
          <Link to={PATHS.startupsJoin}>What you get as a startup</Link>
        </p>
      </div>
    </div>
  );
}
