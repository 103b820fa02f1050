/**
 * `/client/reviews`: the admins' queue. Startups and investors submitted for review, oldest first
 * (issue #11): each can be previewed (members and admins see a profile that is not public yet),
 * approved (it becomes ACTIVE and public), or sent back with a reason that is mailed to its members.
 * Jobs waiting for approval (issue #12): held by an admin, or waiting for their startup's review;
 * approved, or sent back to draft with a reason that is mailed. Invoices awaiting payment (issue #12),
 * marked paid when the money is in. For anyone but an admin the page does not exist (404).
 */
import { isApiError } from '@nordlys/sdk/api';
import { planById } from '@nordlys/sdk/pricing';
import { linkTo, paths } from '@nordlys/sdk/routes';
import { JobRejectSchema, RejectPayloadSchema, type AdminJobItem, type FailedQueueJobs as FailedQueueJobList, type Order, type ReviewItem } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import type * as v from 'valibot';
import { apiFrom } from '../../api';
import { StatusBadge } from '../../components/ClientNav';
import { CompanyLogo } from '../../components/CompanyLogo';
import { FailedQueueJobs } from '../../components/FailedQueueJobs';
import { failureMessage, fieldErrorsOf } from '../../components/form/errors';
import { TextArea } from '../../components/form/TextArea';
import { LoadFailed } from '../../components/LoadFailed';
import { OrderList } from '../../components/OrderList';
import { RelativeTime } from '../../components/RelativeTime';
import { signedInArea } from '../../layouts/areas';
import { notFound, orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert, SubmitButton } from '../../modals/fields';
import { useApi } from '../../modals/useApi';
import { useGuardedSubmit } from '../../modals/useGuardedSubmit';

interface ReviewsData {
  items: ReviewItem[];
  /** Jobs waiting for approval (issue #12). */
  jobs: AdminJobItem[];
  /** Invoices awaiting payment, or null when they could not be loaded (the rest of the queue still works). */
  invoices: Order[] | null;
  /** Issue #14: the queue's dead letters, or null when they could not be loaded. */
  failed: FailedQueueJobList | null;
}

const loadInvoices = (api: ReturnType<typeof apiFrom>) =>
  api.jobAdmin.adminOrders('awaiting_payment').then(
    (list) => list.orders,
    () => null,
  );

export async function loader(args: LoaderFunctionArgs): Promise<ReviewsData> {
  // Signed out: sign in and come back (the auth guard); signed in without admin rights: no such page.
  const user = await signedInArea(args);
  if (!user?.isAdmin) notFound();
  const api = apiFrom(args.context);
  const [queue, invoices, failed] = await Promise.all([orRouteError(api.admin.reviews()), loadInvoices(api), orFallback(api.admin.failedQueueJobs(), null)]);
  return { items: queue.items, jobs: queue.jobs, invoices, failed };
}

export const handle: RouteHandle<ReviewsData> = {
  meta: ({ data }) => {
    const waiting = data.items.length + data.jobs.length;
    return { title: waiting ? `Reviews (${waiting})` : 'Reviews', noindex: true };
  },
};

/** Where an admin previews the profile: its public page, which shows members and admins a preview while it is not public. */
function previewPath(item: ReviewItem): string | null {
  if (item.kind === 'company') return paths.startup(item.key);
  return linkTo('fundingItem', { id: item.key }) ?? linkTo('investorAdmin', { investor: item.key });
}

const kindLabel = (item: ReviewItem) => (item.kind === 'company' ? 'Startup' : 'Investor');

/** The schema of a send-back reason: the profiles' and the jobs' are both `{ reason }`, with their own messages. */
type ReasonSchema = typeof RejectPayloadSchema | typeof JobRejectSchema;

interface DecisionProps {
  /** The card's title id, for the reason field's id. */
  titleId: string;
  /** What is decided on, in the buttons' names ("Approve Draft Startup"). */
  name: string;
  /** Links before the buttons (preview, open the job). */
  links?: ReactNode;
  /** Approves; null when it cannot be approved here (`cannotApprove` says why). */
  approve: (() => Promise<unknown>) | null;
  cannotApprove?: ReactNode;
  sendBack: (reason: { reason: string }) => Promise<unknown>;
  reasonSchema: ReasonSchema;
  reasonLabel: string;
  reasonHint: string;
  /** What the failure alert says when the thing is gone (404). */
  gone: string;
  onDone: (kind: 'approved' | 'returned', answer: unknown) => void;
}

