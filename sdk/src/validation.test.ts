import { describe, expect, it } from 'vitest';
import {
  createSubmitGuard,
  hasErrors,
  isSearchSavable,
  passwordChecklist,
  preferredCountryToStore,
  prefillName,
  touchAll,
  validateForgotPassword,
  validateSignIn,
  validateSignUp,
  withScheme,
} from './validation';

const signUp = {
  name: { first: 'Anna', last: 'Berg' },
  email: 'anna@northwind.dk',
  password: 'Fjord#2026',
  reCaptchaResponse: 'captcha-token',
};

describe('sign-up form (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(signUp)).toEqual({});
  });

  it.each([
    ['first name missing', { name: { first: '  ', last: 'Berg' } }, 'name.first', 'Please enter first name'],
    ['first name over 50', { name: { first: 'A'.repeat(51), last: 'Berg' } }, 'name.first', 'Please enter first name'],
    ['last name missing', { name: { first: 'Anna', last: '' } }, 'name.last', 'Please enter last name'],
    ['last name over 50', { name: { first: 'Anna', last: 'B'.repeat(51) } }, 'name.last', 'Please enter last name'],
    ['e-mail missing', { email: '' }, 'email', 'Please enter your email address'],
    ['e-mail malformed', { email: 'anna@' }, 'email', 'Please enter your email address'],
    ['e-mail over 50', { email: `${'a'.repeat(40)}@nordlys.dk` }, 'email', 'Please enter your email address'],
    ['password missing', { password: '' }, 'password', 'Please enter a valid password'],
    ['password under 8', { password: 'Fj#2026' }, 'password', 'Please enter a valid password'],
    ['password over 50', { password: `Fjord#2026${'x'.repeat(41)}` }, 'password', 'Please enter a valid password'],
    ['password without upper-case', { password: 'fjord#2026' }, 'password', 'Please enter a valid password'],
    ['password without digit', { password: 'Fjord#fjord' }, 'password', 'Please enter a valid password'],
    ['password without special', { password: 'Fjord2026' }, 'password', 'Please enter a valid password'],
    ['captcha missing', { reCaptchaResponse: '' }, 'reCaptchaResponse', 'Please verify you are not a robot'],
  ])('%s', (_, change, field, message) => {
    expect(validateSignUp({ ...signUp, ...change })).toEqual({ [field]: message });
  });

  it('takes names and e-mail of exactly 50 and a password of 8 and of 50', () => {
    expect(validateSignUp({ ...signUp, name: { first: 'A'.repeat(50), last: 'B'.repeat(50) }, email: `${'a'.repeat(39)}@nordlys.dk` })).toEqual({});
    expect(validateSignUp({ ...signUp, password: 'Fjord#26' })).toEqual({});
    expect(validateSignUp({ ...signUp, password: `Fjord#2026${'x'.repeat(40)}` })).toEqual({});
  });

  it('names every failing field at once', () => {
    const errors = validateSignUp({ name: { first: '', last: '' }, email: '', password: '', reCaptchaResponse: '' });
    expect(errors).toEqual({
      'name.first': 'Please enter first name',
      'name.last': 'Please enter last name',
      email: 'Please enter your email address',
      password: 'Please enter a valid password',
      reCaptchaResponse: 'Please verify you are not a robot',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});

describe('sign-in and exists modals (spec 5)', () => {
  it('requires a valid e-mail and a password, of any shape', () => {
    expect(validateSignIn({ email: 'anna@northwind.dk', password: 'x' })).toEqual({});
    expect(validateSignIn({ email: 'anna@northwind.dk', password: 'x', exists: true })).toEqual({});
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
    expect(validateSignIn({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'Please enter your email address' });
  });
});

describe('forgot password (spec 5)', () => {
  it('requires a valid e-mail', () => {
    expect(validateForgotPassword({ email: 'anna@northwind.dk' })).toEqual({});
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'Please enter your email address' });
    expect(validateForgotPassword({ email: 'anna.northwind.dk' })).toEqual({ email: 'Please enter your email address' });
  });
});

describe('password checklist (spec 5)', () => {
  const met = (password: string) => Object.fromEntries(passwordChecklist(password).map((item) => [item.label, item.met]));

  it('lists the four items in the spec order with its labels', () => {
    expect(passwordChecklist('').map((item) => item.label)).toEqual([
      'Upper-case letter',
      'Minimum 8 characters',
      'Number',
      'Special character (for example ~!@#$%&)',
    ]);
    expect(passwordChecklist('').every((item) => !item.met)).toBe(true);
  });

  it.each([
    ['F', 'Upper-case letter'],
    ['abcdefgh', 'Minimum 8 characters'],
    ['7', 'Number'],
    ['~', 'Special character (for example ~!@#$%&)'],
  ])('%j meets only %j', (password, label) => {
    expect(Object.entries(met(password)).filter(([, ok]) => ok).map(([l]) => l)).toEqual([label]);
  });

  it('meets every example special character', () => {
    for (const char of '~!@#$%&') expect(met(char)['Special character (for example ~!@#$%&)']).toBe(true);
  });

  it('agrees with the password rule: all met exactly when the form accepts it (up to 50)', () => {
    for (const password of ['Fjord#2026', 'fjord#2026', 'Fjord2026', 'Fjord#fjord', 'Fj#2026', 'ÅÄÖ#2026x']) {
      const allMet = passwordChecklist(password).every((item) => item.met);
      expect(allMet, password).toBe(!('password' in validateSignUp({ ...signUp, password })));
    }
  });
});

describe('prefill (spec 5)', () => {
  it.each([
    ['Anna Berg', { first: 'Anna', last: 'Berg' }],
    ['Anna Maria Berg', { first: 'Anna', last: 'Maria Berg' }],
    ['  Anna  Berg ', { first: 'Anna', last: 'Berg' }],
    ['Anna', { first: 'Anna', last: '' }],
    ['', { first: '', last: '' }],
    [null, { first: '', last: '' }],
  ])('splits %j on the first space', (fullName, name) => {
    expect(prefillName(fullName)).toEqual(name);
  });
});

describe('other rules (spec 5)', () => {
  it('never stores REMOTE as the preferred country', () => {
    expect(preferredCountryToStore('REMOTE')).toBeNull();
    expect(preferredCountryToStore('remote')).toBeNull();
    expect(preferredCountryToStore('')).toBeNull();
    expect(preferredCountryToStore(null)).toBeNull();
    expect(preferredCountryToStore('SE')).toBe('SE');
  });

  it('saves a search only with search text or a location', () => {
    expect(isSearchSavable({ search: 'designer' })).toBe(true);
    expect(isSearchSavable({ location: 'Aarhus' })).toBe(true);
    expect(isSearchSavable({ search: '  ', location: '' })).toBe(false);
    expect(isSearchSavable({})).toBe(false);
  });

  it.each([
    ['northwind.dk', 'http://northwind.dk'],
    ['www.northwind.dk/careers', 'http://www.northwind.dk/careers'],
    ['http://northwind.dk', 'http://northwind.dk'],
    ['https://northwind.dk', 'https://northwind.dk'],
    ['HTTPS://northwind.dk', 'HTTPS://northwind.dk'],
    [' northwind.dk ', 'http://northwind.dk'],
    ['', ''],
  ])('gives the site URL %j a scheme: %j', (url, expected) => {
    expect(withScheme(url)).toBe(expected);
  });
});

describe('submission (spec 5)', () => {
  it('marks every field touched', () => {
    expect(touchAll(['email', 'password'])).toEqual({ email: true, password: true });
  });

  it('ignores a submit while a request runs, and takes one again after it settles', async () => {
    const guard = createSubmitGuard();
    let finish!: (value: string) => void;
    const first = guard.submit(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(guard.submitting).toBe(true);
    let calls = 0;
    expect(await guard.submit(async () => ++calls)).toEqual({ ignored: true });
    expect(calls).toBe(0);
    finish('user');
    expect(await first).toEqual({ ignored: false, value: 'user' });
    expect(guard.submitting).toBe(false);
    expect(await guard.submit(async () => ++calls)).toEqual({ ignored: false, value: 1 });
  });

  it('ignores a submit while the provider sign-in is authorizing', async () => {
    const guard = createSubmitGuard();
    let finish!: () => void;
    const authorizing = guard.authorize(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(guard.authorizing).toBe(true);
    expect(await guard.submit(async () => 'sent')).toEqual({ ignored: true });
    finish();
    await authorizing;
    expect(await guard.submit(async () => 'sent')).toEqual({ ignored: false, value: 'sent' });
  });

  it('passes a failed request through and frees the form', async () => {
    const guard = createSubmitGuard();
    await expect(guard.submit(() => Promise.reject(new Error('Invalid email or password')))).rejects.toThrow('Invalid email or password');
    expect(guard.submitting).toBe(false);
    expect(await guard.submit(async () => 'again')).toEqual({ ignored: false, value: 'again' });
  });
});
