/**
 * `/digest/unsubscribe?id&token` (issue #14): the unsubscribe page of a job e-mail. The List-Unsubscribe
 * URL's GET lands here, and so does the mail's visible link. A GET never unsubscribes, because mail
 * scanners follow links: the page reads what the link would end (GET digest/unsubscribe, the address
 * masked) and its button POSTs with RFC 8058's one-click body, as a form, so it works without JS. Mail
 * clients that support one-click POST to the API's URL themselves, with no page at all.
 */
import { isApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import type { DigestUnsubscribeInfo, DigestUnsubscribeQuery } from '@nordlys/sdk/schemas';
import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { failureMessage } from '../../components/form/errors';
import { rethrowAsRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert } from '../../modals/fields';

type UnsubscribeData = { valid: true; info: DigestUnsubscribeInfo } | { valid: false };

type UnsubscribeAction = { done: true; info: DigestUnsubscribeInfo } | { done: false; message: string };

function queryOf(request: Request): DigestUnsubscribeQuery | null {
  const params = new URL(request.url).searchParams;
  const id = params.get('id');
  const token = params.get('token');
  return id && token ? { id, token } : null;
}

/** A refused link (4xx) is an answer; no answer at all (network, 5xx) is the error page with its retry. */
function refused(error: unknown): boolean {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) rethrowAsRouteError(error);
  return true;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<UnsubscribeData> {
  const query = queryOf(request);
  if (!query) return { valid: false };
  try {
    return { valid: true, info: await apiFrom(context).digest.unsubscribeInfo(query) };
  } catch (error) {
    refused(error);
    return { valid: false };
  }
}

export async function action({ request, context }: ActionFunctionArgs): Promise<UnsubscribeAction> {
  const query = queryOf(request);
  if (!query) return { done: false, message: 'This unsubscribe link is not complete.' };
  try {
    return { done: true, info: await apiFrom(context).digest.unsubscribe(query) };
  } catch (error) {
    refused(error);
    return { done: false, message: failureMessage(error, 'We could not unsubscribe you. Please try again.') };
  }
}

export const handle: RouteHandle<UnsubscribeData> = {
  meta: () => ({ title: 'Unsubscribe from job alerts', noindex: true }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';

  let body;
  if (result?.done || (data.valid && !data.info.subscribed)) {
    const email = result?.done ? result.info.email : data.valid ? data.info.email : null;
    body = (
      <div role="status">
        <h1 className="account-card__title">You are unsubscribed</h1>
        <p className="account-card__lead">{`No more job alerts go to ${email ?? 'this address'}. You can subscribe again from any job search.`}</p>
        <p className="account-card__actions">
          <Link to={paths.jobs()} className="button button--primary">
            Find jobs
          </Link>
        </p>
      </div>
    );
  } else if (!data.valid) {
    body = (
      <>
        <h1 className="account-card__title">This link does not work</h1>
        <p className="account-card__lead">The unsubscribe link is not complete or not valid. Use the Unsubscribe link of the newest job alert e-mail, or the settings it links to.</p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="account-card__title">Unsubscribe from job alerts?</h1>
        <p className="account-card__lead">{`No more job alerts will go to ${data.info.email ?? 'this address'}.`}</p>
        {result && !result.done ? <FormAlert>{result.message}</FormAlert> : null}
        <Form method="post" className="account-card__actions">
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
          <Link to={paths.jobs()} className="button button--ghost">
            Keep my job alerts
          </Link>
        </Form>
      </>
    );
  }
  return (
    <div className="container page account-page">
      <div className="account-card">{body}</div>
    </div>
  );
}
