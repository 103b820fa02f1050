/**
 * `/digest/manage/{key}` (issue #14): the manage link of every job e-mail. No sign-in: the settingsKey
 * in the link is the secret (GET digest/{settingsKey}; an unknown key is 404). The same settings and
 * preview as /client/applicant/settings, and "Unsubscribe" (DELETE digest/{settingsKey}), a form POST
 * so it works without JS too.
 */
import { isApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import type { DigestPreview as Preview, DigestProfile } from '@nordlys/sdk/schemas';
import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { apiFrom } from '../../../api';
import { failureMessage } from '../../../components/form/errors';
import { notFound, orFallback, orRouteError, rethrowAsRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';
import { FormAlert } from '../../../modals/fields';
import { DigestSettings } from '../../../components/DigestSettings';

interface ManageData {
  profile: DigestProfile;
  preview: Preview | null;
}

type ManageAction = { unsubscribed: true; email: string | null } | { unsubscribed: false; message: string };

export async function loader({ params, context }: LoaderFunctionArgs): Promise<ManageData> {
  const key = params.key ?? '';
  const api = apiFrom(context);
  const profile = await orRouteError(api.digest.get(key));
  const preview = await orFallback(api.digest.preview(profile.settingsKey), null);
  return { profile, preview };
}

/** "Unsubscribe": ends the subscription of the link's key. */
export async function action({ params, context }: ActionFunctionArgs): Promise<ManageAction> {
  try {
    const answer = await apiFrom(context).digest.remove(params.key ?? '');
    return { unsubscribed: true, email: answer.email };
  } catch (error) {
    // Already gone: the page says so like any unknown link.
    if (isApiError(error) && error.status === 404) notFound('This job alert does not exist any more');
    if (isApiError(error) && error.status >= 500) rethrowAsRouteError(error);
    return { unsubscribed: false, message: failureMessage(error, 'We could not unsubscribe you. Please try again.') };
  }
}

export const handle: RouteHandle<ManageData> = {
  meta: () => ({ title: 'Your job alerts', noindex: true }),
};

function Unsubscribe() {
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <section className="admin-section danger-zone" aria-labelledby="digest-unsubscribe-title">
      <h2 id="digest-unsubscribe-title">Unsubscribe</h2>
      <p>No more job alerts to this address. You can subscribe again from any job search.</p>
      {result && !result.unsubscribed ? <FormAlert>{result.message}</FormAlert> : null}
      <Form method="post">
        <button type="submit" className="button button--danger" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Unsubscribing…' : 'Unsubscribe from job alerts'}
        </button>
      </Form>
    </section>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.unsubscribed) {
    return (
      <div className="container page account-page">
        <div className="account-card" role="status">
          <h1 className="account-card__title">You are unsubscribed</h1>
          <p className="account-card__lead">{`No more job alerts go to ${result.email ?? data.profile.email}.`}</p>
          <p className="account-card__actions">
            <Link to={paths.jobs()} className="button button--primary">
              Find jobs
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="container page">
      <header className="page-head">
        <h1>Your job alerts</h1>
        <p className="page-head__lead">{`The job alerts sent to ${data.profile.email}. Anyone with this page's link can change them, so keep it to yourself.`}</p>
      </header>
      <DigestSettings email={data.profile.email} profile={data.profile} preview={data.preview} />
      <Unsubscribe />
    </div>
  );
}
