// @vitest-environment happy-dom
import { makeUser } from '@nordlys/sdk/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, type Handlers } from '../modals/test-helpers';
import * as page from './settings';

afterEach(cleanup);

function open(handlers: Handlers, url = '/settings') {
  return renderPage(page, '/settings', url, handlers);
}

describe('/settings (My Account)', () => {
  it('shows the name, the e-mail with its verification, and says they cannot be changed here yet', async () => {
    open({ 'GET users/me': () => jsonAnswer(makeUser()) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My Account');
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Name', 'Email']);
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['Sofie Kjær', 'sofie@nordlys.test Verified']);
    // Read-only: nothing to type into but the password change.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/can't be changed here yet/).textContent).toBe(
      "Your name and e-mail address can't be changed here yet. If they need correcting, contact us.",
    );
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByText(/is not verified yet/)).toBeNull();
  });

  it('says when the e-mail is not verified yet', async () => {
    open({ 'GET users/me': () => jsonAnswer(makeUser({ isEmailVerified: false })) });
    expect(await screen.findByText('Not verified')).toBeTruthy();
    expect(screen.getByText(/Your e-mail address is not verified yet/)).toBeTruthy();
  });

  it('changes the password by mailing a link to the own address, once for two clicks, with a confirmation', async () => {
    const answer = deferred<Response>();
    const { sent } = open({
      'GET users/me': () => jsonAnswer(makeUser()),
      'POST users/forgot-password': () => answer.promise,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a password change link' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    answer.resolve(new Response(null, { status: 204 }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "We've sent an e-mail to sofie@nordlys.test with a link to change your password. It can take a few minutes to arrive; check your spam folder if you don't see it.",
    );
    expect(sent('POST users/forgot-password')).toEqual([{ email: 'sofie@nordlys.test' }]);
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeTruthy();
  });

  it("shows the server's message when the mail cannot be sent", async () => {
    open({
      'GET users/me': () => jsonAnswer(makeUser()),
      'POST users/forgot-password': () => jsonAnswer({ message: 'Mail is down, try later' }, 503),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a password change link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mail is down, try later');
  });

  it("sends a logged-out visitor to '/?to=%2Fsettings'", async () => {
    const { where } = open({ 'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401) });
    await waitFor(() => expect(where()).toBe('/?to=%2Fsettings'));
    expect(screen.queryByRole('heading', { name: 'My Account' })).toBeNull();
  });

  it('shows the error page when the account cannot be read', async () => {
    open({ 'GET users/me': () => jsonAnswer({ message: 'Database is down' }, 500) });
    expect(await screen.findByText('Error page')).toBeTruthy();
  });
});