/** Approve, or send back with a reason (required; mailed): the buttons and the reason form a queue card ends with. */
function DecisionControls({ titleId, name, links, approve, cannotApprove, sendBack, reasonSchema, reasonLabel, reasonHint, gone, onDone }: DecisionProps) {
  const approving = useGuardedSubmit();
  const returning = useGuardedSubmit(approving.guard);
  const [sendingBack, setSendingBack] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const sendBackButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (sendingBack) reasonInput.current?.focus();
  }, [sendingBack]);

  const failure = (error: unknown, fallback: string) => setAlert(isApiError(error) && error.status === 404 ? gone : failureMessage(error, fallback));

  async function onApprove() {
    if (!approve) return;
    setAlert(null);
    try {
      const result = await approving.submit(approve);
      if (!result.ignored) onDone('approved', result.value);
    } catch (error) {
      failure(error, 'It could not be approved. Please try again.');
    }
  }

  async function onSendBack(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const checked = fieldErrorsOf(reasonSchema as v.GenericSchema<unknown, { reason: string }>, { reason });
    if (!checked.ok) {
      setReasonError(checked.errors.reason ?? 'Please give the reason');
      reasonInput.current?.focus();
      return;
    }
    try {
      const result = await returning.submit(() => sendBack(checked.output));
      if (!result.ignored) onDone('returned', result.value);
    } catch (error) {
      const field = isApiError(error) ? error.errors?.reason?.[0] : undefined;
      if (field) {
        setReasonError(field);
        reasonInput.current?.focus();
      } else failure(error, 'It could not be sent back. Please try again.');
    }
  }

  return (
    <>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="review-item__actions">
        {links}
        {approve ? (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={approving.busy || undefined}
            aria-busy={approving.busy || undefined}
            onClick={() => void onApprove()}
          >
            {approving.busy ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Approving…
              </>
            ) : (
              <>
                Approve<span className="visually-hidden"> {name}</span>
              </>
            )}
          </button>
        ) : (
          cannotApprove
        )}
        {sendingBack ? null : (
          <button ref={sendBackButton} type="button" className="button button--ghost" onClick={() => setSendingBack(true)}>
            Send back<span className="visually-hidden"> {name}</span>
          </button>
        )}
      </div>
      {sendingBack ? (
        <form className="account-form" noValidate onSubmit={onSendBack} aria-label={`Send ${name} back`}>
          <TextArea
            id={`${titleId}-reason`}
            label={reasonLabel}
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
            hint={reasonHint}
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
    </>
  );
}

function ReviewCard({ item, onDone }: { item: ReviewItem; onDone: (message: string) => void }) {
  const api = useApi();
  const titleId = `review-${item.kind}-${item.id}`;
  const preview = previewPath(item);

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
      <DecisionControls
        titleId={titleId}
        name={item.name}
        links={
          preview ? (
            <a href={preview} target="_blank" rel="noopener" className="button button--ghost">
              Preview the page<span className="visually-hidden"> of {item.name} (opens in a new tab)</span>
            </a>
          ) : null
        }
        approve={item.kind === 'company' ? () => api.companyAdmin.approve(item.key) : () => api.investors.approve(item.key)}
        sendBack={(body) => (item.kind === 'company' ? api.companyAdmin.reject(item.key, body) : api.investors.reject(item.key, body))}
        reasonSchema={RejectPayloadSchema}
        reasonLabel="What should the team change?"
        reasonHint="We e-mail this to its members, with a link to their form."
        gone={`${item.name} no longer exists.`}
        onDone={(kind) =>
          onDone(
            kind === 'approved' ? `${item.name} is approved and public. Its members got an e-mail.` : `${item.name} is sent back. Its members got an e-mail with your reason.`,
          )
        }
      />
    </li>
  );
}

/** Why a job waits: an admin holds it, or its startup is not approved yet. */
function waitingFor(job: AdminJobItem): ReactNode {
  if (job.heldAt) {
    return (
      <>
        Held for review by an admin, <RelativeTime iso={job.heldAt} />
      </>
    );
  }
  if (job.company.status !== 'ACTIVE') return `Waiting for ${job.company.name} to be approved: the job goes on with its startup`;
  return 'Waiting for approval';
}

