/**
 * `/emailsignup` (spec 2.1): the sign-up-with-e-mail form of spec 2.10 as a page. The new user goes
 * to the session, whose after-sign-in rules (spec 4) go on to `?to` (else '/client/') or open a modal.
 */
import { PATHS, signInPath } from '@nordlys/sdk/navigation';
import { safeReturnPath } from '@nordlys/sdk/return-path';
import type { AuthSettings } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../lib/Link';
import { apiFrom } from '../api';
import { orRouteError } from '../lib/routeErrors';
import type { RouteHandle } from '../meta';
import { SignUpForm } from '../modals/SignUpForm';
import { useApi } from '../modals/useApi';
import { useSignedIn } from '../modals/useSignedIn';

interface EmailSignupData {
  auth: AuthSettings;
  /** Where to go after signing up: the 'to' query when it is a path on this site, else '/client/'. */
  to: string;
  /** spec 5: a name and e-mail may be prefilled (from the query 'name' and 'email'). */
  name: string | null;
  email: string | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<EmailSignupData> {
  const query = new URL(request.url).searchParams;
  const config = await orRouteError(apiFrom(context).site.config());
  return {
    auth: config.auth,
    to: safeReturnPath(query.get('to')) ?? PATHS.client,
    name: query.get('name'),
    email: query.get('email'),
  };
}

export const handle: RouteHandle<EmailSignupData> = {
  meta: () => ({
    title: 'Sign up',
    description: 'Create your account to apply to jobs at Nordic startups, follow startups and get job alerts.',
    noindex: true,
  }),
};

export function Component() {
  const { auth, to, name, email } = useLoaderData<typeof loader>();
  const api = useApi();
  const signedIn = useSignedIn();
  const logIn = (
    <p className="auth-switch">
      Already have an account? <Link to={signInPath(to)}>Log in</Link>
    </p>
  );
  return (
    <div className="container page account-page">
      <div className="account-card">
        <h1 className="account-card__title">Sign up</h1>
        {auth.signUp ? (
          <>
            <p className="account-card__lead">Create your account to apply to jobs, follow startups and get job alerts.</p>
            <SignUpForm
              api={api}
              captcha={auth.captcha}
              initial={{ name, email }}
              onSuccess={(user) => signedIn(user, { to })}
              logIn={logIn}
            />
          </>
        ) : (
          <>
            <p className="account-card__lead">Signing up is closed at the moment.</p>
            {logIn}
          </>
        )}
      </div>
    </div>
  );
}
