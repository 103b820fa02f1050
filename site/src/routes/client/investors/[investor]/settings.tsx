/**
 * `/client/investors/{investor}/settings` (issue #11): the investor's team and how founders reach it
 * (set on the edit form, summarised here), and deleting the investor with a typed confirmation.
 */
import { investorAdminPath } from '@nordlys/sdk/navigation';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { DeleteProfile } from '../../../../components/DeleteProfile';
import { investorArea, type AreaOwner } from '../../../../layouts/areas';
import type { RouteHandle } from '../../../../meta';

interface SettingsData {
  owner: AreaOwner;
}

export async function loader(args: LoaderFunctionArgs): Promise<SettingsData> {
  return { owner: await investorArea(args) };
}

export const handle: RouteHandle<SettingsData> = {
  meta: ({ data }) => ({ title: `Investor settings · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner } = useLoaderData<typeof loader>();
  return (
    <div>
      <header className="page-head">
        <h1>Investor settings</h1>
        <p className="page-head__lead">The team of {owner.name}, how founders contact you, and deleting the profile.</p>
      </header>
      <section className="admin-section" aria-labelledby="investor-settings-team">
        <h2 id="investor-settings-team">Team</h2>
        <p>
          <Link to={investorAdminPath(owner.key, 'users')}>Manage the team members of {owner.name}</Link>: invite colleagues by
          e-mail, remove members, or leave.
        </p>
      </section>
      <section className="admin-section" aria-labelledby="investor-settings-contact">
        <h2 id="investor-settings-contact">How founders contact you</h2>
        <p>
          Founders reach you by e-mail or through your website, as the contact preference on your profile says. Change it, and the
          contact e-mail, on <Link to={investorAdminPath(owner.key, 'edit')}>Edit investor profile</Link>.
        </p>
      </section>
      <DeleteProfile
        kind="investor"
        profileKey={owner.key}
        name={owner.name}
        consequences={`Deleting ${owner.name} removes its public page, its place in the investor directory and on its portfolio startups' pages, and its team's access.`}
      />
    </div>
  );
}
