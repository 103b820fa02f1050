// @vitest-environment happy-dom
/** The admins' queue (/client/reviews), issue #12's parts: jobs waiting for approval (approve, send back with a reason) and invoices awaiting payment (mark paid). */
import { AdminJobItemSchema, OrderSchema, type Order } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../../modals/test-helpers';
import { demoUsers } from '../../testing/fixtures';
import { invoiceOrder, jobQueue } from '../../testing/job-admin';
import { startingQueue } from '../../testing/reviews';
import * as reviews from './reviews';

afterEach(cleanup);

const NOW = Date.now();

function open(handlers: Handlers = {}, orders: Order[] = [invoiceOrder(NOW)]) {
  return renderPage(reviews, '/client/reviews', '/client/reviews', {
    'GET users/me': () => jsonAnswer(demoUsers.admin),
    'GET admin/reviews': () => jsonAnswer({ items: startingQueue(NOW), jobs: jobQueue(NOW) }),
    'GET admin/orders': (call) => jsonAnswer({ orders: orders.filter((o) => o.status === call.query.status) }),
    ...handlers,
  });
}

const jobCard = (title: string) => screen.getByRole('listitem', { name: title });
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('/client/reviews: jobs and invoices', () => {
  it('keeps the startups and investors, then lists the jobs waiting: startup, plan and why it waits', async () => {
    expect(jobQueue(NOW).every((job) => v.safeParse(AdminJobItemSchema, job).success)).toBe(true);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    // The profiles' queue as before.
    expect(screen.getByRole('heading', { level: 2, name: 'Draft Startup' })).toBeTruthy();
    const jobs = screen.getByRole('region', { name: 'Jobs waiting for approval' });
    expect(within(jobs).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Suspicious Crypto Role', 'First Hire']);
    const held = jobCard('Suspicious Crypto Role');
    expect(held.textContent).toContain('Job · Boost plan');
    expect(within(held).getByRole('link', { name: 'Northwind Labs' }).getAttribute('href')).toBe('/client/startups/northwind-labs');
    expect(held.textContent).toMatch(/StatusHeld for review by an admin, \d+ hours? ago/);
    expect(held.textContent).toMatch(/Published2 days ago/);
    expect(within(held).getByRole('link', { name: 'Open the job Suspicious Crypto Role' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs/21');
    expect(within(held).getByRole('button', { name: 'Approve Suspicious Crypto Role' })).toBeTruthy();
    expect(within(held).getByRole('button', { name: 'Send back Suspicious Crypto Role' })).toBeTruthy();
    // A job of a startup under review goes on with the startup: no Approve of its own.
    const waiting = jobCard('First Hire');
    expect(waiting.textContent).toContain('Waiting for Draft Startup to be approved: the job goes on with its startup');
    expect(within(waiting).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(waiting.textContent).toContain('Approve Draft Startup first: its waiting jobs are approved with it.');
    expect(within(waiting).getByRole('button', { name: 'Send back First Hire' })).toBeTruthy();
  });

  it('approves a job: it leaves the queue and the admin is told where it went', async () => {
    const { sent } = open({
      'POST admin/jobs/21/approve': () =>
        jsonAnswer({ id: 21, status: 'ACTIVE', approvedAt: new Date(NOW).toISOString(), expirationDate: new Date(NOW + 86_400_000 * 60).toISOString(), allowedEvents: ['pause', 'hold', 'edit'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    fireEvent.click(within(jobCard('Suspicious Crypto Role')).getByRole('button', { name: 'Approve Suspicious Crypto Role' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Suspicious Crypto Role” is approved and live.'));
    expect(screen.queryByRole('listitem', { name: 'Suspicious Crypto Role' })).toBeNull();
    expect(sent('POST admin/jobs/21/approve')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Reviews' })));
  });

  it('sends a job back only with a reason, which goes to the server to be mailed', async () => {
    const { sent } = open({
      'POST admin/jobs/22/reject': () => jsonAnswer({ id: 22, status: 'DRAFT', approvedAt: null, expirationDate: null, allowedEvents: ['publish', 'edit'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    fireEvent.click(within(jobCard('First Hire')).getByRole('button', { name: 'Send back First Hire' }));
    const form = screen.getByRole('form', { name: 'Send First Hire back' });
    const reason = within(form).getByLabelText(/What should the startup change\?/) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(form).getByRole('button', { name: 'Send back with this reason' }));
    // The sdk schema's message, under the field, which keeps the focus.
    expect(await within(form).findByText('Please give the reason')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(sent('POST admin/jobs/22/reject')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The salary is missing.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send back with this reason' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("“First Hire” is sent back to draft. The startup's members got an e-mail with your reason."));
    expect(sent('POST admin/jobs/22/reject')).toEqual([{ reason: 'The salary is missing.' }]);
    expect(screen.queryByRole('listitem', { name: 'First Hire' })).toBeNull();
  });

  it('keeps the reason and says why when the server refuses', async () => {
    open({ 'POST admin/jobs/22/reject': () => jsonAnswer({ message: 'Only a job waiting for approval can be sent back (the job is a draft)', code: 'E_ILLEGAL_TRANSITION' }, 409) });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    fireEvent.click(within(jobCard('First Hire')).getByRole('button', { name: 'Send back First Hire' }));
    const reason = screen.getByLabelText(/What should the startup change\?/) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'Add a location.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send back with this reason' }));
    await waitFor(() => expect(within(jobCard('First Hire')).getByRole('alert').textContent).toBe('Only a job waiting for approval can be sent back (the job is a draft)'));
    expect(reason.value).toBe('Add a location.');
  });

  it('lists the invoices awaiting payment with number, startup, plan, total and due date, and marks one paid', async () => {
    const order = invoiceOrder(NOW);
    expect(v.safeParse(OrderSchema, order).success).toBe(true);
    const { sent } = open({ 'POST admin/orders/7/paid': () => jsonAnswer({ ...order, status: 'paid', paidAt: new Date(NOW).toISOString() }) });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    const invoices = screen.getByRole('region', { name: 'Invoices awaiting payment' });
    const table = within(invoices).getByRole('table', { name: 'Invoices awaiting payment, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Number', 'Startup', 'Plan', 'Total', 'Due', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Invoice NL-2026-7' }).getAttribute('href')).toBe('/client/startups/northwind-labs/invoices/7');
    expect(Array.from(row.querySelectorAll('td')).slice(0, 4).map((td) => plain(td.textContent))).toEqual(['Northwind Labs', 'Boost', 'DKK 748.75', expect.stringMatching(/^\d{1,2} \w+ \d{4}$/)]);

    fireEvent.click(within(row).getByRole('button', { name: 'Mark paid invoice NL-2026-7' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Invoice NL-2026-7 of Northwind Labs is marked paid.'));
    expect(within(invoices).getByText('No invoice waits for payment.')).toBeTruthy();
    expect(sent('POST admin/orders/7/paid')).toHaveLength(1);
  });

  it('marks an overdue invoice, and says when marking it paid fails', async () => {
    open({ 'POST admin/orders/7/paid': () => jsonAnswer({ message: 'The order is already paid', code: 'E_CONFLICT' }, 409) }, [invoiceOrder(NOW, { dueAt: new Date(NOW - 86_400_000).toISOString() })]);
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    const invoices = screen.getByRole('region', { name: 'Invoices awaiting payment' });
    expect(within(invoices).getByText('Overdue')).toBeTruthy();
    fireEvent.click(within(invoices).getByRole('button', { name: 'Mark paid invoice NL-2026-7' }));
    await waitFor(() => expect(within(invoices).getByRole('alert').textContent).toBe('Invoice NL-2026-7 could not be marked paid. The order is already paid'));
    expect(within(invoices).getByRole('link', { name: 'Invoice NL-2026-7' })).toBeTruthy();
  });

  it('keeps the queue when the invoices cannot be loaded, and loads them on Try again', async () => {
    let fail = true;
    open({ 'GET admin/orders': () => (fail ? jsonAnswer({ message: 'Down', code: 'E_UNAVAILABLE' }, 503) : jsonAnswer({ orders: [invoiceOrder(NOW)] })) });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    const invoices = screen.getByRole('region', { name: 'Invoices awaiting payment' });
    expect(within(invoices).getByRole('alert').textContent).toContain('The invoices could not be loaded');
    expect(screen.getByRole('region', { name: 'Jobs waiting for approval' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(invoices).getByRole('button', { name: 'Try again' }));
    expect(await within(invoices).findByRole('link', { name: 'Invoice NL-2026-7' })).toBeTruthy();
  });

  it('says there is nothing to review when every list is empty', async () => {
    open({ 'GET admin/reviews': () => jsonAnswer({ items: [], jobs: [] }) }, []);
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing to review' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Jobs waiting for approval' })).toBeNull();
  });
});
