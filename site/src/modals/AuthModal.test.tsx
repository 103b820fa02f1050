// @vitest-environment happy-dom
import { authorizeInPopup, PopupAuthError } from '@nordlys/sdk/popup-auth';
import { makeUser } from '@nordlys/sdk/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModal, type AuthModalProps } from './AuthModal';
import { accountApi, authSettings, deferred, jsonAnswer, spokenText, type Handlers } from './test-helpers';

// The altcha widget is a real web component; here its events are sent by hand.
vi.mock('altcha', () => ({}));
vi.mock('@nordlys/sdk/popup-auth', async (original) => ({
  ...(await original<typeof import('@nordlys/sdk/popup-auth')>()),
  authorizeInPopup: vi.fn(),
}));

const popup = vi.mocked(authorizeInPopup);
const user = makeUser();

afterEach(() => {
  cleanup();
  popup.mockReset();
  localStorage.clear();
});

function setup(handlers: Handlers = {}, props: Partial<AuthModalProps> = {}) {
  const fake = accountApi(handlers);
  const onSuccess = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <AuthModal api={fake.api} settings={props.settings ?? authSettings()} onSuccess={onSuccess} onCancel={onCancel} {...props} />,
  );
  return { ...fake, onSuccess, onCancel, view };
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading', { level: 2 }).textContent;
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** Solves the captcha as the altcha widget reports it. */
function solveCaptcha(payload = 'altcha-payload') {
  const widget = document.querySelector('altcha-widget')!;
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
  return widget;
}

function fillSignUp() {
  type('First name', 'Sofie');
  type('Last name', 'Kjær');
  type('Email', 'sofie@nordlys.test');
  type('Password', 'Aurora#2026');
  const widget = solveCaptcha();
  const reset = vi.fn();
  Object.assign(widget, { reset });
  return { reset };
}

