/** `/client/investors/new`: creating an investor profile (signed-in users; spec 2.3). */
import { PATHS } from '@nordlys/sdk/navigation';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { signedInArea } from '../../../layouts/areas';
import type { RouteHandle } from '../../../meta';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Create your investor profile', noindex: true }),
};

export function Component() {
  return (
    <div className="page container">
      <header className="page-head">
        <h1>Create your investor profile</h1>
        <p className="page-head__lead">Your profile in the investor list: your intro, key people and investments.</p>
      </header>
      <div className="notice notice--coming">
        <p>The form to create an investor profile comes in a later release.</p>
        <p>
          <Link to={PATHS.investorsJoin}>What you get as an investor</Link>
        </p>
      </div>
    </div>
  );
}
