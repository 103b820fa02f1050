// @vitest-environment happy-dom
/** /jobs/{id}/welcome and /jobs/{id}/resend-applicants (issue #12): who sees them, and what they say and do. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, type Handlers } from '../../../modals/test-helpers';
import { JOB_ID, managedJob, memberOf, STARTUP_KEY, startupIn } from '../../../testing/job-posting';
import * as resendPage from './resend-applicants';
import * as welcomePage from './welcome';

afterEach(cleanup);

const company = startupIn('DK');
const founder = memberOf(company);
const stranger = memberOf(startupIn('NO', { id: 2, key: 'fjord-pay', name: 'Fjord Pay' }));
const admin = memberOf(company, { admin: true });
const signedOut = () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401);
const notFound = () => jsonAnswer({ message: 'Job not found', code: 'E_NOT_FOUND' }, 404);

/** The job's public record (no `manage`), as GET /jobs/single/{id}/hidden answers it. */
function publicJob(status: Parameters<typeof managedJob>[0]) {
  const { manage: _, ...job } = managedJob(status);
  return job;
}

function handlers(user: ReturnType<typeof memberOf> | null, hidden: () => Response, more: Handlers = {}): Handlers {
  return { 'GET users/me': () => (user ? jsonAnswer(user) : signedOut()), [`GET jobs/single/${JOB_ID}/hidden`]: hidden, ...more };
}

describe('/jobs/{id}/welcome', () => {
  const open = (h: Handlers, id = JOB_ID) => renderPage(welcomePage, '/jobs/:id/welcome', `/jobs/${id}/welcome`, h);

  it('thanks the poster of a live job: live now, its link, and the way to manage it for a member', async () => {
    open(handlers(founder, () => jsonAnswer(publicJob('ACTIVE'))));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Thank you for posting Senior Frontend Engineer');
    expect(screen.getByText('It is live now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the job' }).getAttribute('href')).toBe(`/jobs/${JOB_ID}`);
    expect(screen.getByRole('heading', { name: 'How approval works' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Share on LinkedIn/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage the job' }).getAttribute('href')).toBe(`/client/startups/${STARTUP_KEY}/jobs/${JOB_ID}`);
  });

  it('shows a live job to anyone, without the way to manage it', async () => {
    open(handlers(null, () => jsonAnswer(publicJob('ACTIVE'))));
    expect(await screen.findByText('It is live now.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage the job' })).toBeNull();
  });

  it('tells a member when a job waiting for approval will be visible', async () => {
    open(handlers(founder, () => jsonAnswer(publicJob('PENDING_COMPANY_APPROVAL'))));
    expect((await screen.findByText(/^It is in review\.$/)).textContent).toBe('It is in review.');
    expect(screen.getByText(/usually within one working day\. It goes live when approved\./)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See the job' })).toBeNull();
    expect(screen.getByText('The link works once the job is live.')).toBeTruthy();
  });

  it('is a 404 for a stranger when the job is not public, and for a path that is no job id', async () => {
    open(handlers(stranger, notFound));
    expect(await screen.findByText('Error page')).toBeTruthy();
    cleanup();
    const { calls } = renderPage(welcomePage, '/jobs/:id/welcome', '/jobs/abc/welcome', handlers(null, notFound));
    expect(await screen.findByText('Error page')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('jobs/single'))).toBe(false);
  });
});

describe('/jobs/{id}/resend-applicants', () => {
  const open = (h: Handlers) => renderPage(resendPage, '/jobs/:id/resend-applicants', `/jobs/${JOB_ID}/resend-applicants`, h);
  const resendPath = `POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/resend-applicants`;

  it('mails the applications again for a member, busy meanwhile, and says where they went', async () => {
    const answer = deferred<Response>();
    const { sent } = open(handlers(founder, () => jsonAnswer(publicJob('ACTIVE')), { [resendPath]: () => answer.promise }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mail the applications again' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // A second press while it runs is ignored.
    fireEvent.click(busy);
    answer.resolve(jsonAnswer({ queued: 3, to: 'jobs@aurora.example' }));
    expect((await screen.findByRole('status')).textContent).toBe('We have e-mailed 3 applications to jobs@aurora.example. It can take a few minutes to arrive.');
    expect(sent(resendPath)).toHaveLength(1);
  });

  it('works for an admin, and shows the server\'s message when it is refused', async () => {
    open(
      handlers(admin, () => jsonAnswer(publicJob('STOPPED')), {
        [resendPath]: () => jsonAnswer({ message: 'Too many requests, try again in an hour', code: 'E_RATE_LIMITED' }, 429),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mail the applications again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again in an hour');
  });

  it('says so when there is nothing to send yet', () => {
    expect(resendPage.sentMessage({ queued: 0, to: 'jobs@aurora.example' })).toBe('We have e-mailed jobs@aurora.example: there are no applications for this job yet.');
    expect(resendPage.sentMessage({ queued: 1, to: 'a@x.example, b@x.example' })).toBe('We have e-mailed 1 application to a@x.example, b@x.example. It can take a few minutes to arrive.');
  });

  it('sends a signed-out visitor to sign in and come back', async () => {
    const { where } = open(handlers(null, notFound));
    await waitFor(() => expect(where()).toBe(`/?to=${encodeURIComponent(`/jobs/${JOB_ID}/resend-applicants`)}`));
  });

  it('is a 404 for anyone else, even when the job is public', async () => {
    const { calls } = open(handlers(stranger, () => jsonAnswer(publicJob('ACTIVE'))));
    expect(await screen.findByText('Error page')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('resend-applicants'))).toBe(false);
  });
});
