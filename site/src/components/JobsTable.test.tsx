// @vitest-environment happy-dom
/** The jobs table on its page (/client/startups/{company}/jobs): columns, actions per status, the filter, sorting, and what each action does. */
import type { ManagedJobList } from '@nordlys/sdk/schemas';
import { ManagedJobListSchema, JobStatusUpdateSchema, ManagedJobSchema, JobInputSchema } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, spokenText, type Handlers } from '../modals/test-helpers';
import * as jobsPage from '../routes/client/startups/[company]/jobs';
import { demoUsers } from '../testing/fixtures';
import { jobRow, managedJob, northwindJobs } from '../testing/job-admin';
import { DEFAULT_SORT, sortJobs } from './JobsTable';

afterEach(cleanup);

const NOW = Date.now();
const LIST = 'GET companies/northwind-labs/managed-jobs';

function open(list: ManagedJobList = northwindJobs(NOW), handlers: Handlers = {}, url = '/client/startups/northwind-labs/jobs') {
  return renderPage(jobsPage, '/client/startups/:company/jobs', url, {
    'GET users/me': () => jsonAnswer(demoUsers.founder),
    [LIST]: () => jsonAnswer(list),
    ...handlers,
  });
}

/** A job's group in the table (its figures' row and its actions' row), found by its title link. */
const row = (title: string) => screen.getByRole('link', { name: title }).closest('tbody')!;
/** The names of a job's actions, as a screen reader hears them, without the job's title that completes each. */
const actions = (title: string) =>
  Array.from(row(title).querySelectorAll('.data-table__actions a, .data-table__actions button'))
    .map((el) => spokenText(el).replace(` ${title}`, '').trim());
const bodyTitles = () => Array.from(document.querySelectorAll('tbody th a')).map((a) => a.textContent);

