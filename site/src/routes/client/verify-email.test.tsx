// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../../modals/test-helpers';
import * as page from './verify-email';

afterEach(cleanup);

function open(url: string, handlers: Handlers = {}) {
  return renderPage(page, '/client/verify-email', url, handlers);
}

const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;

describe('/client/verify-email', () => {
  it("shows 'Your email address is verified' after the server's redirect", async () => {
    const { calls } = open('/client/verify-email?result=verified');
    expect(await heading()).toBe('Your email address is verified');
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/settings');
    expect(calls).toHaveLength(0);
  });

  it('says what to do next when the link did not work', async () => {
    open('/client/verify-email?result=invalid');
    expect(await heading()).toBe('We could not verify your email address');
    expect(screen.getByText(/The link is invalid or has expired/)).toBeTruthy();
    // Issue #15 built the contact page: the way out when the link keeps failing.
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'My Account' })).toBeTruthy();
  });

  it('verifies a key still in the URL itself, then drops it from the address', async () => {
    const { sent, where } = open('/client/verify-email?email-verification-key=abc123', {
      'POST users/verify-email': () => new Response(null, { status: 204 }),
    });
    expect(await heading()).toBe('Your email address is verified');
    expect(sent('POST users/verify-email')).toEqual([{ emailVerificationKey: 'abc123' }]);
    expect(where()).toBe('/client/verify-email?result=verified');
  });

  it('shows the failure when the server refuses the key', async () => {
    const { where } = open('/client/verify-email?email-verification-key=stale', {
      'POST users/verify-email': () => jsonAnswer({ message: 'Invalid key', code: 'E_VALIDATION' }, 400),
    });
    expect(await heading()).toBe('We could not verify your email address');
    await waitFor(() => expect(where()).toBe('/client/verify-email?result=invalid'));
  });

  it('shows the error page, not a failure, when the server does not answer properly', async () => {
    open('/client/verify-email?email-verification-key=abc123', {
      'POST users/verify-email': () => jsonAnswer({ message: 'Database is down' }, 500),
    });
    expect(await screen.findByText('Error page')).toBeTruthy();
  });

  it('explains the page when opened without a result', async () => {
    open('/client/verify-email');
    expect(await heading()).toBe('Verify your email address');
  });
});
