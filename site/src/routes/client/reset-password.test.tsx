// @vitest-environment happy-dom
import { makeUser } from '@nordlys/sdk/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, spokenText, type Handlers } from '../../modals/test-helpers';
import * as page from './reset-password';

afterEach(cleanup);

function open(url: string, handlers: Handlers = {}) {
  return renderPage(page, '/client/reset-password', url, handlers);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

describe('/client/reset-password', () => {
  it('asks for the new password twice, with the live checklist', async () => {
    open('/client/reset-password?resetKey=k-123');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Reset password');
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
    type('New password', 'Aurora#2');
    const items = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
    expect(items.map(spokenText)).toEqual([
      'Met: Upper-case letter',
      'Met: Minimum 8 characters',
      'Met: Number',
      'Met: Special character (for example ~!@#$%&)',
    ]);
  });

  it('shows the messages under the fields and focuses the first invalid one', async () => {
    const { calls } = open('/client/reset-password?resetKey=k-123');
    await screen.findByLabelText('New password');
    save();
    expect(screen.getByText('Please enter a valid password')).toBeTruthy();
    expect(screen.getByText('Please enter the new password again')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    type('New password', 'Aurora#2026');
    type('Confirm new password', 'Aurora#2027');
    save();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
    expect(calls).toHaveLength(0);
  });

  it("sets the password once for two clicks, then confirms and continues to '/'", async () => {
    const answer = deferred<Response>();
    const { sent, where } = open('/client/reset-password?resetKey=k-123', { 'POST users/reset-password': () => answer.promise });
    await screen.findByLabelText('New password');
    type('New password', 'Aurora#2026');
    type('Confirm new password', 'Aurora#2026');
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Saving…' }));
    answer.resolve(jsonAnswer(makeUser()));
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(sent('POST users/reset-password')).toEqual([{ password: 'Aurora#2026', resetKey: 'k-123' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it("shows the server's message for a bad or expired key, and offers a new link", async () => {
    const { sent } = open('/client/reset-password?resetKey=old', {
      'POST users/reset-password': () =>
        jsonAnswer({ message: 'Validation failed', code: 'E_VALIDATION', errors: { resetKey: ['This reset link has expired'] } }, 400),
      'POST users/forgot-password': () => new Response(null, { status: 204 }),
    });
    await screen.findByLabelText('New password');
    type('New password', 'Aurora#2026');
    type('Confirm new password', 'Aurora#2026');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired');
    expect(screen.getByRole('heading', { name: 'Ask for a new link' })).toBeTruthy();
    type('Email', 'sofie@nordlys.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "If there's a user connected to this email address, we've sent an email with instructions for resetting your password.",
    );
    expect(sent('POST users/forgot-password')).toEqual([{ email: 'sofie@nordlys.test' }]);
  });

  it("puts the server's password message under the password", async () => {
    open('/client/reset-password?resetKey=k-123', {
      'POST users/reset-password': () =>
        jsonAnswer({ message: 'Validation failed', code: 'E_VALIDATION', errors: { password: ['Please enter a valid password'] } }, 400),
    });
    await screen.findByLabelText('New password');
    type('New password', 'Aurora#2026');
    type('Confirm new password', 'Aurora#2026');
    save();
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid password')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ask for a new link' })).toBeNull();
  });

  it('explains a link without a key and offers a new one', async () => {
    open('/client/reset-password');
    expect(await screen.findByText('This link has no reset key. Open the link in the e-mail again, or ask for a new one here.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeTruthy();
  });
});
