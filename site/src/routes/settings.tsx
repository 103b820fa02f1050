/**
 * `/settings` "My Account" (spec 2.8): the signed-in user's name, e-mail and its verification, and
 * a password change.
 *
 * Spec 7 has no call that changes a password or the name and e-mail of a signed-in user. So the
 * name and e-mail are shown read-only, with a note, and "change password" sends the reset mail
 * (POST users/forgot-password to the user's own address): its link opens /client/reset-password,
 * where the new password is set with POST users/reset-password. That also proves the person asking
 * can read the account's mailbox, which a change without the old password would not.
 */
import { isApiError } from '@nordlys/sdk/api';
import { auth } from '@nordlys/sdk/guards';
import { linkTo } from '@nordlys/sdk/routes';
import { useState, type FormEvent } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../api';
import { rethrowAsRouteError } from '../lib/routeErrors';
import type { RouteHandle } from '../meta';
import { FormAlert, FormStatus, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';

interface AccountData {
  fullName: string;
  email: string;
  isEmailVerified: boolean;
}

/** spec 2.12: logged-out visitors go to '/?to=%2Fsettings' (the sdk auth guard). */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<AccountData> {
  try {
    const user = await apiFrom(context).users.me();
    return { fullName: user.fullName, email: user.email, isEmailVerified: user.isEmailVerified };
  } catch (error) {
    // 401: not logged in; 403: the session ended (spec 8).
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      const url = new URL(request.url);
      const guard = auth(null, { path: url.pathname, params: {} }, url.searchParams);
      if (!guard.allow) throw redirect(guard.redirect);
    }
    rethrowAsRouteError(error);
  }
}

export const handle: RouteHandle<AccountData> = {
  meta: () => ({ title: 'My Account', noindex: true }),
};

/** Sends the password reset mail to the user's own address, with a clear confirmation. */
function PasswordChange({ email }: { email: string }) {
  const api = useApi();
  const { busy, submit } = useGuardedSubmit();
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    try {
      const result = await submit(() => api.users.forgotPassword({ email }));
      if (!result.ignored) setSent(true);
    } catch (error) {
      setAlert(error instanceof Error && error.message ? error.message : 'The e-mail could not be sent. Please try again.');
    }
  }

  return (
    <form className="account-form" onSubmit={onSubmit} aria-labelledby="account-password">
      <p>
        To change your password we send you an e-mail with a link. The link opens a page where you choose your new password.
      </p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {sent ? (
        <FormStatus>
          <p>
            We've sent an e-mail to <strong>{email}</strong> with a link to change your password. It can take a few minutes to
            arrive; check your spam folder if you don't see it.
          </p>
        </FormStatus>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Sending…" className="button button--primary">
        {sent ? 'Send the e-mail again' : 'Send me a password change link'}
      </SubmitButton>
    </form>
  );
}

export function Component() {
  // The contact page is offered once it exists (the URL registry says whether it does).
  const contact = linkTo('contact');
  const { fullName, email, isEmailVerified } = useLoaderData<typeof loader>();
  return (
    <div className="container page account-page">
      <h1>My Account</h1>
      <section className="account-section" aria-labelledby="account-details">
        <h2 id="account-details">Your details</h2>
        <dl className="account-details">
          <div>
            <dt>Name</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {email}{' '}
              <span className={isEmailVerified ? 'badge badge--verified' : 'badge badge--unverified'}>
                {isEmailVerified ? 'Verified' : 'Not verified'}
              </span>
            </dd>
          </div>
        </dl>
        {isEmailVerified ? null : (
          <p className="notice">
            Your e-mail address is not verified yet. Open the link in the verification e-mail we sent you when you signed up.
          </p>
        )}
        <p className="muted account-section__note">
          Your name and e-mail address can't be changed here yet.
          {contact ? (
            <>
              {' '}
              If they need correcting, <a href={contact}>contact us</a>.
            </>
          ) : null}
        </p>
      </section>
      <section className="account-section" aria-labelledby="account-password">
        <h2 id="account-password">Password</h2>
        <PasswordChange email={email} />
      </section>
    </div>
  );
}
