/**
 * `/client/reviews`: the admins' approval queue (issue #11): startups and investors submitted for
 * review, oldest first (GET admin/reviews). Each can be previewed (members and admins see a profile
 * that is not public yet), approved (it becomes ACTIVE and public), or sent back with a reason that
 * is mailed to its members. For anyone but an admin the page does not exist (404).
 */
import { isApiError } from '@nordlys/sdk/api';
import { linkTo, paths } from '@nordlys/sdk/routes';
import { RejectPayloadSchema, type ReviewItem } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../api';
import { CompanyLogo } from '../../components/CompanyLogo';
import { fieldErrorsOf } from '../../components/form/errors';
import { TextArea } from '../../components/form/TextArea';
import { RelativeTime } from '../../components/RelativeTime';
import { signedInArea } from '../../layouts/areas';
import { notFound, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert, SubmitButton } from '../../modals/fields';
import { useApi } from '../../modals/useApi';
import { useGuardedSubmit } from '../../modals/useGuardedSubmit';

interface ReviewsData {
  items: ReviewItem[];
}

export async function loader(args: LoaderFunctionArgs): Promise<ReviewsData> {
  // Signed out: sign in and come back (the auth guard); signed in without admin rights: no such page.
  const user = await signedInArea(args);
  if (!user?.isAdmin) notFound();
  const queue = await orRouteError(apiFrom(args.context).admin.reviews());
  return { items: queue.items };
}

export const handle: RouteHandle<ReviewsData> = {
  meta: ({ data }) => ({ title: data.items.length ? `Reviews (${data.items.length})` : 'Reviews', noindex: true }),
};

/** Where an admin previews the profile: its public page, which shows members and admins a preview while it is not public. */
function previewPath(item: ReviewItem): string | null {
  if (item.kind === 'company') return paths.startup(item.key);
  return linkTo('fundingItem', { id: item.key }) ?? linkTo('investorAdmin', { investor: item.key });
}

const kindLabel = (item: ReviewItem) => (item.kind === 'company' ? 'Startup' : 'Investor');

type Decision = { kind: 'approved' | 'returned'; name: string };

