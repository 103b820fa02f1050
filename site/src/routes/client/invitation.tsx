/**
 * `/client/invitation?token=` (issue #11): where a team invitation's mail link lands. Signed out, the
 * auth guard sends the visitor to '/?to=…' (sign in, or sign up from the modal) and back here; the
 * after-sign-in rules let this page win over the choose-role modal (sdk auth-flow). Signed in, the
 * page says what the invitation is for and offers "Join {name}". A button rather than joining on
 * load: link prefetchers and mail scanners open links too, and must not take the invitation.
 */
import { isApiError } from '@nordlys/sdk/api';
import { companyAdminPath, investorAdminPath, PATHS } from '@nordlys/sdk/navigation';
import { InvitationTokenSchema, type InvitationInfo } from '@nordlys/sdk/schemas';
import { exactDate } from '@nordlys/sdk/dates';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import * as v from 'valibot';
import { apiFrom } from '../../api';
import { failureMessage } from '../../components/form/errors';
import { signedInArea } from '../../layouts/areas';
import { rethrowAsRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert } from '../../modals/fields';
import { useApi } from '../../modals/useApi';
import { useGuardedSubmit } from '../../modals/useGuardedSubmit';
import { useSession } from '../../session';

type InvitationData =
  | { state: 'open'; token: string; invitation: InvitationInfo; member: boolean }
  | { state: 'invalid' | 'unknown' | 'gone' };

export async function loader(args: LoaderFunctionArgs): Promise<InvitationData> {
  const user = await signedInArea(args);
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  if (!v.is(InvitationTokenSchema, token)) return { state: 'invalid' };
  try {
    const invitation = await apiFrom(args.context).invitations.get(token);
    const own = invitation.kind === 'company' ? user?.companies : user?.investors;
    return { state: 'open', token, invitation, member: own?.some((p) => p.key === invitation.key) === true };
  } catch (error) {
    // 404: no such link; 410: expired, used or withdrawn. Anything else is the error page.
    if (isApiError(error) && error.status === 404) return { state: 'unknown' };
    if (isApiError(error) && error.status === 410) return { state: 'gone' };
    rethrowAsRouteError(error);
  }
}

export const handle: RouteHandle<InvitationData> = {
  meta: ({ data }) => ({ title: data.state === 'open' ? `Join ${data.invitation.name}` : 'Team invitation', noindex: true }),
};

const kindWord = (kind: InvitationInfo['kind']) => (kind === 'company' ? 'startup' : 'investor');
const dashboardOf = (invitation: Pick<InvitationInfo, 'kind' | 'key'>) =>
  invitation.kind === 'company' ? companyAdminPath(invitation.key) : investorAdminPath(invitation.key);

const PROBLEMS = {
  invalid: {
    title: 'This invitation link is not valid',
    text: 'The link may have been cut short by your mail program. Open the invitation e-mail again and use the whole link, or ask the team to send a new invitation.',
  },
  unknown: {
    title: 'We could not find this invitation',
    text: 'The link does not match any invitation. Ask the team to send you a new one.',
  },
  gone: {
    title: 'This invitation has expired or was already used',
    text: 'Invitation links work once, for 7 days, and a team can withdraw them. Ask the team to send you a new invitation.',
  },
} as const;

function Join({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const { busy, submit } = useGuardedSubmit();
  const [alert, setAlert] = useState<string | null>(null);

  async function join() {
    setAlert(null);
    try {
      const result = await submit(async () => {
        const joined = await api.invitations.accept(token);
        // The header, the profile menu and the area guards must know the new membership.
        await session.refresh();
        await session.selectProfile({ type: joined.kind, key: joined.key });
        return joined;
      });
      if (!result.ignored) await navigate(dashboardOf(result.value));
    } catch (error) {
      setAlert(failureMessage(error, 'Joining did not work. Please try again.'));
    }
  }

  return (
    <>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <p className="account-card__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => void join()}
        >
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Joining…
            </>
          ) : (
            `Join ${invitation.name}`
          )}
        </button>
        <Link to={PATHS.client} className="button button--ghost">
          Not now
        </Link>
      </p>
    </>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (data.state !== 'open') {
    const { title, text } = PROBLEMS[data.state];
    return (
      <div className="container page account-page">
        <div className="account-card">
          <h1 className="account-card__title">{title}</h1>
          <p className="account-card__lead">{text}</p>
          <p className="account-card__actions">
            <Link to={PATHS.client} className="button button--primary">
              Go to my dashboard
            </Link>
          </p>
        </div>
      </div>
    );
  }
  const { invitation, token, member } = data;
  return (
    <div className="container page account-page">
      <div className="account-card">
        <h1 className="account-card__title">Join {invitation.name}</h1>
        <p className="account-card__lead">
          {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} to join the team of {invitation.name}, a{' '}
          {kindWord(invitation.kind)} on this site. As a member you can manage its profile
          {invitation.kind === 'company' ? ', jobs and applicants' : ' and portfolio'}.
        </p>
        {member ? (
          <>
            <p>You are already a member of {invitation.name}.</p>
            <p className="account-card__actions">
              <Link to={dashboardOf(invitation)} className="button button--primary">
                Open {invitation.name}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              The invitation is valid until <time dateTime={invitation.expiresAt}>{exactDate(invitation.expiresAt)}</time>.
            </p>
            <Join token={token} invitation={invitation} />
          </>
        )}
      </div>
    </div>
  );
}
