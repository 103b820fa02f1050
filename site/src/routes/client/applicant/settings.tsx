/**
 * `/client/applicant/settings` (spec 2.2; issue #14): the applicant's e-mail notifications. The job digest
 * read by the account's address (spec 7 GET digest/mail/{email}, which gives the settingsKey; none yet is
 * a 404 and the form starts from the defaults): countries, categories, daily or weekly, the hour in the
 * user's time zone, pause, and a preview of the next e-mail. Below, the pinned searches with their
 * "N new since" counts (helper G's SavedSearches).
 */
import { isApiError } from '@nordlys/sdk/api';
import type { DigestPreview as Preview, DigestProfile } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../api';
import { DigestSettings } from '../../../components/DigestSettings';
import { SavedSearches } from '../../../components/SavedSearches';
import { applicantArea } from '../../../layouts/areas';
import { orFallback, orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';

interface SettingsData {
  email: string;
  /** The user's digest, or null before their first save. */
  profile: DigestProfile | null;
  /** The preview of the next e-mail, or null (none yet, or it failed: the panel tries again). */
  preview: Preview | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<SettingsData> {
  const user = await applicantArea(args);
  if (!user) return { email: '', profile: null, preview: null };
  const api = apiFrom(args.context);
  const profile = await orRouteError(
    api.digest.profileByEmail(user.email).catch((error: unknown) => {
      // No subscription yet.
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }),
  );
  const preview = profile ? await orFallback(api.digest.preview(profile.settingsKey), null) : null;
  return { email: user.email, profile, preview };
}

export const handle: RouteHandle<SettingsData> = {
  meta: () => ({ title: 'Email notifications', noindex: true }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <header className="page-head">
        <h1>Email notifications</h1>
        <p className="page-head__lead">New jobs at Nordic startups in your inbox, daily or weekly, from the countries and categories you choose.</p>
      </header>
      <DigestSettings {...data} />
      <SavedSearches heading="Saved searches" />
    </div>
  );
}
