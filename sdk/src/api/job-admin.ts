/**
 * The job writes of issue #12, for a startup's members and the site's admins: the form, the status
 * events, the jobs table, the dashboard's figures, orders and invoices. Apart from the public job
 * calls (jobs.ts, companies.ts) so that the embeds never carry them. Each answers 400 with field
 * messages, 403 for a non-member, 404 for an unknown key or job, and 409 for an event the job
 * cannot take now (E_ILLEGAL_TRANSITION).
 */
import { toSearchParams } from './params';
import type { Transport } from './transport';
import type { MemberJobEvent } from '../job-status';
import type { PaidPlanId } from '../pricing';
import type { JobInput, JobReject, JobStats, ManagedJob, ManagedJobList, ResendApplicants } from '../schemas/job-input';
import type { JobStatusUpdate } from '../schemas/job-status';
import type { InvoiceOrderInput, LastBilling, Order, OrderList, OrderPlaced } from '../schemas/orders';
import type { JobStatus, OrderStatus } from '../constants';
import { noAnswer } from './no-answer';

const at = (key: string) => `companies/${encodeURIComponent(key)}`;

export function jobAdminApi(http: Transport) {
  return {
    /** POST /companies/{key}/jobs: a new DRAFT. Answers the job with `manage`. */
    create: (key: string, body: JobInput) => http.post(`${at(key)}/jobs`, { json: body }).json<ManagedJob>(),
    /** PUT /companies/{key}/jobs/{id}: the whole form (any status but EXPIRED). Answers the job with `manage`. */
    update: (key: string, id: number, body: JobInput) => http.put(`${at(key)}/jobs/${id}`, { json: body }).json<ManagedJob>(),
    /** DELETE /companies/{key}/jobs/{id}: drafts only (409 otherwise). */
    remove: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/jobs/${id}`)),
    /** GET /companies/{key}/jobs/{id} for members and admins: the job in any status, with `manage`. */
    get: (key: string, id: number) => http.get(`${at(key)}/jobs/${id}`).json<ManagedJob>(),
    /**
     * POST /companies/{key}/jobs/{id}/{event}: publish, pause, resume or repost (sdk job-status.ts).
     * Publishing an incomplete job answers 400 with what is missing.
     */
    fire: (key: string, id: number, event: MemberJobEvent) => http.post(`${at(key)}/jobs/${id}/${event}`).json<JobStatusUpdate>(),
    /** GET /companies/{key}/managed-jobs: every job of the startup for the jobs table, optionally of one status. */
    list: (key: string, status?: JobStatus) =>
      http.get(`${at(key)}/managed-jobs`, { searchParams: toSearchParams({ status }) }).json<ManagedJobList>(),
    /** GET /companies/{key}/jobs/{id}/stats: views, apply clicks and applications per surface and day (30 days). */
    stats: (key: string, id: number) => http.get(`${at(key)}/jobs/${id}/stats`).json<JobStats>(),
    /** POST /companies/{key}/jobs/{id}/resend-applicants: mails the job's applications again to the notification address. */
    resendApplicants: (key: string, id: number) => http.post(`${at(key)}/jobs/${id}/resend-applicants`).json<ResendApplicants>(),
    /** POST /companies/{key}/jobs/{id}/orders: buys a paid plan on invoice (without Stripe keys); the job goes on as the machine says. */
    orderOnInvoice: (key: string, id: number, body: InvoiceOrderInput) =>
      http.post(`${at(key)}/jobs/${id}/orders`, { json: body }).json<OrderPlaced>(),
    /** PUT /companies/{key}/jobs/{id}/plan: the plan chosen on /monetise (free publishes at once through `fire`). */
    choosePlan: (key: string, id: number, plan: 'free' | PaidPlanId) => http.put(`${at(key)}/jobs/${id}/plan`, { json: { plan } }).json<ManagedJob>(),
    /** GET /companies/{key}/orders: the startup's orders and invoices, newest first. */
    orders: (key: string) => http.get(`${at(key)}/orders`).json<OrderList>(),
    /** GET /companies/{key}/orders/{id}: one order, for its invoice page. */
    order: (key: string, id: number) => http.get(`${at(key)}/orders/${id}`).json<Order>(),
    /** GET /companies/{key}/billing: the billing details of the startup's last order, to prefill the form. */
    lastBilling: (key: string) => http.get(`${at(key)}/billing`).json<LastBilling>(),
    /** POST /admin/jobs/{id}/approve (admins): a job waiting for approval goes on (live, or waiting for payment). */
    approve: (id: number) => http.post(`admin/jobs/${id}/approve`).json<JobStatusUpdate>(),
    /** POST /admin/jobs/{id}/reject (admins): back to DRAFT, the reason mailed to the members. */
    reject: (id: number, body: JobReject) => http.post(`admin/jobs/${id}/reject`, { json: body }).json<JobStatusUpdate>(),
    /** POST /admin/jobs/{id}/hold (admins): a live, paused or unpaid job waits for review again. */
    hold: (id: number) => http.post(`admin/jobs/${id}/hold`).json<JobStatusUpdate>(),
    /** GET /admin/orders (admins): every order, optionally of one status, newest first. */
    adminOrders: (status?: OrderStatus) => http.get('admin/orders', { searchParams: toSearchParams({ status }) }).json<OrderList>(),
    /** POST /admin/orders/{id}/paid (admins): an invoice is paid. */
    markPaid: (id: number) => http.post(`admin/orders/${id}/paid`).json<Order>(),
  };
}
export type JobAdminApi = ReturnType<typeof jobAdminApi>;
