// The /emailsignup page renders the form on the server: nothing there may touch the browser or load the captcha.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './SignUpForm';
import { accountApi } from './test-helpers';

const loaded = vi.hoisted(() => ({ altcha: false }));
vi.mock('altcha', () => {
  loaded.altcha = true;
  return {};
});

describe('SignUpForm on the server', () => {
  it('renders the fields and the captcha element without loading the altcha widget', () => {
    const { api } = accountApi();
    const html = renderToString(<SignUpForm api={api} captcha={{ kind: 'altcha', challengeUrl: '/api/captcha/challenge' }} onSuccess={() => {}} />);
    expect(html).toContain('<altcha-widget challenge="/api/captcha/challenge">');
    expect(html).toContain('First name');
    expect(html).toContain('Upper-case letter');
    expect(loaded.altcha).toBe(false);
    expect(typeof window).toBe('undefined');
  });
});
