// @vitest-environment happy-dom
/** The job dashboard (/client/startups/{company}/jobs/{job}): status and what happens next, actions, links, and the figures with their error state. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, type Handlers } from '../../../modals/test-helpers';
import { boardList, northwindCards } from '../../../testing/board';
import { demoUsers } from '../../../testing/fixtures';
import { jobStats, managedJob } from '../../../testing/job-admin';
import * as dashboard from './[company]/jobs/[job]/index';

afterEach(cleanup);

const NOW = Date.now();
const DAY = 86_400_000;
const JOB = 'GET companies/northwind-labs/jobs/11';
const STATS = 'GET companies/northwind-labs/jobs/11/stats';

function open(job: ReturnType<typeof managedJob>, handlers: Handlers = {}, url = '/client/startups/northwind-labs/jobs/11') {
  return renderPage(dashboard, '/client/startups/:company/jobs/:job', url, {
    'GET users/me': () => jsonAnswer(demoUsers.founder),
    [JOB]: () => jsonAnswer(job),
    [STATS]: () => jsonAnswer(jobStats(NOW)),
    ...handlers,
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const linkNames = () => within(section('Links')).getAllByRole('link').map((a) => [a.querySelector('.admin-link__label')!.textContent, a.getAttribute('href')]);

describe('the job dashboard', () => {
  it('shows a live job: status, what happens next with its dates, its actions, links and figures', async () => {
    const job = { ...managedJob('ACTIVE', NOW), boostingExpiresAt: new Date(NOW + 5 * DAY).toISOString() };
    open(job);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Backend Engineer');
    expect(document.querySelector('.job-dashboard__status')!.textContent).toBe('Live Free plan');
    const next = section('What happens next');
    expect(next.textContent).toContain('Talent can find it and apply until it expires.');
    expect(next.textContent).toMatch(/Listed until \d{1,2} \w+ \d{4} \(in 4 weeks\)\./);
    expect(next.textContent).toMatch(/Boosted until \d{1,2} \w+ \d{4}: featured on the front page/);
    expect(within(section('Actions')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pause job', 'Duplicate job']);
    expect(within(section('Actions')).getByRole('link', { name: 'Edit job' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/11/edit');
    expect(linkNames()).toEqual([
      ['Public job page', '/jobs/11'],
      ['Applicants', '/client/startups/northwind-labs/applicants'],
      ['Extend the Boost', '/client/startups/northwind-labs/jobs/11/boost'],
    ]);
    const figures = section('Last 30 days');
    expect(Array.from(figures.querySelectorAll('.facts dd')).map((dd) => dd.textContent)).toEqual(['18', '2', '1']);
    expect(within(figures).getAllByRole('img', { name: /^Views on / })).toHaveLength(3);
    expect(figures.textContent).toContain('All time: 321 views, 9 apply clicks, 4 applicants.');
  });

  it("tells a draft what our team said and what is missing, and sends it to /monetise to publish", async () => {
    open(managedJob('DRAFT', NOW, { reviewNote: 'Please add a salary range.', missing: { description: 'Please describe the job' } }));
    await screen.findByRole('heading', { level: 1 });
    const next = section('What happens next');
    expect(next.textContent).toContain('Only your team sees it. Publish it when it is ready.');
    expect(next.textContent).toContain('Our team sent it back: Please add a salary range. Edit the job, then publish it again.');
    expect(next.textContent).toContain('Before you publish it: Please describe the job. Complete the job');
    expect(within(section('Actions')).getByRole('link', { name: 'Publish' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/11/monetise');
    expect(linkNames()).toEqual([
      ['Applicants', '/client/startups/northwind-labs/applicants'],
      ['Choose a plan', '/client/startups/northwind-labs/jobs/11/monetise'],
    ]);
  });

  it('links an unpaid job to its payment', async () => {
    open(managedJob('PENDING_PAYMENT', NOW, { plan: 'max', paymentDue: true }));
    await screen.findByRole('heading', { level: 1 });
    expect(section('What happens next').textContent).toContain('The Max plan is not paid yet. Pay for the plan, or choose the Free plan there.');
    expect(within(section('What happens next')).getByRole('link', { name: 'Pay for the plan' }).getAttribute('href')).toBe(
      '/client/startups/northwind-labs/jobs/11/monetise',
    );
    expect(within(section('Actions')).getByRole('link', { name: 'Complete payment' })).toBeTruthy();
  });

  it('says a job held by our team is in review', async () => {
    open(managedJob('PENDING_COMPANY_APPROVAL', NOW, { heldAt: new Date(NOW - 3.5 * 3_600_000).toISOString() }));
    await screen.findByRole('heading', { level: 1 });
    expect(section('What happens next').textContent).toContain('Our team holds it for a review (held 3 hours ago).');
    expect(document.querySelector('.job-dashboard__status')!.textContent).toContain('In review');
  });

  it('pauses the job at once, and resumes it', async () => {
    const answer = deferred<Response>();
    open(managedJob('ACTIVE', NOW), {
      'POST companies/northwind-labs/jobs/11/pause': () => answer.promise,
      'POST companies/northwind-labs/jobs/11/resume': () =>
        jsonAnswer({ id: 11, status: 'ACTIVE', approvedAt: new Date(NOW).toISOString(), expirationDate: new Date(NOW + 30 * DAY).toISOString(), allowedEvents: ['pause', 'edit'] }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(within(section('Actions')).getByRole('button', { name: 'Pause job' }));
    expect(document.querySelector('.job-dashboard__status')!.textContent).toContain('Paused');
    expect(section('What happens next').textContent).toContain('Hidden from talent until you resume it.');
    answer.resolve(
      jsonAnswer({ id: 11, status: 'STOPPED', approvedAt: new Date(NOW).toISOString(), expirationDate: new Date(NOW + 30 * DAY).toISOString(), allowedEvents: ['resume', 'edit'] }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Backend Engineer” is paused. Talent no longer sees it.'));
    expect(linkNames().map(([name]) => name)).toEqual(['Applicants']);
    fireEvent.click(within(section('Actions')).getByRole('button', { name: 'Resume job' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Backend Engineer” is live again.'));
    expect(document.querySelector('.job-dashboard__status')!.textContent).toContain('Live');
  });

  it('goes back to the jobs table after deleting the draft', async () => {
    const { where } = open(managedJob('DRAFT', NOW), { 'DELETE companies/northwind-labs/jobs/11': () => new Response(null, { status: 204 }) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(within(section('Actions')).getByRole('button', { name: 'Delete draft' }));
    fireEvent.click(within(screen.getByRole('group', { name: /^Delete the draft/ })).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/jobs'));
  });

  it('keeps the page when the figures fail, and loads them again on Try again', async () => {
    let fail = true;
    open(managedJob('ACTIVE', NOW), {
      [STATS]: () => (fail ? jsonAnswer({ message: 'The figures are busy', code: 'E_UNAVAILABLE' }, 503) : jsonAnswer(jobStats(NOW))),
    });
    await screen.findByRole('heading', { level: 1 });
    const figures = section('Last 30 days');
    expect(within(figures).getByRole('alert').textContent).toContain('The figures could not be loaded');
    expect(within(figures).getByRole('alert').textContent).toContain('The figures are busy');
    fail = false;
    fireEvent.click(within(figures).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(figures).getAllByRole('img', { name: /^Views on / })).toHaveLength(3));
    expect(within(figures).queryByRole('alert')).toBeNull();
  });

  it("shows the job's own applicant board on its Applicants tab, without a job filter", async () => {
    const { calls } = open(
      managedJob('ACTIVE', NOW),
      { 'GET companies/northwind-labs/applicants': () => jsonAnswer(boardList(northwindCards().filter((c) => c.job.id === 11))) },
      '/client/startups/northwind-labs/jobs/11?tab=applicants&stage=applied',
    );
    await screen.findByRole('heading', { level: 1 });
    const tabs = screen.getByRole('navigation', { name: 'Backend Engineer: pages' });
    expect(within(tabs).getByRole('link', { name: /^Applicants/ }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/11');
    expect(calls.find((c) => c.path.endsWith('/applicants'))!.query).toMatchObject({ job: '11', stage: 'applied' });
    expect(calls.some((c) => c.path.endsWith('/stats'))).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Job' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(document.querySelector('.board-card__job')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Last 30 days' })).toBeNull();
  });

  it('is a 404 for a job id that is not a number', async () => {
    open(managedJob('ACTIVE', NOW), {}, '/client/startups/northwind-labs/jobs/abc');
    expect(await screen.findByText('Error page')).toBeTruthy();
  });
});
