/** `/client/`: the client-area landing (spec 2.2): the user's profiles as cards, and a way to create another. */
import { chooseRoleOptions } from '@nordlys/sdk/modals';
import { PATHS } from '@nordlys/sdk/navigation';
import { paths } from '@nordlys/sdk/routes';
import { selectionOf } from '@nordlys/sdk/profiles';
import { type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { Icon } from '../../components/Icon';
import { ProfileCard } from '../../components/ProfileCard';
import { signedInArea } from '../../layouts/areas';
import type { RouteHandle } from '../../meta';
import { useSession } from '../../session/SessionProvider';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Your profiles', noindex: true }),
};

/** spec 2.11's sign-up choices, for a user with no profile yet. */
function RoleChoices() {
  return (
    <section className="client-home__choices" aria-labelledby="role-choices-title">
      <h2 id="role-choices-title">What brings you here?</h2>
      <p className="muted">You have no profile yet. Choose what you would like to do first; you can add the others later.</p>
      <ul className="tile-grid">
        {chooseRoleOptions('sign-up').map((choice) => (
          <li key={choice.href}>
            <Link to={choice.href} className="tile">
              <Icon name="arrow-right" />
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const session = useSession();
  const { user, profiles, profile: current } = session;
  if (!user) return null;
  const hasApplicant = profiles.some((p) => p.type === 'applicant');
  return (
    <div className="page container client-home">
      <header className="page-head">
        <h1>Your profiles</h1>
        <p className="page-head__lead">
          {profiles.length
            ? `Hi ${user.name.first}, choose the profile you want to work with.`
            : `Welcome, ${user.name.first}!`}
        </p>
      </header>
      {user.isAdmin ? (
        <p className="client-home__admin">
          <Link to={paths.reviews()}>Review submitted startups and investors</Link>
          {/* Issue #15: the site's own blog posts. */}
          <span aria-hidden="true"> · </span>
          <Link to={paths.adminBlog()}>Write the site's blog posts</Link>
        </p>
      ) : null}
      {profiles.length ? (
        <>
          <ul className="profile-cards">
            {profiles.map((profile) => (
              <li key={`${profile.type}:${profile.key}`}>
                <ProfileCard
                  profile={profile}
                  current={current?.type === profile.type && current.key === profile.key}
                  onOpen={() => void session.selectProfile(selectionOf(profile))}
                />
              </li>
            ))}
          </ul>
          <div className="client-home__more">
            <button type="button" className="button button--primary" onClick={() => session.openChooseRole('profile')}>
              Create a new profile
            </button>
            {hasApplicant ? null : (
              <Link to={`${PATHS.applicant}?create=1`} className="button button--ghost">
                Create a talent profile
              </Link>
            )}
          </div>
        </>
      ) : (
        <RoleChoices />
      )}
    </div>
  );
}
