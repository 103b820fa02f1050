/** The admins' approval queue in the fake /api (GET admin/reviews): admins only, as the server. Approving is a browser test (tests/e2e/startup-profile.spec.ts). */
import type { ReviewItem, User } from '@nordlys/sdk/schemas';
import type { FakeRequest } from './accounts';

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

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers GET admin/reviews, or null for any other call. */
export function answerReviews(queue: readonly ReviewItem[], user: User | null, request: Request, path: string, requests: FakeRequest[]): Response | null {
  const method = request.method.toUpperCase();
  if (path !== 'admin/reviews' || method !== 'GET') return null;
  requests.push({ method, path, body: undefined });
  if (!user) return json({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401);
  if (!user.isAdmin) return json({ message: 'Only admins can do this', code: 'E_FORBIDDEN' }, 403);
  return json({ items: queue });
}
