import { profileCookieValue } from '@nordlys/sdk/profiles';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../testing/fixtures';
import { readCookie } from './cookie';
import { currentProfile, profilesOf, SessionStore } from './store';

const company = profileCookieValue({ type: 'company', key: 'polar-robotics' });
const investor = profileCookieValue({ type: 'investor', key: 'midnight-capital' });

describe('the selected profile on a page load (spec 4)', () => {
  it('selects the only profile, whatever the cookie says', () => {
    expect(currentProfile(demoUsers.founder, null)?.key).toBe('northwind-labs');
    expect(currentProfile(demoUsers.founder, investor)?.key).toBe('northwind-labs');
  });

  it("uses the user record's saved choice without a valid cookie, and the session's cookie over it", () => {
    const saved = { ...demoUsers.multi, profile: 'investor:midnight-capital' };
    expect(currentProfile(saved, null)?.key).toBe('midnight-capital');
    expect(currentProfile(saved, 'garbage')?.key).toBe('midnight-capital');
    // Switching profile without 'remember' writes only the cookie; it must survive the next page load.
    expect(currentProfile(saved, company)?.key).toBe('polar-robotics');
  });

  it('selects nothing for several profiles without a choice, or when logged out', () => {
    expect(currentProfile(demoUsers.multi, null)).toBeNull();
    expect(currentProfile(null, company)).toBeNull();
  });

  it('lists only the profiles on this platform', () => {
    expect(profilesOf(demoUsers.sister)).toEqual([]);
    expect(profilesOf(demoUsers.multi).map((p) => `${p.type}:${p.key}`)).toEqual([
      'company:polar-robotics',
      'investor:midnight-capital',
      'applicant:5',
    ]);
  });
});

describe('SessionStore', () => {
  it('tells subscribers about every change and derives the profiles', () => {
    const store = new SessionStore({ user: null, cookie: null });
    let changes = 0;
    store.subscribe(() => changes++);
    store.signIn(demoUsers.multi, company);
    expect(store.getSnapshot().profile?.key).toBe('polar-robotics');
    expect(store.getSnapshot().profiles).toHaveLength(3);
    store.setCookie(investor);
    expect(store.getSnapshot().profile?.key).toBe('midnight-capital');
    store.clear();
    expect(store.getSnapshot()).toMatchObject({ user: null, cookie: null, profile: null, profiles: [] });
    expect(changes).toBe(3);
  });

  it('a 403 logs out and marks the session expired until the redirect', () => {
    const store = new SessionStore({ user: demoUsers.founder, cookie: null });
    store.expire('/');
    expect(store.getSnapshot()).toMatchObject({ user: null, expired: true, expiredTo: '/' });
    store.clearExpired();
    expect(store.getSnapshot().expired).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds one cookie in a Cookie header', () => {
    expect(readCookie(`a=1; user.profile=${company}; b=2`, 'user.profile')).toBe(company);
    expect(readCookie('a=1', 'user.profile')).toBeNull();
    expect(readCookie(null, 'user.profile')).toBeNull();
  });
});
