/** The `/users` page of a startup or an investor (issue #11): loader, title and the shared TeamManager. */
import { PATHS } from '@nordlys/sdk/navigation';
import type { Team } from '@nordlys/sdk/schemas';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../api';
import { companyArea, investorArea, signedInArea, type AreaOwner } from '../layouts/areas';
import { orRouteError } from '../lib/routeErrors';
import type { RouteHandle } from '../meta';
import { useSession } from '../session';
import { teamCalls, TeamManager, type TeamKind } from './TeamManager';

export interface TeamPageData {
  owner: AreaOwner;
  team: Team;
  userId: number | null;
}

/** A route module (loader, handle, Component) for the team page of a startup or an investor. */
export function teamPage(kind: TeamKind) {
  const area = kind === 'company' ? companyArea : investorArea;

  async function loader(args: LoaderFunctionArgs): Promise<TeamPageData> {
    const owner = await area(args);
    const [team, user] = await Promise.all([orRouteError(teamCalls(apiFrom(args.context), kind).members(owner.key)), signedInArea(args)]);
    return { owner, team, userId: user?.id ?? null };
  }

  const handle: RouteHandle<TeamPageData> = {
    meta: ({ data }) => ({ title: `Team members · ${data.owner.name}`, noindex: true }),
  };

  function Component() {
    const { owner, team, userId } = useLoaderData<typeof loader>();
    const session = useSession();
    const navigate = useNavigate();
    return (
      <div>
        <header className="page-head">
          <h1>Team members</h1>
          <p className="page-head__lead">
            Everyone here manages {owner.name}: its profile{kind === 'company' ? ', jobs and applicants' : ' and portfolio'}. Invite
            your colleagues by e-mail.
          </p>
        </header>
        <TeamManager
          // A new team after a navigation between two profiles starts fresh.
          key={owner.key}
          owner={{ kind, key: owner.key, name: owner.name }}
          initial={team}
          userId={userId}
          onLeft={async () => {
            // The header, the profile menu and the guards must forget the membership.
            await session.refresh();
            await navigate(PATHS.client);
          }}
        />
      </div>
    );
  }

  return { loader, handle, Component };
}
