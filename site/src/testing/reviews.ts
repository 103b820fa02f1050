/**
 * The admins' queue in the fake /api: GET admin/reviews (startups and investors, and the jobs waiting
 * for approval of issue #12) and GET admin/orders (the invoices), admins only, as the server. Approving
 * a startup is a browser test (tests/e2e/startup-profile.spec.ts); the job and invoice decisions are
 * tested on the page with their own answers (routes/client/reviews.test.tsx) and in tests/e2e/job-admin.spec.ts.
 */
import type { AdminJobItem, Order, ReviewItem, User } from '@nordlys/sdk/schemas';
import type { FakeRequest } from './accounts';
import { invoiceOrder, jobQueue } from './job-admin';

/** What the queue holds at the start of a test: draft@'s startup, submitted an hour before `now`. */
export function startingQueue(now = Date.now()): ReviewItem[] {
  return [
    {
      kind: 'company',
      id: 6,
      key: 'draft-startup',
      name: 'Draft Startup',
      website: 'http://draft-startup.dk',
      logoImage: null,
      submittedAt: new Date(now - 3_600_000).toISOString(),
      members: [{ name: 'Jonas Berg', email: 'draft@nordlys.test' }],
    },
  ];
}

/** The jobs waiting for approval at the start of a test: one held by an admin, one waiting for its startup (testing/job-admin.ts). */
export function startingJobQueue(now = Date.now()): AdminJobItem[] {
  return jobQueue(now);
}

/** The orders at the start of a test: one invoice awaiting payment. */
export function startingOrders(now = Date.now()): Order[] {
  return [invoiceOrder(now)];
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers GET admin/reviews and GET admin/orders, or null for any other call. */
export function answerReviews(queue: readonly ReviewItem[], user: User | null, request: Request, path: string, requests: FakeRequest[]): Response | null {
  const method = request.method.toUpperCase();
  if ((path !== 'admin/reviews' && path !== 'admin/orders') || method !== 'GET') return null;
  requests.push({ method, path, body: undefined });
  if (!user) return json({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401);
  if (!user.isAdmin) return json({ message: 'Only admins can do this', code: 'E_FORBIDDEN' }, 403);
  if (path === 'admin/orders') {
    const status = new URL(request.url).searchParams.get('status');
    return json({ orders: startingOrders().filter((order) => !status || order.status === status) });
  }
  return json({ items: queue, jobs: startingJobQueue() });
}