function ReviewCard({ item, onDone }: { item: ReviewItem; onDone: (decision: Decision) => void }) {
  const api = useApi();
  const approving = useGuardedSubmit();
  const returning = useGuardedSubmit(approving.guard);
  const [sendingBack, setSendingBack] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const sendBackButton = useRef<HTMLButtonElement>(null);
  const titleId = `review-${item.kind}-${item.id}`;
  const preview = previewPath(item);

  useEffect(() => {
    if (sendingBack) reasonInput.current?.focus();
  }, [sendingBack]);

  const failure = (error: unknown, fallback: string) =>
    setAlert(isApiError(error) && error.status === 404 ? `${item.name} no longer exists.` : error instanceof Error && error.message ? error.message : fallback);

  async function approve() {
    setAlert(null);
    try {
      const call: () => Promise<unknown> = item.kind === 'company' ? () => api.companyAdmin.approve(item.key) : () => api.investors.approve(item.key);
      const result = await approving.submit(call);
      if (!result.ignored) onDone({ kind: 'approved', name: item.name });
    } catch (error) {
      failure(error, 'It could not be approved. Please try again.');
    }
  }

  async function sendBack(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const checked = fieldErrorsOf(RejectPayloadSchema, { reason });
    if (!checked.ok) {
      setReasonError(checked.errors.reason ?? 'Please tell the team what to change');
      reasonInput.current?.focus();
      return;
    }
    try {
      const call: () => Promise<unknown> =
        item.kind === 'company' ? () => api.companyAdmin.reject(item.key, checked.output) : () => api.investors.reject(item.key, checked.output);
      const result = await returning.submit(call);
      if (!result.ignored) onDone({ kind: 'returned', name: item.name });
    } catch (error) {
      const field = isApiError(error) ? error.errors?.reason?.[0] : undefined;
      if (field) {
        setReasonError(field);
        reasonInput.current?.focus();
      } else failure(error, 'It could not be sent back. Please try again.');
    }
  }

  return (
    <li className="review-item" aria-labelledby={titleId}>
      <div className="review-item__head">
        <CompanyLogo company={item} size={48} />
        <div>
          <p className="muted review-item__kind">{kindLabel(item)}</p>
          <h2 id={titleId}>{item.name}</h2>
        </div>
      </div>
      <dl className="review-item__meta">
        <div>
          <dt>Submitted</dt>
          <dd>
            <RelativeTime iso={item.submittedAt} />
          </dd>
        </div>
        <div>
          <dt>Website</dt>
          <dd>
            {item.website ? (
              <a href={item.website} target="_blank" rel="noopener noreferrer nofollow">
                {item.website}
              </a>
            ) : (
              'None given'
            )}
          </dd>
        </div>
        <div>
          <dt>Members</dt>
          <dd>
            {item.members.length
              ? item.members.map((m, i) => (
                  <span key={m.email}>
                    {i > 0 ? ', ' : null}
                    {m.name} (<a href={`mailto:${m.email}`}>{m.email}</a>)
                  </span>
                ))
              : 'None'}
          </dd>
        </div>
      </dl>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="review-item__actions">
        {preview ? (
          <a href={preview} target="_blank" rel="noopener" className="button button--ghost">
            Preview the page<span className="visually-hidden"> of {item.name} (opens in a new tab)</span>
          </a>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          aria-disabled={approving.busy || undefined}
          aria-busy={approving.busy || undefined}
          onClick={() => void approve()}
        >
          {approving.busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Approving…
            </>
          ) : (
            <>
              Approve<span className="visually-hidden"> {item.name}</span>
            </>
          )}
        </button>
        {sendingBack ? null : (
          <button ref={sendBackButton} type="button" className="button button--ghost" onClick={() => setSendingBack(true)}>
            Send back<span className="visually-hidden"> {item.name}</span>
          </button>
        )}
      </div>
      {sendingBack ? (
        <form className="account-form" noValidate onSubmit={sendBack} aria-label={`Send ${item.name} back`}>
          <TextArea
            id={`${titleId}-reason`}
            label="What should the team change?"
            required
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            error={reasonError}
            inputRef={reasonInput}
            rows={4}
            maxLength={2000}
            hint="We e-mail this to its members, with a link to their form."
          />
          <div className="account-form__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setSendingBack(false);
                setReasonError(null);
                requestAnimationFrame(() => sendBackButton.current?.focus());
              }}
            >
              Cancel
            </button>
            <SubmitButton busy={returning.busy} busyLabel="Sending back…" className="button button--primary">
              Send back with this reason
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </li>
  );
}

export function Component() {
  const { items: loaded } = useLoaderData<typeof loader>();
  const [decided, setDecided] = useState<Set<string>>(() => new Set());
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const items = loaded.filter((item) => !decided.has(`${item.kind}:${item.key}`));

  function done(item: ReviewItem, decision: Decision) {
    setDecided((current) => new Set(current).add(`${item.kind}:${item.key}`));
    setMessage(
      decision.kind === 'approved'
        ? `${decision.name} is approved and public. Its members got an e-mail.`
        : `${decision.name} is sent back. Its members got an e-mail with your reason.`,
    );
    // The card is gone: focus goes to the page's heading, so keyboard users are not lost.
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <div className="page container">
      <header className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Reviews
        </h1>
        <p className="page-head__lead">Startups and investors that asked to go public, oldest first. Approve them, or send them back with a reason.</p>
      </header>
      <p role="status" className={message ? 'form-status' : 'visually-hidden'}>
        {message}
      </p>
      {items.length ? (
        <ul className="review-queue">
          {items.map((item) => (
            <ReviewCard key={`${item.kind}:${item.key}`} item={item} onDone={(decision) => done(item, decision)} />
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <h2>Nothing to review</h2>
          <p className="muted">When a startup or an investor submits its profile, it shows up here.</p>
        </div>
      )}
    </div>
  );
}
