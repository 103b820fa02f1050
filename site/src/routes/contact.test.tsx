// @vitest-environment happy-dom
/**
 * The contact form (issue #15) with JavaScript: checked with the server's rules before sending, sent by
 * the page's action without a reload, a confirmation once sent, and through a refusal (a used captcha,
 * the rate limit) it keeps what was typed, shows the server's messages and asks for a new captcha.
 * The service pages' forms are the same form with their kind.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type ActionFunction, type LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouterContext } from '../api';
import { accountApi, jsonAnswer, type Handlers } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import * as contactPage from './contact';
import * as servicePage from './services/[service]';

vi.mock('altcha', () => ({}));
afterEach(cleanup);

function open(page: { loader?: LoaderFunction; action?: ActionFunction; Component: ComponentType }, path: string, handlers: Handlers = {}) {
  const fake = accountApi(handlers);
  const router = createMemoryRouter([{ path, loader: page.loader, action: page.action, Component: page.Component, HydrateFallback: () => <p>Loading</p> }], {
    initialEntries: [path],
    getContext: () => createRouterContext(fake.api),
  });
  render(
    <ApiProvider api={fake.api}>
      <RouterProvider router={router} />
    </ApiProvider>,
  );
  return fake;
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The altcha widget reports a solved challenge, as its `verified` event does. */
const solveCaptcha = (payload = 'solved-1') =>
  act(async () => {
    document.querySelector('altcha-widget')!.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });
const send = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('/contact with JavaScript', () => {
  it('checks the fields first, then sends once and shows the confirmation', async () => {
    const { sent, calls } = open(contactPage, '/contact', { 'POST contact': () => jsonAnswer({ kind: 'contact' }, 202) });
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });

    await send('Send message');
    expect(calls).toHaveLength(0);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Please enter your name');
    expect(alert.textContent).toContain('Please enter your email address');
    expect(alert.textContent).toContain('Please write your message');
    expect(alert.textContent).toContain('Please verify you are not a robot');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Your name/));

    type(/^Your name/, 'Sofie Kjær');
    type(/^Email/, 'sofie@example.test');
    type(/^Your message/, 'Do you list jobs in the Faroe Islands too?');
    await solveCaptcha();
    await send('Send message');

    const done = await screen.findByRole('heading', { name: 'Thank you, Sofie Kjær' });
    expect(document.activeElement).toBe(done);
    expect(screen.getByText(/by e-mail to sofie@example\.test\./)).toBeTruthy();
    expect(sent('POST contact')).toEqual([
      { kind: 'contact', name: 'Sofie Kjær', email: 'sofie@example.test', message: 'Do you list jobs in the Faroe Islands too?', reCaptchaResponse: 'solved-1' },
    ]);

    // Another message starts from an empty form.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send another message' })));
    expect(valueOf(/^Your name/)).toBe('');
  });

  it("keeps what was typed through a refusal, shows the server's messages and wants a new captcha", async () => {
    const answers = [
      jsonAnswer({ message: 'Invalid input', code: 'E_VALIDATION', errors: { reCaptchaResponse: ['Please verify you are not a robot'] } }, 400),
      jsonAnswer({ message: 'Too many attempts. Please try again in 59 minutes.', code: 'E_RATE_LIMITED' }, 429),
    ];
    const { calls } = open(contactPage, '/contact', { 'POST contact': () => answers.shift()! });
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    type(/^Your name/, 'Sofie Kjær');
    type(/^Email/, 'sofie@example.test');
    type(/^Company or startup/, 'Aurora Labs');
    type(/^Your message/, 'A question about invoices for our two job posts.');
    await solveCaptcha('used-answer');
    await send('Send message');

    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('Please verify you are not a robot');
    expect(screen.getByRole('group', { name: 'Verify you are not a robot' }).getAttribute('aria-describedby')).toBeTruthy();
    expect([valueOf(/^Your name/), valueOf(/^Email/), valueOf(/^Company or startup/), valueOf(/^Your message/)]).toEqual([
      'Sofie Kjær',
      'sofie@example.test',
      'Aurora Labs',
      'A question about invoices for our two job posts.',
    ]);
    // The used answer was dropped: sending again asks for the captcha first, without a request.
    await send('Send message');
    expect(calls).toHaveLength(1);

    await solveCaptcha('fresh-answer');
    await send('Send message');
    expect(await screen.findByText('Too many attempts. Please try again in 59 minutes.')).toBeTruthy();
    expect(valueOf(/^Your message/)).toBe('A question about invoices for our two job posts.');
    expect(calls).toHaveLength(2);
  });
});

describe('the service request forms', () => {
  it('asks Scout for the startup, and sends the request as kind scout', async () => {
    const { sent } = open(servicePage, '/scout', { 'POST contact': () => jsonAnswer({ kind: 'scout' }, 202) });
    await screen.findByRole('heading', { level: 1, name: 'Scout: a recruiter who is paid when you hire' });
    type(/^Your name/, 'Mads Berg');
    type(/^Email/, 'mads@aurora.test');
    type(/^The role/, 'A senior backend engineer in Copenhagen, from August.');
    await solveCaptcha();
    await send('Request Scout');
    expect(screen.getByRole('alert').textContent).toContain("Please enter your startup's name");
    expect(document.activeElement).toBe(screen.getByLabelText(/^Startup/));

    type(/^Startup/, 'Aurora Labs');
    await send('Request Scout');
    expect(await screen.findByRole('heading', { name: 'Thank you, Mads Berg' })).toBeTruthy();
    expect(sent('POST contact')).toEqual([
      { kind: 'scout', name: 'Mads Berg', email: 'mads@aurora.test', company: 'Aurora Labs', message: 'A senior backend engineer in Copenhagen, from August.', reCaptchaResponse: 'solved-1' },
    ]);
  });

  it('sends the community program application as kind community', async () => {
    const { sent } = open(servicePage, '/community-program', { 'POST contact': () => jsonAnswer({ kind: 'community' }, 202) });
    await screen.findByRole('heading', { level: 1, name: 'The community program' });
    type(/^Your name/, 'Ingrid Dahl');
    type(/^Email/, 'ingrid@founders.test');
    type(/^Community or organisation/, 'Bergen Founders');
    type(/^About your community/, 'Forty startups in Bergen, monthly meetups. bergenfounders.test');
    await solveCaptcha();
    await send('Send application');
    expect(await screen.findByRole('heading', { name: 'Thank you, Ingrid Dahl' })).toBeTruthy();
    expect(sent('POST contact')).toMatchObject([{ kind: 'community', company: 'Bergen Founders' }]);
  });
});
