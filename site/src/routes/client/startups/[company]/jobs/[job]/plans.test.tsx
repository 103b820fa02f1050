// @vitest-environment happy-dom
/** /monetise, /boost, the confirmation pages and /hh-steps of a job (issue #12), with the real sdk client over a fake /api. */
import { planPrice } from '@nordlys/sdk/pricing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORIGIN } from '../../../../../../api';
import { jsonAnswer, renderPage, type Handlers } from '../../../../../../modals/test-helpers';
import { invoiceOrder, JOB_ID, jobPageHandlers, managedJob, memberOf, STARTUP_KEY, startupIn } from '../../../../../../testing/job-posting';
import * as boostPage from './boost';
import * as confirmationPage from './confirmation';
import * as hhStepsPage from './hh-steps';
import * as monetisePage from './monetise';

afterEach(cleanup);

const base = `/client/startups/${STARTUP_KEY}/jobs/${JOB_ID}`;
const company = startupIn('DK');
const founder = memberOf(company);
const statusAnswer = (status: string) => jsonAnswer({ id: JOB_ID, status, approvedAt: null, expirationDate: null, allowedEvents: [] });

function openMonetise(handlers: Handlers, query = '') {
  return renderPage(monetisePage, '/client/startups/:company/jobs/:job/monetise', `${base}/monetise${query}`, handlers);
}

