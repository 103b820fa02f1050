/**
 * The team of a startup or an investor (issue #11 "/users"), one component for both kinds: the
 * members, the "Invite by e-mail" form, the invitations still open with their expiry, and removing
 * a member or leaving. The last admin can neither leave nor be removed: the button is disabled with
 * the reason beside it, and the server's 409 message shows if it is hit anyway.
 */
import type { Api } from '@nordlys/sdk/api';
import { INVITATION_DAYS } from '@nordlys/sdk/constants';
import { exactDate, relativeTime } from '@nordlys/sdk/dates';
import { InvitePayloadSchema, type Member, type Team } from '@nordlys/sdk/schemas';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { domId } from '../lib/domId';
import { Field, FormAlert, FormStatus, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { failureMessage, isConflict } from './form/errors';
import { fieldErrorsOf, serverFieldErrors } from './form';
import { useNow } from './Now';

export type TeamKind = 'company' | 'investor';

export interface TeamOwner {
  kind: TeamKind;
  key: string;
  name: string;
}

/** The team calls of one kind of profile (sdk clients companyAdmin and investors share the shapes). */
export function teamCalls(api: Api, kind: TeamKind) {
  const calls = kind === 'company' ? api.companyAdmin : api.investors;
  return {
    members: (key: string) => calls.members(key),
    invite: (key: string, email: string) => calls.invite(key, email),
    removeMember: (key: string, userId: number) => calls.removeMember(key, userId),
    cancelInvitation: (key: string, id: number) => calls.cancelInvitation(key, id),
  };
}

/** Members who administer the profile (every member today: the role leaves room for others). */
const isAdmin = (member: Member) => member.role === 'admin';

/** Why a member cannot be removed or leave, or null when they can. */
export function removalBlocked(team: Team, member: Member, self: boolean): string | null {
  if (!isAdmin(member) || team.members.filter(isAdmin).length > 1) return null;
  return self
    ? 'You are the last admin, so you cannot leave. Invite someone to the team first.'
    : `${member.name} is the last admin and cannot be removed.`;
}

export interface TeamManagerProps {
  owner: TeamOwner;
  initial: Team;
  /** The signed-in user's id (their row offers Leave instead of Remove). */
  userId: number | null;
  /** After the user left the team: re-read the session and go to the client landing. */
  onLeft: () => void | Promise<void>;
}

type Pending = { kind: 'remove' | 'leave'; member: Member } | null;

export function TeamManager({ owner, initial, userId, onLeft }: TeamManagerProps) {
  const api = useApi();
  const calls = teamCalls(api, owner.kind);
  const now = useNow();
  // Once per page (the team page).
  const id = domId('team');
  const [team, setTeam] = useState<Team>(initial);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const invite = useGuardedSubmit();
  const change = useGuardedSubmit();

  function announce(message: string | null, failure: string | null = null) {
    setStatus(message);
    setAlert(failure);
  }

  async function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    announce(null);
    const checked = fieldErrorsOf(InvitePayloadSchema, { email });
    const message = checked.ok ? null : (checked.errors.email ?? null);
    if (message) {
      setEmailError(message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    try {
      const result = await invite.submit(() => calls.invite(owner.key, email.trim()));
      if (result.ignored) return;
      setTeam(result.value);
      setEmail('');
      announce(`We sent an invitation to ${email.trim()}. The link in it works for ${INVITATION_DAYS} days.`);
    } catch (error) {
      // 400 (the address) and 409 (already a member, already invited) belong to the field.
      const field = serverFieldErrors(error)?.email ?? (isConflict(error) ? failureMessage(error, 'This address cannot be invited') : null);
      if (field) {
        setEmailError(field);
        emailRef.current?.focus();
      } else announce(null, failureMessage(error, 'The invitation could not be sent. Please try again.'));
    }
  }

  async function reload() {
    try {
      setTeam(await calls.members(owner.key));
    } catch {
      // The change itself went through; the list catches up on the next visit.
    }
  }

  async function onConfirm() {
    if (!pending) return;
    const { kind, member } = pending;
    announce(null);
    try {
      const result = await change.submit(() => calls.removeMember(owner.key, member.userId));
      if (result.ignored) return;
      setPending(null);
      if (kind === 'leave') {
        announce(`You left ${owner.name}.`);
        await onLeft();
        return;
      }
      setTeam((t) => ({ ...t, members: t.members.filter((m) => m.userId !== member.userId) }));
      announce(`${member.name} was removed from ${owner.name}.`);
      await reload();
    } catch (error) {
      setPending(null);
      announce(null, failureMessage(error, 'That did not work. Please try again.'));
    }
  }

  async function onWithdraw(invitationId: number, address: string) {
    announce(null);
    try {
      const result = await change.submit(() => calls.cancelInvitation(owner.key, invitationId));
      if (result.ignored) return;
      setTeam((t) => ({ ...t, invitations: t.invitations.filter((i) => i.id !== invitationId) }));
      announce(`The invitation to ${address} was withdrawn; its link no longer works.`);
    } catch (error) {
      announce(null, failureMessage(error, 'The invitation could not be withdrawn. Please try again.'));
    }
  }

  return (
    <>
      <div aria-live="polite" className="admin-live">
        {status ? <FormStatus>{status}</FormStatus> : null}
      </div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}

      <section className="admin-section" aria-labelledby={`${id}-members`}>
        <h2 id={`${id}-members`}>Members</h2>
        <ul className="row-list">
          {team.members.map((member) => {
            const self = member.userId === userId;
            const blocked = removalBlocked(team, member, self);
            const reasonId = `${id}-reason-${member.userId}`;
            const confirming = pending?.member.userId === member.userId ? pending : null;
            return (
              <li key={member.userId}>
                <div className="row-list__main">
                  <span className="row-list__title">
                    {member.name}
                    {self ? ' (you)' : ''}
                  </span>
                  <span className="row-list__meta">{member.email}</span>
                  <span className="row-list__meta">
                    Joined <time dateTime={member.joinedAt}>{exactDate(member.joinedAt)}</time>
                  </span>
                </div>
                {confirming ? null : (
                  <div className="row-list__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={blocked !== null}
                      aria-describedby={blocked ? reasonId : undefined}
                      onClick={() => {
                        announce(null);
                        setPending({ kind: self ? 'leave' : 'remove', member });
                      }}
                    >
                      {self ? `Leave ${owner.name}` : `Remove ${member.name}`}
                    </button>
                  </div>
                )}
                {blocked ? (
                  <p id={reasonId} className="row-list__reason">
                    {blocked}
                  </p>
                ) : null}
                {confirming ? (
                  <ConfirmRow
                    text={
                      confirming.kind === 'leave'
                        ? `Leave ${owner.name}? You will no longer be able to manage it.`
                        : `Remove ${member.name} from ${owner.name}? They will no longer be able to manage it.`
                    }
                    action={confirming.kind === 'leave' ? 'Leave' : 'Remove'}
                    busy={change.busy}
                    onConfirm={() => void onConfirm()}
                    onCancel={() => setPending(null)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="admin-section" aria-labelledby={`${id}-invite`}>
        <h2 id={`${id}-invite`}>Invite by e-mail</h2>
        <p className="muted">
          We e-mail a link that works for {INVITATION_DAYS} days. Someone without an account signs up from the link first, then
          joins.
        </p>
        <form className="admin-form" onSubmit={onInvite} noValidate>
          <div className="admin-form__row">
            <Field
              id={`${id}-email`}
              label="E-mail address"
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              inputRef={emailRef}
              error={emailError ?? undefined}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <SubmitButton busy={invite.busy} busyLabel="Sending…" className="button button--primary">
              Send invitation
            </SubmitButton>
          </div>
        </form>
      </section>

      <section className="admin-section" aria-labelledby={`${id}-open`}>
        <h2 id={`${id}-open`}>Open invitations</h2>
        {team.invitations.length === 0 ? (
          <p className="muted">No invitations are waiting.</p>
        ) : (
          <ul className="row-list">
            {team.invitations.map((invitation) => (
              <li key={invitation.id}>
                <div className="row-list__main">
                  <span className="row-list__title">{invitation.email}</span>
                  <span className="row-list__meta">
                    Expires{' '}
                    <time dateTime={invitation.expiresAt} title={exactDate(invitation.expiresAt)}>
                      {relativeTime(invitation.expiresAt, now)}
                    </time>
                  </span>
                </div>
                <div className="row-list__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                    onClick={() => void onWithdraw(invitation.id, invitation.email)}
                  >
                    Withdraw
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** "Remove Anna? [Remove] [Cancel]": the confirm button takes focus, Escape cancels. */
export function ConfirmRow({
  text,
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  text: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // Focus on mount, as React's autoFocus does; preact/compat (#16) only writes the attribute, which a
  // browser ignores on an element added after the page loaded.
  const confirm = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    confirm.current?.focus();
  }, []);
  return (
    <div
      className="confirm"
      role="group"
      aria-label={text}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p>{text}</p>
      <button
        ref={confirm}
        type="button"
        className="button button--danger button--small"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Working…
          </>
        ) : (
          action
        )}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
