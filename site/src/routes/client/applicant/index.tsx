/**
 * `/client/applicant`: the applicant's overview. With `?create=1` (the choose-role way in, spec 2.11)
 * a user without an applicant profile gets one (POST applicant), it is selected (spec 4), and the
 * page comes back with the welcome state.
 */
import { CATEGORIES, countryName } from '@nordlys/sdk/constants';
import { PATHS } from '@nordlys/sdk/navigation';
import { profileCookieValue, selectionAfterCreatingApplicant } from '@nordlys/sdk/profiles';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../api';
import { applicantArea } from '../../../layouts/areas';
import { orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { profileCookieHeader } from '../../../session/cookie';
import { useSession } from '../../../session/SessionProvider';
import { sessionStoreContext } from '../../../session/viewer';

/** Where a new applicant lands: the overview in its welcome state. */
export const WELCOME_PATH = `${PATHS.applicant}?welcome=1`;

interface ApplicantData {
  welcome: boolean;
}

export async function loader(args: LoaderFunctionArgs): Promise<ApplicantData> {
  const user = await applicantArea(args);
  const url = new URL(args.request.url);
  if (user && url.searchParams.get('create') === '1' && user.applicant?.enabled !== true) {
    const api = apiFrom(args.context);
    await orRouteError(api.applicant.create());
    // spec 4: creating an applicant profile selects it.
    const cookie = profileCookieValue(selectionAfterCreatingApplicant(user));
    const store = args.context.get(sessionStoreContext);
    if (store) {
      // In the browser the session learns the new profile now; the header follows.
      store.setUser(await orRouteError(api.users.me()));
      store.setCookie(cookie);
    }
    // A redirect, so a reload does not create again and the server renders the next page with the selection.
    throw redirect(WELCOME_PATH, { headers: { 'Set-Cookie': profileCookieHeader(cookie) } });
  }
  return { welcome: url.searchParams.get('welcome') === '1' };
}

export const handle: RouteHandle<ApplicantData> = {
  meta: ({ data }) => ({ title: data.welcome ? 'Welcome to your talent profile' : 'Your talent profile', noindex: true }),
};

function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.text ?? value;
}

export function Component() {
  const { welcome } = useLoaderData<typeof loader>();
  const { user } = useSession();
  if (!user) return null;
  const profile = user.applicantProfile;
  const categories = profile?.categories ?? [];
  return (
    <div className="applicant-overview">
      {welcome ? (
        <section className="welcome" aria-labelledby="page-title">
          <h1 id="page-title">{`Welcome, ${user.name.first}!`}</h1>
          <p className="page-head__lead">
            Your talent profile is ready. Save the jobs you like, follow startups, and we will keep you posted.
          </p>
          <p className="welcome__actions">
            <Link to={PATHS.jobs} className="button button--primary">
              Find jobs
            </Link>
            <Link to={PATHS.startups} className="button button--ghost">
              Browse startups
            </Link>
          </p>
        </section>
      ) : (
        <header className="page-head">
          <h1 id="page-title">Your talent profile</h1>
          <p className="page-head__lead">What startups see when you apply, and where your saved jobs and notifications live.</p>
        </header>
      )}

      <section className="client-section" aria-labelledby="overview-title">
        <h2 id="overview-title">Overview</h2>
        <dl className="facts">
          <div>
            <dt>Name</dt>
            <dd>{user.fullName}</dd>
          </div>
          <div>
            <dt>Headline</dt>
            <dd>{profile?.headline || <span className="muted">No headline yet</span>}</dd>
          </div>
          <div>
            <dt>Preferred country</dt>
            <dd>
              {profile?.preferredCountryCode ? countryName(profile.preferredCountryCode) : <span className="muted">Not chosen yet</span>}
            </dd>
          </div>
          <div>
            <dt>Categories</dt>
            <dd>
              {categories.length ? (
                <ul className="chips">
                  {categories.map((value) => (
                    <li key={value} className="chip">
                      {categoryLabel(value)}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="muted">None chosen yet</span>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section className="client-section" aria-labelledby="next-title">
        <h2 id="next-title">Your jobs and notifications</h2>
        <ul className="tile-grid">
          <li>
            <Link to={PATHS.myJobs} className="tile">
              My jobs
            </Link>
          </li>
          <li>
            <Link to={PATHS.applicantSettings} className="tile">
              Email notifications
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
