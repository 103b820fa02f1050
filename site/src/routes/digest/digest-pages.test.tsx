// @vitest-environment happy-dom
/**
 * The pages a job digest's mails link to (issue #14): confirm (double opt-in), manage by settingsKey,
 * and unsubscribe. A GET changes nothing on any of them: mail scanners follow links. Their buttons are
 * form POSTs, so they work without JS too.
 */
import type { DigestProfile } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ActionFunction, LoaderFunction } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouterContext } from '../../api';
import { accountApi, jsonAnswer, type Handlers } from '../../modals/test-helpers';
import { ApiProvider } from '../../modals/useApi';
import * as confirmPage from './confirm';
import * as managePage from './manage/[key]';
import * as unsubscribePage from './unsubscribe';

afterEach(cleanup);

const KEY = 'Xq3v9Yk2LmN8pR4sT6uW1zA5bC7dE0fG';
const TOKEN = 'c0nf1rm-t0ken-abcdefghijklmnop';
const UNSUB = { id: '41', token: 'A'.repeat(43) };

const profile = (more: Partial<DigestProfile> = {}): DigestProfile => ({
  settingsKey: KEY,
  email: 'ann@example.test',
  frequency: 'daily',
  locations: [{ countryCode: 'DK' }],
  includeRemoteJobs: false,
  categories: ['qa'],
  hourOfDay: 8,
  timeZone: 'Europe/Copenhagen',
  paused: false,
  status: 'active',
  nextDueAt: '2026-05-05T06:00:00.000Z',
  lastSentAt: null,
  ...more,
});

/** A route module at `url`, its loader and action reading the fake api, as the site's router runs it. */
function open(page: { loader?: LoaderFunction; action?: ActionFunction; Component: ComponentType }, routePath: string, url: string, handlers: Handlers = {}) {
  const fake = accountApi(handlers);
  const router = createMemoryRouter(
    [{ path: routePath, loader: page.loader, action: page.action, Component: page.Component, HydrateFallback: () => <p>Loading</p>, ErrorBoundary: () => <p>Error page</p> }],
    { initialEntries: [url], getContext: () => createRouterContext(fake.api) },
  );
  render(
    <ApiProvider api={fake.api}>
      <RouterProvider router={router} />
    </ApiProvider>,
  );
  return fake;
}

const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('/digest/confirm', () => {
  it('asks first (a GET confirms nothing), then POSTs the token and shows when the first e-mail goes', async () => {
    const { calls, sent } = open(confirmPage, '/digest/confirm', `/digest/confirm?token=${TOKEN}`, { 'POST digest/confirm': () => jsonAnswer(profile()) });
    expect(await heading()).toBe('Confirm your job alerts');
    expect(calls).toHaveLength(0);
    await press('Confirm my subscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your job alerts are on' })).toBeTruthy();
    expect(sent('POST digest/confirm')).toEqual([{ token: TOKEN }]);
    expect(screen.getByText(/^New jobs that match come to ann@example.test every day, first on Tuesday 5 May at 08:00 \(Europe\/Copenhagen\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose countries and categories' }).getAttribute('href')).toBe(`/digest/manage/${KEY}`);
  });

  it('says the link does not work when the server refuses the token, or the link has none', async () => {
    open(confirmPage, '/digest/confirm', `/digest/confirm?token=${TOKEN}`, {
      'POST digest/confirm': () => jsonAnswer({ message: 'This confirmation link is not valid any more. Subscribe again to get a new one.', code: 'E_GONE' }, 410),
    });
    await heading();
    await press('Confirm my subscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(/^This confirmation link is not valid any more/)).toBeTruthy();
    cleanup();
    const { calls } = open(confirmPage, '/digest/confirm', '/digest/confirm');
    expect(await heading()).toBe('This link does not work');
    expect(calls).toHaveLength(0);
  });

  it('shows the error page, not a refusal, when the server does not answer properly', async () => {
    open(confirmPage, '/digest/confirm', `/digest/confirm?token=${TOKEN}`, { 'POST digest/confirm': () => jsonAnswer({ message: 'Database is down' }, 500) });
    await heading();
    await press('Confirm my subscription');
    expect(await screen.findByText('Error page')).toBeTruthy();
  });
});

describe('/digest/unsubscribe', () => {
  const url = `/digest/unsubscribe?id=${UNSUB.id}&token=${UNSUB.token}`;

  it('reads what the link would end (GET changes nothing), and its button POSTs the one-click body', async () => {
    const { calls } = open(unsubscribePage, '/digest/unsubscribe', url, {
      'GET digest/unsubscribe': () => jsonAnswer({ subscribed: true, email: 'a***@example.test' }),
      'POST digest/unsubscribe': () => jsonAnswer({ subscribed: false, email: 'a***@example.test' }),
    });
    expect(await heading()).toBe('Unsubscribe from job alerts?');
    expect(screen.getByText('No more job alerts will go to a***@example.test.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/digest/unsubscribe']);
    expect(calls[0]!.query).toEqual(UNSUB);

    await press('Unsubscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.query).toEqual(UNSUB);
    expect(post.text).toBe('List-Unsubscribe=One-Click');
    expect(post.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('says so when the subscription has already ended, and when the link is broken', async () => {
    open(unsubscribePage, '/digest/unsubscribe', url, { 'GET digest/unsubscribe': () => jsonAnswer({ subscribed: false, email: null }) });
    expect(await heading()).toBe('You are unsubscribed');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    cleanup();
    open(unsubscribePage, '/digest/unsubscribe', url, {
      'GET digest/unsubscribe': () => jsonAnswer({ message: 'This unsubscribe link is not valid', code: 'E_VALIDATION', errors: { token: ['This unsubscribe link is not valid'] } }, 400),
    });
    expect(await heading()).toBe('This link does not work');
    cleanup();
    const { calls } = open(unsubscribePage, '/digest/unsubscribe', '/digest/unsubscribe?id=41');
    expect(await heading()).toBe('This link does not work');
    expect(calls).toHaveLength(0);
  });
});

describe('/digest/manage/{key}', () => {
  it('shows the settings of the key with no sign-in, and unsubscribes with DELETE digest/{key}', async () => {
    const { calls } = open(managePage, '/digest/manage/:key', `/digest/manage/${KEY}`, {
      [`GET digest/${KEY}`]: () => jsonAnswer(profile()),
      [`GET digest/${KEY}/preview`]: () => jsonAnswer({ jobs: [], total: 0, since: '2026-05-01T06:00:00.000Z' }),
      [`DELETE digest/${KEY}`]: () => jsonAnswer({ subscribed: false, email: 'a***@example.test' }),
    });
    expect(await heading()).toBe('Your job alerts');
    expect(screen.getByText(/^The job alerts sent to ann@example.test\./)).toBeTruthy();
    expect((screen.getByRole('group', { name: 'Countries' }).querySelector('input[value="DK"]') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Preview of your next e-mail' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await press('Unsubscribe from job alerts');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    expect(screen.getByText('No more job alerts go to a***@example.test.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/digest/${KEY}`]));
  });

  it('answers the error page for a key that is not (or no longer) a subscription', async () => {
    open(managePage, '/digest/manage/:key', '/digest/manage/unknown-key-0000000000', {});
    expect(await screen.findByText('Error page')).toBeTruthy();
  });
});
