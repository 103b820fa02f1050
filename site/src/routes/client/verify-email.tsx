/**
 * `/client/verify-email` (spec 2.2, 7): the result of an e-mail verification link. The server
 * verifies `email-verification-key` on a page load and redirects here with `?result=verified` or
 * `?result=invalid`; on a client-side navigation the key is still in the URL, so the loader calls
 * POST users/verify-email itself and redirects the same way (the key leaves the address bar).
 */
import { isApiError } from '@nordlys/sdk/api';
import { PATHS } from '@nordlys/sdk/navigation';
import { linkTo } from '@nordlys/sdk/routes';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { rethrowAsRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

const VERIFY_KEY_PARAM = 'email-verification-key';

type VerifyResult = 'verified' | 'invalid' | 'none';

interface VerifyEmailData {
  result: VerifyResult;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<VerifyEmailData> {
  const url = new URL(request.url);
  const key = url.searchParams.get(VERIFY_KEY_PARAM);
  if (key) {
    let result: VerifyResult = 'verified';
    try {
      await apiFrom(context).users.verifyEmail({ emailVerificationKey: key });
    } catch (error) {
      // A refused key is an answer; no answer at all (network, 5xx) is an error page with a retry.
      if (!isApiError(error) || error.status < 400 || error.status >= 500) rethrowAsRouteError(error);
      result = 'invalid';
    }
    throw redirect(`${url.pathname}?result=${result}`);
  }
  const result = url.searchParams.get('result');
  return { result: result === 'verified' || result === 'invalid' ? result : 'none' };
}

export const handle: RouteHandle<VerifyEmailData> = {
  meta: () => ({ title: 'Verify email', noindex: true }),
};

const CONTENT: Record<VerifyResult, { title: string; text: string }> = {
  verified: {
    title: 'Your email address is verified',
    text: 'Thank you. Your account is ready to use.',
  },
  invalid: {
    title: 'We could not verify your email address',
    text: 'The link is invalid or has expired, or it was already used. Open the newest verification e-mail we sent you and use its link. My Account shows whether your address is verified; if it is not and the link keeps failing, contact us and we will help.',
  },
  none: {
    title: 'Verify your email address',
    text: 'Open the link in the verification e-mail we sent you; it brings you back here. My Account shows whether your address is verified.',
  },
};

export function Component() {
  // The contact page is offered once it exists (the URL registry says whether it does).
  const contact = linkTo('contact');
  const { result } = useLoaderData<typeof loader>();
  const { title, text } = CONTENT[result];
  return (
    <div className="container page account-page">
      <div className="account-card">
        <h1 className="account-card__title">{title}</h1>
        <p className="account-card__lead">{text}</p>
        <p className="account-card__actions">
          {result === 'verified' ? (
            <Link to={PATHS.jobs} className="button button--primary">
              Find jobs
            </Link>
          ) : contact ? (
            <a href={contact} className="button button--ghost">
              Contact us
            </a>
          ) : null}
          <Link to={PATHS.account} className={result === 'verified' ? 'button button--ghost' : 'button button--primary'}>
            My Account
          </Link>
        </p>
      </div>
    </div>
  );
}
