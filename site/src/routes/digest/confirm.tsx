/**
 * `/digest/confirm?token=` (issue #14): where the confirmation mail's link lands (double opt-in of a job
 * e-mail subscription). Opening the link changes nothing, because mail scanners open links too: the page
 * asks, and its button POSTs the token (POST digest/confirm), as a form, so it works without JS. A
 * confirmed subscription shows when its first e-mail goes and links to its settings.
 */
import { isApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import type { DigestProfile } from '@nordlys/sdk/schemas';
import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { failureMessage } from '../../components/form/errors';
import { nextDigestLabel } from '../../lib/digest';
import { rethrowAsRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert } from '../../modals/fields';

interface ConfirmData {
  /** The link's token, or null when the link has none. */
  token: string | null;
}

type ConfirmAction = { confirmed: true; profile: DigestProfile } | { confirmed: false; invalid: boolean; message: string };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.trim() || null;

export function loader({ request }: LoaderFunctionArgs): ConfirmData {
  return { token: tokenOf(request) };
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ConfirmAction> {
  const token = tokenOf(request);
  if (!token) return { confirmed: false, invalid: true, message: 'This confirmation link is not complete.' };
  try {
    return { confirmed: true, profile: await apiFrom(context).digest.confirm(token) };
  } catch (error) {
    // A refused token is an answer; no answer at all (network, 5xx) is the error page with its retry.
    if (!isApiError(error) || error.status === 0 || error.status >= 500) rethrowAsRouteError(error);
    return { confirmed: false, invalid: error.status !== 429, message: failureMessage(error, 'This confirmation link is not valid.') };
  }
}

export const handle: RouteHandle<ConfirmData> = {
  meta: () => ({ title: 'Confirm your job alerts', noindex: true }),
};

function Confirmed({ profile }: { profile: DigestProfile }) {
  const when = profile.nextDueAt ? nextDigestLabel(profile.nextDueAt, profile.timeZone) : null;
  return (
    <div className="account-card" role="status">
      <h1 className="account-card__title">Your job alerts are on</h1>
      <p className="account-card__lead">
        {`New jobs that match come to ${profile.email} ${profile.frequency === 'daily' ? 'every day' : 'every week'}${when ? `, first on ${when}` : ''}, whenever there are new ones.`}
      </p>
      <p className="account-card__actions">
        <Link to={paths.digestManage(profile.settingsKey)} className="button button--primary">
          Choose countries and categories
        </Link>
        <Link to={paths.jobs()} className="button button--ghost">
          Find jobs
        </Link>
      </p>
    </div>
  );
}

export function Component() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  if (result?.confirmed) {
    return (
      <div className="container page account-page">
        <Confirmed profile={result.profile} />
      </div>
    );
  }
  const invalid = !token || (result && result.invalid);
  return (
    <div className="container page account-page">
      <div className="account-card">
        {invalid ? (
          <>
            <h1 className="account-card__title">This link does not work</h1>
            <p className="account-card__lead">
              {result?.message ?? 'This confirmation link is not complete.'} Open the newest confirmation e-mail and use its link, or subscribe again from a job search.
            </p>
            <p className="account-card__actions">
              <Link to={paths.jobs()} className="button button--primary">
                Find jobs
              </Link>
            </p>
          </>
        ) : (
          <>
            <h1 className="account-card__title">Confirm your job alerts</h1>
            <p className="account-card__lead">One click, and new jobs at Nordic startups start coming to your inbox. You can unsubscribe from every e-mail.</p>
            {result && !result.confirmed ? <FormAlert>{result.message}</FormAlert> : null}
            <Form method="post" className="account-card__actions">
              <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
                {busy ? 'Confirming…' : 'Confirm my subscription'}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