function JobReviewCard({ job, onDone }: { job: AdminJobItem; onDone: (message: string) => void }) {
  const api = useApi();
  const titleId = `review-job-${job.id}`;
  const startupApproved = job.company.status === 'ACTIVE';
  const quoted = `“${job.title}”`;

  return (
    <li className="review-item review-item--compact" aria-labelledby={titleId}>
      <div className="review-item__head">
        <div>
          <p className="muted review-item__kind">Job · {planById(job.plan).name} plan</p>
          <h3 id={titleId}>{job.title}</h3>
        </div>
      </div>
      <dl className="review-item__meta">
        <div>
          <dt>Startup</dt>
          <dd>
            <Link to={paths.companyAdmin(job.company.key)}>{job.company.name}</Link> <StatusBadge status={job.company.status} />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{waitingFor(job)}</dd>
        </div>
        {job.publishedAt ? (
          <div>
            <dt>Published</dt>
            <dd>
              <RelativeTime iso={job.publishedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      <DecisionControls
        titleId={titleId}
        name={job.title}
        links={
          <Link to={paths.companyJob(job.company.key, job.id)} className="button button--ghost">
            Open the job<span className="visually-hidden"> {job.title}</span>
          </Link>
        }
        approve={startupApproved ? () => api.jobAdmin.approve(job.id) : null}
        cannotApprove={<p className="muted review-item__note">Approve {job.company.name} first: its waiting jobs are approved with it.</p>}
        sendBack={(body) => api.jobAdmin.reject(job.id, body)}
        reasonSchema={JobRejectSchema}
        reasonLabel="What should the startup change?"
        reasonHint="We e-mail this to the startup's members and show it on the job's form. The job goes back to draft."
        gone={`${quoted} no longer exists.`}
        onDone={(kind, answer) => {
          const status = (answer as { status?: string } | undefined)?.status;
          onDone(
            kind === 'approved'
              ? `${quoted} is approved${status === 'ACTIVE' ? ' and live' : status === 'PENDING_PAYMENT' ? ': it goes live once its plan is paid' : ''}.`
              : `${quoted} is sent back to draft. The startup's members got an e-mail with your reason.`,
          );
        }}
      />
    </li>
  );
}

function Invoices({ initial, onDone }: { initial: Order[] | null; onDone: (message: string) => void }) {
  const api = useApi();
  const [orders, setOrders] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [marking, setMarking] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function retry() {
    setLoading(true);
    setOrders(await loadInvoices(api));
    setLoading(false);
  }

  async function markPaid(order: Order) {
    if (marking !== null) return;
    setMarking(order.id);
    setAlert(null);
    try {
      await api.jobAdmin.markPaid(order.id);
      setOrders((current) => current?.filter((o) => o.id !== order.id) ?? null);
      onDone(`Invoice ${order.invoiceNumber} of ${order.company.name} is marked paid.`);
      // Its row is gone: focus goes to the section's heading.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      setAlert(`Invoice ${order.invoiceNumber} could not be marked paid. ${failureMessage(error, 'Please try again.')}`);
    } finally {
      setMarking(null);
    }
  }

  return (
    <section className="client-section" aria-labelledby="reviews-invoices" aria-busy={loading || undefined}>
      <h2 id="reviews-invoices" ref={heading} tabIndex={-1}>
        Invoices awaiting payment
      </h2>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {orders === null ? (
        <LoadFailed title="The invoices could not be loaded" message="Please try again in a moment." busy={loading} onRetry={() => void retry()} />
      ) : orders.length === 0 ? (
        <p className="muted">No invoice waits for payment.</p>
      ) : (
        <OrderList
          orders={orders}
          variant="admin"
          caption="Invoices awaiting payment, newest first"
          action={(order) => (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-disabled={marking !== null || undefined}
              aria-busy={marking === order.id || undefined}
              onClick={() => void markPaid(order)}
            >
              {marking === order.id ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  Marking paid…
                </>
              ) : (
                <>
                  Mark paid<span className="visually-hidden"> invoice {order.invoiceNumber}</span>
                </>
              )}
            </button>
          )}
        />
      )}
    </section>
  );
}

export function Component() {
  const { items: loaded, jobs: loadedJobs, invoices, failed } = useLoaderData<typeof loader>();
  const [decided, setDecided] = useState<Set<string>>(() => new Set());
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const items = loaded.filter((item) => !decided.has(`${item.kind}:${item.key}`));
  const jobs = loadedJobs.filter((job) => !decided.has(`job:${job.id}`));

  function done(key: string, text: string) {
    setDecided((current) => new Set(current).add(key));
    setMessage(text);
    // The card is gone: focus goes to the page's heading, so keyboard users are not lost.
    requestAnimationFrame(() => heading.current?.focus());
  }

  const nothing = !items.length && !jobs.length && invoices !== null && !invoices.length;

  return (
    <div className="page container">
      <header className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Reviews
        </h1>
        <p className="page-head__lead">
          Startups, investors and jobs waiting for approval, oldest first: approve them, or send them back with a reason. Then the invoices waiting for
          payment.
        </p>
      </header>
      <p role="status" className={message ? 'form-status' : 'visually-hidden'}>
        {message}
      </p>
      {nothing ? (
        <div className="empty-state">
          <h2>Nothing to review</h2>
          <p className="muted">When a startup, an investor or a job waits for approval, or an invoice for payment, it shows up here.</p>
        </div>
      ) : (
        <>
          {items.length ? (
            <ul className="review-queue">
              {items.map((item) => (
                <ReviewCard key={`${item.kind}:${item.key}`} item={item} onDone={(text) => done(`${item.kind}:${item.key}`, text)} />
              ))}
            </ul>
          ) : (
            <p className="muted">No startup or investor waits for review.</p>
          )}
          <section className="client-section" aria-labelledby="reviews-jobs">
            <h2 id="reviews-jobs">Jobs waiting for approval</h2>
            {jobs.length ? (
              <ul className="review-queue">
                {jobs.map((job) => (
                  <JobReviewCard key={job.id} job={job} onDone={(text) => done(`job:${job.id}`, text)} />
                ))}
              </ul>
            ) : (
              <p className="muted">No job waits for approval.</p>
            )}
          </section>
          <Invoices initial={invoices} onDone={(text) => setMessage(text)} />
        </>
      )}
      <FailedQueueJobs initial={failed} />
    </div>
  );
}
