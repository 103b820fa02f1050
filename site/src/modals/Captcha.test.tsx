// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './SignUpForm';
import { accountApi, jsonAnswer } from './test-helpers';

vi.mock('altcha', () => ({}));
afterEach(cleanup);

type RenderParams = { sitekey: string; callback(token: string): void; 'expired-callback'(): void };

describe('the reCAPTCHA variant of the sign-up captcha', () => {
  it("renders Google's widget with the site key and sends its token as reCaptchaResponse, then resets it", async () => {
    let params: RenderParams | undefined;
    const grecaptcha = {
      render: vi.fn((_el: HTMLElement, p: RenderParams) => {
        params = p;
        return 3;
      }),
      reset: vi.fn(),
    };
    // Google's script has loaded already (the page kept it from an earlier visit to the form).
    Object.assign(window, { grecaptcha });
    const { api, sent } = accountApi({ 'POST users/sign-up': () => jsonAnswer({ message: 'Try again' }, 400) });
    render(<SignUpForm api={api} captcha={{ kind: 'recaptcha', siteKey: 'site-key-1' }} onSuccess={vi.fn()} />);
    await waitFor(() => expect(grecaptcha.render).toHaveBeenCalledTimes(1));
    expect(params!.sitekey).toBe('site-key-1');
    expect(document.querySelector('altcha-widget')).toBeNull();

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Sofie' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Kjær' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sofie@nordlys.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Aurora#2026' } });
    params!['expired-callback']();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please verify you are not a robot')).toBeTruthy();

    params!.callback('google-token');
    await waitFor(() => expect(screen.queryByText('Please verify you are not a robot')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('alert');
    expect(sent('POST users/sign-up')).toEqual([
      { name: { first: 'Sofie', last: 'Kjær' }, email: 'sofie@nordlys.test', password: 'Aurora#2026', reCaptchaResponse: 'google-token' },
    ]);
    // spec 5: the captcha resets after each attempt.
    expect(grecaptcha.reset).toHaveBeenCalledWith(3);
  });
});