describe('the jobs table', () => {
  it('shows each job with its status, views, applicants, posted, expiry and boost, and links its title to its dashboard', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Jobs' });
    const live = row('Backend Engineer');
    expect(within(live).getByRole('link', { name: 'Backend Engineer' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/11');
    const cell = (label: string) => live.querySelector(`td[data-label="${label}"]`)!.textContent;
    expect(cell('Status')).toBe('Live');
    expect(cell('Views')).toBe('1.2K');
    expect(cell('Applicants')).toBe('12');
    expect(cell('Posted')).toBe('2 days ago');
    expect(cell('Expires')).toBe('in 4 weeks');
    expect(cell('Boosted')).toMatch(/^Yes, until \d{1,2} \w+ \d{4}$/);
    expect(row('Customer Success Lead').querySelector('td[data-label="Posted"]')!.textContent).toBe('Not yet');
    expect(row('Product Designer').querySelector('td[data-label="Boosted"]')!.textContent).toBe('No');
    // The page head always offers a new job.
    expect(screen.getAllByRole('link', { name: 'Post a job' })[0]!.getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/new');
  });

  it('offers each job the actions its status allows, named for what they do', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Jobs' });
    expect(actions('Backend Engineer')).toEqual(['Edit job', 'Pause job', 'Duplicate job']);
    expect(actions('Product Designer')).toEqual(['Edit job', 'Resume job', 'Duplicate job']);
    expect(actions('Customer Success Lead')).toEqual(['Publish', 'Edit job', 'Duplicate job', 'Delete draft']);
    expect(actions('Data Scientist')).toEqual(['Repost job', 'Duplicate job']);
    expect(actions('Sales Manager')).toEqual(['Complete payment', 'Edit job', 'Duplicate job']);
    expect(actions('DevOps Engineer')).toEqual(['Edit job', 'Duplicate job']);
    // Each name carries the job's title for screen readers, so the buttons of different rows differ.
    expect(within(row('Backend Engineer')).getByRole('button', { name: 'Pause job Backend Engineer' })).toBeTruthy();
    // A draft is published from /monetise, where its plan is chosen; an unpaid job is paid there.
    expect(within(row('Customer Success Lead')).getByRole('link', { name: 'Publish Customer Success Lead' }).getAttribute('href')).toBe(
      '/client/startups/northwind-labs/jobs/13/monetise',
    );
    expect(within(row('Sales Manager')).getByRole('link', { name: /^Complete payment/ }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/15/monetise');
    expect(within(row('Backend Engineer')).getByRole('link', { name: /^Edit job/ }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/11/edit');
  });

  it('filters by status through ?status=, with the count of each status, and the current one marked', async () => {
    const calls: (string | undefined)[] = [];
    const all = northwindJobs(NOW);
    const { where } = open(all, {
      [LIST]: (call) => {
        calls.push(call.query.status);
        const status = call.query.status;
        return jsonAnswer({ jobs: all.jobs.filter((job) => !status || job.status === status), counts: all.counts });
      },
    });
    const filter = await screen.findByRole('navigation', { name: 'Filter jobs by status' });
    const links = within(filter).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['All 6', 'Draft 1', 'In review 1', 'Awaiting payment 1', 'Live 1', 'Paused 1', 'Expired 1']);
    expect(within(filter).getByRole('link', { name: 'All 6' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(filter).getByRole('link', { name: 'Paused 1' }));
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/jobs?status=STOPPED'));
    await waitFor(() => expect(bodyTitles()).toEqual(['Product Designer']));
    expect(calls).toEqual([undefined, 'STOPPED']);
    expect(within(filter).getByRole('link', { name: 'Paused 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: 'All 6' }).getAttribute('aria-current')).toBeNull();
  });

  it('says when a status has no jobs, and offers the way back to all of them', async () => {
    open({ jobs: [], counts: { ACTIVE: 2 } }, {}, '/client/startups/northwind-labs/jobs?status=EXPIRED');
    expect(await screen.findByRole('heading', { level: 2, name: 'No expired jobs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all jobs' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs');
  });

  it('has an empty state with "Post a job" when the startup has no job at all', async () => {
    open({ jobs: [], counts: {} });
    expect(await screen.findByRole('heading', { level: 2, name: 'No jobs yet' })).toBeTruthy();
    const empty = screen.getByRole('heading', { level: 2, name: 'No jobs yet' }).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Post a job' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/new');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sorts by a column header, each click turning the order, and says so with aria-sort', async () => {
    open();
    await screen.findByRole('table');
    // The server's order: newest posted first.
    expect(bodyTitles()).toEqual(['Customer Success Lead', 'Backend Engineer', 'Sales Manager', 'DevOps Engineer', 'Product Designer', 'Data Scientist']);
    const views = screen.getByRole('button', { name: /^Views/ });
    fireEvent.click(views);
    expect(bodyTitles().slice(0, 3)).toEqual(['Data Scientist', 'Backend Engineer', 'Product Designer']);
    expect(views.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(views);
    expect(bodyTitles().slice(-3)).toEqual(['Product Designer', 'Backend Engineer', 'Data Scientist']);
    expect(views.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Title/ }));
    expect(bodyTitles()).toEqual(['Backend Engineer', 'Customer Success Lead', 'Data Scientist', 'DevOps Engineer', 'Product Designer', 'Sales Manager']);
    // The cards' sort select says the same, and sorts too.
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(select.value).toBe('title:asc');
    fireEvent.change(select, { target: { value: 'expires:asc' } });
    expect(bodyTitles()[0]).toBe('Data Scientist');
  });

  it('pauses at once, and rolls back with the reason when the server refuses', async () => {
    const answer = deferred<Response>();
    const { sent } = open(northwindJobs(NOW), { 'POST companies/northwind-labs/jobs/11/pause': () => answer.promise });
    await screen.findByRole('table');
    const pause = within(row('Backend Engineer')).getByRole('button', { name: 'Pause job Backend Engineer' });
    pause.focus();
    fireEvent.click(pause);
    // Shown before the server answers: paused, with Resume in the same place (it keeps the focus), counts moved.
    const button = within(row('Backend Engineer')).getByRole('button', { name: 'Resume job Backend Engineer' });
    expect(row('Backend Engineer').querySelector('td[data-label="Status"]')!.textContent).toBe('Paused');
    expect(button).toBe(pause);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Paused 2' })).toBeTruthy();
    // A second click while it runs sends nothing more.
    fireEvent.click(button);

    answer.resolve(jsonAnswer({ message: 'Only an active job can be paused (the job is expired)', code: 'E_ILLEGAL_TRANSITION' }, 409));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('“Backend Engineer” could not be paused. Only an active job can be paused (the job is expired)'));
    expect(row('Backend Engineer').querySelector('td[data-label="Status"]')!.textContent).toBe('Live');
    expect(within(row('Backend Engineer')).getByRole('button', { name: 'Pause job Backend Engineer' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('link', { name: 'Paused 1' })).toBeTruthy();
    expect(sent('POST companies/northwind-labs/jobs/11/pause')).toHaveLength(1);
  });

  it('resumes a paused job and keeps what the server answered', async () => {
    const update = { id: 12, status: 'ACTIVE', approvedAt: new Date(NOW - 10 * 86_400_000).toISOString(), expirationDate: new Date(NOW + 20 * 86_400_000).toISOString(), allowedEvents: ['pause', 'edit'] };
    expect(v.safeParse(JobStatusUpdateSchema, update).success).toBe(true);
    open(northwindJobs(NOW), { 'POST companies/northwind-labs/jobs/12/resume': () => jsonAnswer(update) });
    await screen.findByRole('table');
    fireEvent.click(within(row('Product Designer')).getByRole('button', { name: 'Resume job Product Designer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Product Designer” is live again.'));
    expect(row('Product Designer').querySelector('td[data-label="Status"]')!.textContent).toBe('Live');
    expect(row('Product Designer').querySelector('td[data-label="Expires"]')!.textContent).toBe('in 2 weeks');
    expect(actions('Product Designer')).toEqual(['Edit job', 'Pause job', 'Duplicate job']);
  });

  it('reposts an expired job as a draft with its new date', async () => {
    const expiry = new Date(NOW + 60 * 86_400_000).toISOString();
    open(northwindJobs(NOW), {
      'POST companies/northwind-labs/jobs/14/repost': () =>
        jsonAnswer({ id: 14, status: 'DRAFT', approvedAt: new Date(NOW - 70 * 86_400_000).toISOString(), expirationDate: expiry, allowedEvents: ['publish', 'edit'] }),
    });
    await screen.findByRole('table');
    fireEvent.click(within(row('Data Scientist')).getByRole('button', { name: 'Repost job Data Scientist' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^“Data Scientist” is a draft again, running until .+ once published\. Publish it to put it live\.$/));
    expect(actions('Data Scientist')).toEqual(['Publish', 'Edit job', 'Duplicate job', 'Delete draft']);
  });

  it('deletes a draft only after asking, and Cancel keeps it', async () => {
    const { sent } = open(northwindJobs(NOW), { 'DELETE companies/northwind-labs/jobs/13': () => new Response(null, { status: 204 }) });
    await screen.findByRole('table');
    fireEvent.click(within(row('Customer Success Lead')).getByRole('button', { name: 'Delete draft Customer Success Lead' }));
    const confirm = screen.getByRole('group', { name: 'Delete the draft “Customer Success Lead”? This cannot be undone.' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Delete draft' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /Delete the draft/ })).toBeNull();
    expect(sent('DELETE companies/northwind-labs/jobs/13')).toEqual([]);

    fireEvent.click(within(row('Customer Success Lead')).getByRole('button', { name: 'Delete draft Customer Success Lead' }));
    fireEvent.click(within(screen.getByRole('group', { name: /Delete the draft/ })).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The draft “Customer Success Lead” is deleted.'));
    expect(screen.queryByRole('link', { name: 'Customer Success Lead' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Draft/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'All 5' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Jobs' })));
  });

  it('duplicates a job as a new draft with the same form, " (copy)" and a fresh expiry, and opens it', async () => {
    const source = managedJob('ACTIVE', NOW);
    expect(v.safeParse(ManagedJobSchema, source).success).toBe(true);
    const created = { ...managedJob('DRAFT', NOW), id: 99, title: 'Backend Engineer (copy)' };
    const { sent, where } = open(northwindJobs(NOW), {
      'GET companies/northwind-labs/jobs/11': () => jsonAnswer(source),
      'POST companies/northwind-labs/jobs': () => jsonAnswer(created, 201),
    });
    await screen.findByRole('table');
    fireEvent.click(within(row('Backend Engineer')).getByRole('button', { name: 'Duplicate job Backend Engineer' }));
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/jobs/99/edit'));
    const [body] = sent('POST companies/northwind-labs/jobs') as Record<string, unknown>[];
    expect(body).toMatchObject({ ...source.manage.form, title: 'Backend Engineer (copy)', expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // What the copy sends passes the form's own schema, so the server takes it.
    expect(v.safeParse(JobInputSchema, body).success).toBe(true);
  });

  it('shows the error of a failed duplicate and stays', async () => {
    const { where } = open(northwindJobs(NOW), {
      'GET companies/northwind-labs/jobs/11': () => jsonAnswer({ message: 'The server could not do this', code: 'E_INTERNAL' }, 500),
    });
    await screen.findByRole('table');
    fireEvent.click(within(row('Backend Engineer')).getByRole('button', { name: 'Duplicate job Backend Engineer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('“Backend Engineer” could not be duplicated. The server could not do this'));
    expect(where()).toBe('/client/startups/northwind-labs/jobs');
  });
});

describe('sortJobs', () => {
  it('keeps jobs without a value last both ways, and breaks ties by newest', () => {
    const a = jobRow(1, 'A', 'ACTIVE', NOW, { boostingExpiresAt: new Date(NOW + 86_400_000).toISOString() });
    const b = jobRow(2, 'B', 'ACTIVE', NOW);
    const c = jobRow(3, 'C', 'DRAFT', NOW, { expirationDate: null });
    expect(sortJobs([b, a], { key: 'boosted', dir: 'desc' }, NOW).map((j) => j.id)).toEqual([1, 2]);
    expect(sortJobs([b, a], { key: 'boosted', dir: 'asc' }, NOW).map((j) => j.id)).toEqual([1, 2]);
    expect(sortJobs([c, a], { key: 'expires', dir: 'desc' }, NOW).map((j) => j.id)).toEqual([1, 3]);
    expect(sortJobs([a, b], DEFAULT_SORT, NOW).map((j) => j.id)).toEqual([2, 1]);
  });

  it('holds its samples to the sdk schema', () => {
    expect(v.safeParse(ManagedJobListSchema, northwindJobs(NOW)).success).toBe(true);
  });
});
