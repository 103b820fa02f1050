/**
 * `/client/applicant`: the talent profile (issue #13), editable (TalentProfileForm), with links to
 * My jobs and the e-mail notifications, and the "Delete talent profile" zone. With `?create=1` (the
 * choose-role way in, spec 2.11) a user without an applicant profile is asked to confirm; the
 * confirmation is a form POST (so a link from another site changes nothing, and it works without
 * JS), whose action creates the profile (POST applicant), selects it (spec 4) and comes back to the
 * page in its welcome state.
 */
import { isApiError } from '@nordlys/sdk/api';
import { PATHS } from '@nordlys/sdk/navigation';
import type { TalentProfile } from '@nordlys/sdk/schemas';
import { profileCookieValue, selectionAfterCreatingApplicant } from '@nordlys/sdk/profiles';
import { Form, redirect, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { apiFrom } from '../../../api';
import { DeleteTalentProfile, TalentProfileForm } from '../../../components/TalentProfileForm';
import { applicantArea } from '../../../layouts/areas';
import { orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { profileCookieHeader } from '../../../session/cookie';
import { useSession } from '../../../session/SessionProvider';
import { sessionStoreContext } from '../../../session/viewer';

/** Where a new applicant lands: the overview in its welcome state. */
export const WELCOME_PATH = `${PATHS.applicant}?welcome=1`;

/** The choose-role way in (spec 2.11), where the confirmation is shown and posted. */
export const CREATE_PATH = `${PATHS.applicant}?create=1`;

interface ApplicantData {
  welcome: boolean;
  /** create=1 for a user without an applicant profile: the page asks before creating one. */
  confirm: boolean;
  /** GET /api/applicant; null before the profile has been saved once (404): the form starts from the account. */
  profile: TalentProfile | null;
}

const wantsCreate = (request: Request) => new URL(request.url).searchParams.get('create') === '1';

export async function loader(args: LoaderFunctionArgs): Promise<ApplicantData> {
  const user = await applicantArea(args);
  const url = new URL(args.request.url);
  const confirm = !!user && wantsCreate(args.request) && user.applicant?.enabled !== true;
  const profile =
    user && !confirm
      ? await orRouteError(
          apiFrom(args.context)
            .applicant.get()
            .catch((error: unknown) => {
              if (isApiError(error) && error.status === 404) return null;
              throw error;
            }),
        )
      : null;
  return { welcome: !confirm && url.searchParams.get('welcome') === '1', confirm, profile };
}

/** The confirmation's POST: creates the profile, selects it and redirects to the welcome state. */
export async function action(args: ActionFunctionArgs): Promise<Response> {
  // The same guard as the page: signed in, with a profile already or create=1 in the posted URL.
  const user = await applicantArea(args);
  if (user && wantsCreate(args.request) && user.applicant?.enabled !== true) {
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
    return redirect(WELCOME_PATH, { headers: { 'Set-Cookie': profileCookieHeader(cookie) } });
  }
  // Posted twice, or already an applicant: nothing to create, the overview says the rest.
  return redirect(PATHS.applicant);
}

export const handle: RouteHandle<ApplicantData> = {
  meta: ({ data }) => ({
    title: data.confirm ? 'Create your talent profile' : data.welcome ? 'Welcome to your talent profile' : 'Your talent profile',
    noindex: true,
  }),
};

/** spec 2.11: the confirmation before a talent profile is created. */
function CreateConfirmation({ firstName }: { firstName: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <section className="welcome" aria-labelledby="page-title">
      <h1 id="page-title">Create your talent profile</h1>
      <p className="page-head__lead">
        {`${firstName ? `${firstName}, a` : 'A'} talent profile lets you save jobs, follow startups and apply to jobs at Nordic startups. You can fill it in afterwards.`}
      </p>
      <Form method="post" action={CREATE_PATH} className="welcome__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Create my talent profile
        </button>
        <Link to={PATHS.client} className="button button--ghost">
          Not now
        </Link>
      </Form>
    </section>
  );
}

export function Component() {
  const { welcome, confirm, profile } = useLoaderData<typeof loader>();
  const { user } = useSession();
  if (!user) return null;
  if (confirm) return <CreateConfirmation firstName={user.name.first} />;
  return (
    <div className="applicant-overview">
      {welcome ? (
        <section className="welcome" aria-labelledby="page-title">
          <h1 id="page-title">{`Welcome, ${user.name.first}!`}</h1>
          <p className="page-head__lead">
            Your talent profile is ready. Fill it in below, save the jobs you like, follow startups, and apply with one click.
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
          <p className="page-head__lead">What startups see when you apply. Your CV goes only to the startups you apply to.</p>
        </header>
      )}

      {/* A new form for another user (sign-out and in as someone else in the same tab). */}
      <TalentProfileForm key={user.id} profile={profile} user={user} />

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

      <DeleteTalentProfile />
    </div>
  );
}
