// @vitest-environment happy-dom
import { makeUser } from '@nordlys/sdk/testing';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../modals/test-helpers';
import { siteConfig } from '../testing/fixtures';
import * as page from './emailsignup';

vi.mock('altcha', () => ({}));
afterEach(cleanup);

const user = makeUser();

function open(url = '/emailsignup', handlers: Handlers = {}, signUp = true) {
  const config = siteConfig();
  return renderPage(page, '/emailsignup', url, {
    'GET site/config-base': () => jsonAnswer({ ...config, auth: { ...config.auth, signUp } }),
    ...handlers,
  });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillAndSubmit() {
  type('First name', 'Sofie');
  type('Last name', 'Kjær');
  type('Email', 'sofie@nordlys.test');
  type('Password', 'Aurora#2026');
  act(() => {
    document.querySelector('altcha-widget')!.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'solved' } }));
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('/emailsignup', () => {
  it("shows the sign-up form with the captcha and a 'Log in' link back to '/?to=…'", async () => {
    open('/emailsignup?to=%2Fjobs%2F1');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign up');
    expect(screen.getByRole('form', { name: 'Sign up with email' })).toBeTruthy();
    expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe('/api/captcha/challenge');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/?to=%2Fjobs%2F1');
  });

  it("sends the sign-up and goes on to 'to'", async () => {
    const { sent, where } = open('/emailsignup?to=%2Fjobs%2F1', { 'POST users/sign-up': () => jsonAnswer(user) });
    await screen.findByRole('form', { name: 'Sign up with email' });
    fillAndSubmit();
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(where()).toBe('/jobs/1');
    expect(sent('POST users/sign-up')).toEqual([
      { name: { first: 'Sofie', last: 'Kjær' }, email: 'sofie@nordlys.test', password: 'Aurora#2026', reCaptchaResponse: 'solved' },
    ]);
  });

  it("goes on to '/client/' without a 'to', or with one pointing off the site", async () => {
    const { where } = open('/emailsignup?to=%2F%2Fevil.example', { 'POST users/sign-up': () => jsonAnswer(user) });
    await screen.findByRole('form', { name: 'Sign up with email' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/?to=%2Fclient%2F');
    fillAndSubmit();
    await waitFor(() => expect(where()).toBe('/client/'));
  });

  it('prefills the name and e-mail from the query', async () => {
    open('/emailsignup?name=Anna%20Berg&email=anna%40nordlys.test');
    await screen.findByRole('form', { name: 'Sign up with email' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Berg');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@nordlys.test');
  });

  it('shows the server message when the sign-up fails, and stays', async () => {
    const { where } = open('/emailsignup', {
      'POST users/sign-up': () => jsonAnswer({ message: 'An account with this e-mail exists', code: 'E_ACCOUNT_EXISTS' }, 409),
    });
    await screen.findByRole('form', { name: 'Sign up with email' });
    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this e-mail exists');
    expect(where()).toBe('/emailsignup');
  });

  it('says sign-up is closed when it is disabled, and still offers log in', async () => {
    open('/emailsignup', {}, false);
    expect(await screen.findByText('Signing up is closed at the moment.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('has a title and is kept out of search engines', () => {
    expect(page.handle.meta!({} as never)).toMatchObject({ title: 'Sign up', noindex: true });
  });
});