const amountOf = (card: HTMLElement) => card.querySelector('.plan-card__amount')!.textContent!.replace(/\u00a0/g, ' ');
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('/monetise', () => {
  it("offers the four plans at the startup's prices: Free posts at once, the paid plans link to the checkout", async () => {
    openMonetise(jobPageHandlers({ user: founder, company: startupIn('SE'), job: managedJob('DRAFT') }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Choose a plan');
    expect(amountOf(cardOf('Boost'))).toBe('SEK 849.00');
    expect(amountOf(cardOf('Max'))).toBe(`SEK ${planPrice('max', 'SE').amount.toLocaleString('en')}.00`);
    expect(within(cardOf('Free')).getByRole('button', { name: 'Post for free' })).toBeTruthy();
    const here = encodeURIComponent(`${base}/monetise`);
    for (const [name, plan] of [['Boost', 'boost'], ['Max', 'max'], ['Headhunter', 'headhunter']] as const) {
      const link = within(cardOf(name)).getByRole('link', { name: `Choose ${name}` });
      expect(link.getAttribute('href')).toBe(`/api/jobs/${JOB_ID}/checkout?plan=${plan}&cancel_url=${here}`);
    }
  });

  it('posts for free: the plan, then publish, then the /posted page', async () => {
    const { sent, calls, where } = openMonetise(
      jobPageHandlers({
        user: founder,
        job: managedJob('DRAFT', { plan: 'boost' }),
        more: {
          [`PUT companies/${STARTUP_KEY}/jobs/${JOB_ID}/plan`]: () => jsonAnswer(managedJob('DRAFT')),
          [`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/publish`]: () => statusAnswer('ACTIVE'),
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Post for free' }));
    await waitFor(() => expect(where()).toBe(`${base}/posted`));
    expect(sent(`PUT companies/${STARTUP_KEY}/jobs/${JOB_ID}/plan`)).toEqual([{ plan: 'free' }]);
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => !c.startsWith('GET'));
    expect(order).toEqual([`PUT /api/companies/${STARTUP_KEY}/jobs/${JOB_ID}/plan`, `POST /api/companies/${STARTUP_KEY}/jobs/${JOB_ID}/publish`]);
  });

  it("shows the server's words when publishing is refused, and stays", async () => {
    const { where } = openMonetise(
      jobPageHandlers({
        user: founder,
        more: {
          [`PUT companies/${STARTUP_KEY}/jobs/${JOB_ID}/plan`]: () => jsonAnswer(managedJob('DRAFT')),
          [`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/publish`]: () =>
            jsonAnswer({ message: 'Only a draft, or a job waiting for payment, can be published', code: 'E_ILLEGAL_TRANSITION' }, 409),
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Post for free' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only a draft, or a job waiting for payment, can be published');
    expect(where()).toBe(`${base}/monetise`);
  });

  it('asks to finish an incomplete job first, and offers no plan to choose', async () => {
    openMonetise(jobPageHandlers({ user: founder, job: managedJob('DRAFT', { missing: { description: 'Please describe the job' } }) }));
    expect(await screen.findByText('Please describe the job')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish the job' }).getAttribute('href')).toBe(`${base}/edit`);
    expect(screen.queryByRole('button', { name: 'Post for free' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Choose / })).toBeNull();
    // The prices still show.
    expect(amountOf(cardOf('Boost'))).toBe('DKK 599.00');
  });

  it('sends a live job to /boost', async () => {
    openMonetise(jobPageHandlers({ user: founder, job: managedJob('ACTIVE') }));
    expect((await screen.findByRole('link', { name: 'Boost this job' })).getAttribute('href')).toBe(`${base}/boost`);
    expect(screen.queryByRole('list', { name: /^Plans for/ })).toBeNull();
  });

  it('shows the billing form when the checkout sent back with ?plan=, prefilled, and places the order on invoice', async () => {
    const last = { name: 'Aurora Labs ApS', address: 'Njalsgade 21', postalCode: '2300', city: 'København S', countryCode: 'DK', vatNumber: null, email: 'billing@aurora.example' };
    const { sent, where } = openMonetise(
      jobPageHandlers({
        user: founder,
        job: managedJob('DRAFT'),
        more: {
          [`GET companies/${STARTUP_KEY}/billing`]: () => jsonAnswer({ billing: last }),
          [`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/orders`]: () =>
            jsonAnswer({ order: invoiceOrder({ plan: 'max' }), jobStatus: 'ACTIVE', next: `${base}/max-posted` }, 201),
        },
      }),
      '?plan=max',
    );
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeTruthy();
    expect(screen.getByText('Max', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByLabelText(/Company name/) as HTMLInputElement).value).toBe('Aurora Labs ApS');
    expect(screen.getByRole('link', { name: 'Choose another plan' }).getAttribute('href')).toBe(`${base}/monetise`);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(where()).toBe(`${base}/max-posted`));
    expect(sent(`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/orders`)).toEqual([{ plan: 'max', billing: { ...last, vatNumber: '' } }]);
  });

  it('ignores a ?plan= that is not a paid plan', async () => {
    openMonetise(jobPageHandlers({ user: founder }), '?plan=free');
    expect(await screen.findByRole('button', { name: 'Post for free' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Billing details' })).toBeNull();
  });

  it("is not for someone else's startup", async () => {
    const { where } = openMonetise(jobPageHandlers({ user: memberOf(startupIn('DK', { key: 'fjord-pay', id: 2, name: 'Fjord Pay' })) }));
    await waitFor(() => expect(where()).not.toBe(`${base}/monetise`));
    expect(screen.queryByRole('heading', { name: 'Choose a plan' })).toBeNull();
  });
});

describe('/boost', () => {
  const open = (handlers: Handlers, query = '') => renderPage(boostPage, '/client/startups/:company/jobs/:job/boost', `${base}/boost${query}`, handlers);

  it('sells a Boost for a live job: its price, until when it is featured, the checkout link back to /boost', async () => {
    const running = new Date(Date.now() + 3 * 86_400_000).toISOString();
    open(jobPageHandlers({ user: founder, company: startupIn('NO'), job: managedJob('ACTIVE', { boostingExpiresAt: running }) }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Boost this job');
    expect(amountOf(cardOf('Boost'))).toBe('NOK 879.00');
    expect(screen.getByText(/This job is featured until/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Buy a Boost' });
    expect(link.getAttribute('href')).toBe(`/api/jobs/${JOB_ID}/checkout?plan=boost&cancel_url=${encodeURIComponent(`${base}/boost`)}`);
  });

  it('takes the order on invoice after the checkout sent back with ?plan=boost, then goes to /boosted', async () => {
    const { sent, where } = open(
      jobPageHandlers({
        user: founder,
        job: managedJob('ACTIVE'),
        more: {
          [`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/orders`]: () => jsonAnswer({ order: invoiceOrder(), jobStatus: 'ACTIVE', next: `${base}/boosted` }, 201),
        },
      }),
      '?plan=boost',
    );
    fireEvent.change(await screen.findByLabelText(/Address/), { target: { value: 'Storgata 1' } });
    fireEvent.change(screen.getByLabelText(/Postal code/), { target: { value: '0155' } });
    fireEvent.change(screen.getByLabelText(/City/), { target: { value: 'Oslo' } });
    fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'NO' } });
    fireEvent.change(screen.getByLabelText(/Invoice e-mail/), { target: { value: 'ap@aurora.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(where()).toBe(`${base}/boosted`));
    expect(sent(`POST companies/${STARTUP_KEY}/jobs/${JOB_ID}/orders`)).toEqual([
      {
        plan: 'boost',
        billing: { name: 'Aurora Labs', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', countryCode: 'NO', vatNumber: '', email: 'ap@aurora.example' },
      },
    ]);
  });

  it('tells a job that is not live why, with the way back', async () => {
    open(jobPageHandlers({ user: founder, job: managedJob('STOPPED') }));
    expect((await screen.findByRole('note')).textContent).toContain('Only a live job can be boosted. This job is paused: Hidden from talent until you resume it.');
    expect(screen.getByRole('link', { name: 'Back to the job' }).getAttribute('href')).toBe(base);
    expect(screen.queryByRole('link', { name: 'Buy a Boost' })).toBeNull();
  });
});

describe('the confirmation pages', () => {
  const open = (page: string, job = managedJob('ACTIVE')) =>
    renderPage(confirmationPage, `/client/startups/:company/jobs/:job/${page}`, `${base}/${page}`, jobPageHandlers({ user: founder, job }));

  it('/posted: live now, the public link with share buttons, and the widget snippet', async () => {
    open('posted');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your job is posted');
    expect(screen.getByText('It is live now.')).toBeTruthy();
    // On the site's configured public origin (the router context's default here), not the request's (http://localhost).
    const url = `${DEFAULT_ORIGIN}/jobs/${JOB_ID}`;
    expect(screen.getByRole('link', { name: url }).getAttribute('href')).toBe(url);
    const linkedIn = screen.getByRole('link', { name: /Share on LinkedIn/ });
    expect(linkedIn.getAttribute('href')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    // spec 9: the shared text is cut at 200 characters.
    const tweet = new URL(screen.getByRole('link', { name: /Share on X/ }).getAttribute('href')!);
    expect(tweet.searchParams.get('text')!.length).toBeLessThanOrEqual(200);
    expect(tweet.searchParams.get('text')).toMatch(/^Senior Frontend Engineer at Aurora Labs\. Build & ship/);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Show your jobs on your website' })).toBeTruthy();
    expect((screen.getByLabelText('Snippet') as HTMLTextAreaElement).value).toContain('nordlys-jobs');
    expect(screen.queryByRole('link', { name: 'See the Headhunter steps' })).toBeNull();
    expect(screen.queryByText(/invoice or receipt/)).toBeNull();
  });

  it('/boosted: in review while the startup waits for approval, with the invoice under settings', async () => {
    open('boosted', managedJob('PENDING_COMPANY_APPROVAL', { plan: 'boost' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your job has a Boost');
    expect(screen.getByText('It is in review until your startup is approved.')).toBeTruthy();
    expect(screen.getByText('The link works once the job is live.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the startup’s settings' }).getAttribute('href')).toBe(`/client/startups/${STARTUP_KEY}/settings`);
  });

  it('/max-posted: waiting for the payment', async () => {
    open('max-posted', managedJob('PENDING_PAYMENT', { plan: 'max' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your job is posted with Max');
    expect(screen.getByText('It is waiting for the payment.')).toBeTruthy();
    expect(screen.getByText(/It goes live as soon as the payment for its plan is through\./)).toBeTruthy();
  });

  it('/headhunter-posted links to the Headhunter steps', async () => {
    open('headhunter-posted', managedJob('ACTIVE', { plan: 'headhunter', boostingExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your job is posted with Headhunter');
    expect(screen.getByRole('link', { name: 'See the Headhunter steps' }).getAttribute('href')).toBe(`${base}/hh-steps`);
    expect(screen.getByText(/It is featured until/)).toBeTruthy();
  });
});

describe('/hh-steps', () => {
  const open = (job: ReturnType<typeof managedJob>) =>
    renderPage(hhStepsPage, '/client/startups/:company/jobs/:job/hh-steps', `${base}/hh-steps`, jobPageHandlers({ user: founder, job }));

  it('lists the steps over the 12 weeks, with what the recruiter and the startup do', async () => {
    open(managedJob('ACTIVE', { plan: 'headhunter' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Headhunter steps');
    const steps = screen.getAllByRole('listitem').filter((li) => li.classList.contains('hh-step'));
    expect(steps.length).toBe(7);
    expect(steps.at(-1)!.textContent).toContain('Week 12');
    for (const step of steps) {
      expect(within(step).getByText('The recruiter')).toBeTruthy();
      expect(within(step).getByText('You')).toBeTruthy();
    }
  });

  it('tells a job on another plan, with the plans while it can still choose', async () => {
    open(managedJob('DRAFT', { plan: 'boost' }));
    expect((await screen.findByRole('note')).textContent).toContain('This job is on the Boost plan');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(`${base}/monetise`);
  });
});