describe('AuthModal: the landing step', () => {
  it("shows 'Let us know who you are', the provider, 'Sign up with email' and 'Log in'", () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Let us know who you are' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up with LinkedIn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up with email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByText(/Already have an account\?/)).toBeTruthy();
  });

  it('takes a custom title and hides the provider button when there is no provider', () => {
    setup({}, { title: 'Sign up to save this job', settings: authSettings({ provider: null }) });
    expect(title()).toBe('Sign up to save this job');
    expect(screen.queryByRole('button', { name: /LinkedIn/ })).toBeNull();
  });

  it("offers no 'Sign up with email' when sign-up is disabled, and the provider logs in", () => {
    setup({}, { settings: authSettings({ signUp: false }) });
    expect(screen.queryByRole('button', { name: 'Sign up with email' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in with LinkedIn' })).toBeTruthy();
  });
});

describe('AuthModal: transitions of spec 2.10', () => {
  it('landing → sign up, then sign up → log in', () => {
    setup();
    click('Sign up with email');
    expect(title()).toBe('Sign up');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    click('Log in');
    expect(title()).toBe('Log in');
  });

  it('landing → log in, with the provider, the fields, Forgot password? and the footer', () => {
    setup();
    click('Log in');
    expect(title()).toBe('Log in');
    expect(screen.getByRole('button', { name: 'Log in with LinkedIn' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('type')).toBe('submit');
    expect(screen.getByText(/Don't have an account\?/).textContent).toBe("Don't have an account? Sign up");
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('log in → sign up through the footer', () => {
    setup({}, { step: 'signin' });
    click('Sign up');
    expect(title()).toBe('Sign up');
  });

  it('hides the sign-up footer when sign-up is disabled', () => {
    setup({}, { step: 'signin', settings: authSettings({ signUp: false }) });
    expect(title()).toBe('Log in');
    expect(screen.queryByText(/Don't have an account\?/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('log in → forgot password, and Cancel returns to log in with the e-mail kept', () => {
    setup({}, { step: 'signin' });
    type('Email', 'sofie@nordlys.test');
    click('Forgot password?');
    expect(title()).toBe('Forgot password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sofie@nordlys.test');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
    click('Cancel');
    expect(title()).toBe('Log in');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sofie@nordlys.test');
  });

  it('sign up → Email address found when the e-mail has an account: read-only, filled, and the log-in sends exists', async () => {
    const { onSuccess, sent } = setup(
      {
        'POST users/sign-up': () => jsonAnswer({ message: 'An account with this e-mail exists', code: 'E_ACCOUNT_EXISTS' }, 409),
        'POST users/sign-in': () => jsonAnswer(user),
      },
      { step: 'signup' },
    );
    fillSignUp();
    submit('Sign up');
    await screen.findByRole('dialog', { name: 'Email address found, please log in' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('sofie@nordlys.test');
    expect(email.readOnly).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();

    type('Password', 'whatever');
    submit('Log in');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(sent('POST users/sign-in')).toEqual([{ email: 'sofie@nordlys.test', password: 'whatever', exists: true }]);
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: true });
  });

  it('the exists step leads to forgot password with the e-mail carried', async () => {
    setup({ 'POST users/sign-up': () => jsonAnswer({ message: 'Exists', code: 'E_ACCOUNT_EXISTS' }, 409) }, { step: 'signup' });
    fillSignUp();
    submit('Sign up');
    await screen.findByRole('dialog', { name: 'Email address found, please log in' });
    click('Forgot password?');
    expect(title()).toBe('Forgot password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sofie@nordlys.test');
  });
});

describe('AuthModal: the sign-up form (spec 5)', () => {
  it('shows every field, the live checklist, the captcha and the terms, linked to their pages', () => {
    setup({}, { step: 'signup' });
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(screen.getByLabelText(label)).toBeTruthy();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(checklist).getAllByRole('listitem').map(spokenText)).toEqual([
      'Not met: Upper-case letter',
      'Not met: Minimum 8 characters',
      'Not met: Number',
      'Not met: Special character (for example ~!@#$%&)',
    ]);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toContain(checklist.id);
    expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe('/api/captcha/challenge');
    // Issue #15 built /terms and /privacy-policy: the statement links them.
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByText(/By signing up you accept our/).textContent).toBe(
      'By signing up you accept our Terms of Service and Privacy Policy.',
    );
  });

  it('updates the checklist while typing', () => {
    setup({}, { step: 'signup' });
    const items = () => within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
    type('Password', 'abc1');
    expect(items().map(spokenText)).toEqual([
      'Not met: Upper-case letter',
      'Not met: Minimum 8 characters',
      'Met: Number',
      'Not met: Special character (for example ~!@#$%&)',
    ]);
    type('Password', 'Abcdefg1!');
    expect(items().every((li) => spokenText(li).startsWith('Met: '))).toBe(true);
    expect(items().map((li) => li.dataset.met)).toEqual(['true', 'true', 'true', 'true']);
  });

  it('on an empty submit shows every message under its field and focuses the first', () => {
    const { calls } = setup({}, { step: 'signup' });
    submit('Sign up');
    const first = screen.getByLabelText('First name');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Please enter first name');
    for (const message of [
      'Please enter first name',
      'Please enter last name',
      'Please enter your email address',
      'Please enter a valid password',
      'Please verify you are not a robot',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
  });

  it('leaving an empty field says nothing (so Log in stays under the pointer); leaving a filled bad one shows its message', () => {
    setup({}, { step: 'signup' });
    fireEvent.blur(screen.getByLabelText('First name'));
    expect(screen.queryByText('Please enter first name')).toBeNull();
    type('Email', 'not-an-email');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
  });

  it('focuses the first invalid field and shows the e-mail and password messages for bad values', () => {
    setup({}, { step: 'signup' });
    type('First name', 'Sofie');
    type('Last name', 'Kjær');
    type('Email', 'not-an-email');
    type('Password', 'short');
    submit('Sign up');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid password')).toBeTruthy();
    expect(screen.queryByText('Please enter first name')).toBeNull();
  });

  it('shows the captcha message when everything else is valid', () => {
    const { calls } = setup({}, { step: 'signup' });
    type('First name', 'Sofie');
    type('Last name', 'Kjær');
    type('Email', 'sofie@nordlys.test');
    type('Password', 'Aurora#2026');
    submit('Sign up');
    expect(screen.getByText('Please verify you are not a robot')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Verify you are not a robot' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('prefills the name split on a space and the e-mail', () => {
    setup({}, { step: 'signup', name: 'Anna Maria Berg', email: 'anna@nordlys.test' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Maria Berg');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@nordlys.test');
  });

  it('sends the payload with the captcha answer once for two clicks, busy meanwhile, then succeeds once', async () => {
    const answer = deferred<Response>();
    const { onSuccess, onCancel, sent } = setup({ 'POST users/sign-up': () => answer.promise }, { step: 'signup' });
    const { reset } = fillSignUp();
    submit('Sign up');
    const busy = await screen.findByRole('button', { name: 'Signing up…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form')!);
    await waitFor(() => expect(sent('POST users/sign-up')).toHaveLength(1));
    expect(sent('POST users/sign-up')[0]).toEqual({
      name: { first: 'Sofie', last: 'Kjær' },
      email: 'sofie@nordlys.test',
      password: 'Aurora#2026',
      reCaptchaResponse: 'altcha-payload',
    });
    answer.resolve(jsonAnswer(user));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: false });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent('POST users/sign-up')).toHaveLength(1);
  });

  it('on failure shows the message in an alert, clears the stored user and resets the captcha', async () => {
    localStorage.setItem('nordlys.user', '{"id":7}');
    localStorage.setItem('nordlys.loggedIn', 'true');
    localStorage.setItem('nordlys.other', 'kept');
    const { onSuccess } = setup(
      { 'POST users/sign-up': () => jsonAnswer({ message: 'The captcha answer was not accepted', code: 'E_VALIDATION' }, 400) },
      { step: 'signup' },
    );
    const { reset } = fillSignUp();
    submit('Sign up');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The captcha answer was not accepted');
    expect(title()).toBe('Sign up');
    expect(localStorage.getItem('nordlys.user')).toBeNull();
    expect(localStorage.getItem('nordlys.loggedIn')).toBeNull();
    expect(localStorage.getItem('nordlys.other')).toBe('kept');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
    // The captcha answer was used: a new attempt needs a new one.
    submit('Sign up');
    expect(screen.getByText('Please verify you are not a robot')).toBeTruthy();
  });
});

describe('AuthModal: log in', () => {
  it('shows the messages of spec 5 on an empty submit and focuses the e-mail', () => {
    const { calls } = setup({}, { step: 'signin' });
    submit('Log in');
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls).toHaveLength(0);
  });

  it("shows 'Invalid email or password' on any failure", async () => {
    setup({ 'POST users/sign-in': () => jsonAnswer({ message: 'Wrong password', code: 'E_UNAUTHORIZED' }, 401) }, { step: 'signin' });
    type('Email', 'sofie@nordlys.test');
    type('Password', 'nope');
    submit('Log in');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.queryByText('Wrong password')).toBeNull();
  });

  it('adds the server message under it on a 429', async () => {
    setup({ 'POST users/sign-in': () => jsonAnswer({ message: 'Too many attempts, try again in a minute', code: 'E_RATE_LIMIT' }, 429) }, { step: 'signin' });
    type('Email', 'sofie@nordlys.test');
    type('Password', 'nope');
    submit('Log in');
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Invalid email or password',
      'Too many attempts, try again in a minute',
    ]);
  });

  it('logs in without exists, calls onSuccess once and never onCancel', async () => {
    const { onSuccess, onCancel, sent } = setup({ 'POST users/sign-in': () => jsonAnswer(user) }, { step: 'signin' });
    type('Email', ' sofie@nordlys.test ');
    type('Password', 'Aurora#2026');
    submit('Log in');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(sent('POST users/sign-in')).toEqual([{ email: 'sofie@nordlys.test', password: 'Aurora#2026' }]);
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: false });
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('AuthModal: forgot password', () => {
  it('asks for the e-mail, then shows the sentence of spec 8', async () => {
    const { sent } = setup({ 'POST users/forgot-password': () => new Response(null, { status: 204 }) }, { step: 'signin' });
    click('Forgot password?');
    submit('Reset password');
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    type('Email', 'sofie@nordlys.test');
    submit('Reset password');
    expect(
      (await screen.findByRole('status')).textContent,
    ).toBe("If there's a user connected to this email address, we've sent an email with instructions for resetting your password.");
    expect(sent('POST users/forgot-password')).toEqual([{ email: 'sofie@nordlys.test' }]);
    click('Back to log in');
    expect(title()).toBe('Log in');
  });

  it("shows the server's message when it fails", async () => {
    setup({ 'POST users/forgot-password': () => jsonAnswer({ message: 'Mail is down, try later' }, 503) }, { step: 'signin' });
    click('Forgot password?');
    type('Email', 'sofie@nordlys.test');
    submit('Reset password');
    expect((await screen.findByRole('alert')).textContent).toBe('Mail is down, try later');
  });
});

describe('AuthModal: closing and being logged in already', () => {
  it('cancels on Escape, once', () => {
    const { onCancel, onSuccess } = setup({}, { step: 'signin' });
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels on × and on the backdrop', () => {
    const first = setup();
    click('Close');
    expect(first.onCancel).toHaveBeenCalledTimes(1);
    cleanup();
    const second = setup();
    const backdrop = second.view.container.querySelector('.modal')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(second.onCancel).toHaveBeenCalledTimes(1);
  });

  it('succeeds at once with the signed-in user and shows nothing', async () => {
    const { onSuccess } = setup({}, { loggedIn: user });
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with loggedIn true reads the user from users/me, then succeeds once', async () => {
    const { onSuccess } = setup({ 'GET users/me': () => jsonAnswer(user) }, { loggedIn: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: false });
  });
});

describe('AuthModal: the provider sign-in', () => {
  beforeEach(() => popup.mockReset());

  it('opens the popup on the absolute authorize URL and exchanges the token for the user', async () => {
    popup.mockResolvedValue({ authorized: true, accessToken: 'token-1', expiresAt: new Date() });
    const { onSuccess, sent } = setup({ 'POST users/authorize-with-linkedin': () => jsonAnswer({ user, found: true, created: false }) });
    click('Sign up with LinkedIn');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(popup).toHaveBeenCalledWith(
      `${location.origin}/auth/linkedin`,
      expect.objectContaining({ kind: 'provider', origin: location.origin }),
    );
    expect(sent('POST users/authorize-with-linkedin')).toEqual([{ accessToken: 'token-1', allowRegistration: true }]);
    expect(onSuccess).toHaveBeenCalledWith(user, { exists: false });
  });

  it('shows nothing when not authorized (refused or closed popup)', async () => {
    popup.mockResolvedValue({ authorized: false });
    const { calls, onSuccess } = setup({}, { step: 'signin' });
    click('Log in with LinkedIn');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in with LinkedIn' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("alerts 'You do not have an account yet, please signup first.' on a 404 with sign-up disabled", async () => {
    popup.mockResolvedValue({ authorized: true, accessToken: 'token-2', expiresAt: new Date() });
    const { sent } = setup(
      { 'POST users/authorize-with-linkedin': () => jsonAnswer({ message: 'No such user', code: 'E_NOT_FOUND' }, 404) },
      { step: 'signin', settings: authSettings({ signUp: false }) },
    );
    click('Log in with LinkedIn');
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have an account yet, please signup first.');
    expect(sent('POST users/authorize-with-linkedin')).toEqual([{ accessToken: 'token-2', allowRegistration: false }]);
  });

  it('alerts the message of a popup error other than a refusal', async () => {
    popup.mockRejectedValue(new PopupAuthError('popup_blocked', 'The authorization window was blocked by the browser'));
    setup({}, { step: 'signin' });
    click('Log in with LinkedIn');
    expect((await screen.findByRole('alert')).textContent).toBe('The authorization window was blocked by the browser');
  });

  it('ignores a log-in submit while the provider is authorizing', async () => {
    const pending = deferred<Awaited<ReturnType<typeof authorizeInPopup>>>();
    popup.mockReturnValue(pending.promise);
    const { sent } = setup({ 'POST users/sign-in': () => jsonAnswer(user) }, { step: 'signin' });
    click('Log in with LinkedIn');
    expect(screen.getByRole('button', { name: 'Log in with LinkedIn' }).getAttribute('aria-busy')).toBe('true');
    type('Email', 'sofie@nordlys.test');
    type('Password', 'Aurora#2026');
    submit('Log in');
    await act(async () => {
      pending.resolve({ authorized: false });
      await pending.promise;
    });
    expect(sent('POST users/sign-in')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-busy')).toBeNull();
  });
});
