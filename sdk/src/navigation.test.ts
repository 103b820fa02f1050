import { describe, expect, it } from 'vitest';
import {
  companyAdminPath,
  headerItems,
  headerState,
  investorAdminPath,
  NEWS_AND_INSIGHTS_URL,
  profileMenu,
  safeReturnPath,
  showConnectBanner,
  signInPath,
  type NavItem,
} from './navigation';
import type { ProfileEntry } from './schemas/user';
import { makeUser } from './testing/fixtures';

const user = makeUser();

const startup: ProfileEntry = {
  type: 'company',
  key: 'northwind-labs',
  name: 'Northwind Labs',
  link: '/client/startups/northwind-labs',
  imageLink: null,
  additional: ['DK'],
  typeLabel: 'Startup',
  isDraft: false,
  description: 'Startup management and recruitment',
};
const fund: ProfileEntry = {
  ...startup,
  type: 'investor',
  key: 'fjord-ventures',
  name: 'Fjord Ventures',
  link: '/client/investors/fjord-ventures',
  typeLabel: 'Investor',
  description: 'Investment and funding',
};
const talent: ProfileEntry = {
  ...startup,
  type: 'applicant',
  key: '7',
  name: 'Sofie Kjær',
  link: '/client/applicant',
  additional: [],
  typeLabel: 'Talent',
  description: 'Talent',
};

const links = (items: NavItem[]) => items.map((i) => [i.label, i.href]);

describe('header links (spec 2.8)', () => {
  it('tells the five states apart', () => {
    expect(headerState(null, null)).toBe('logged-out');
    expect(headerState(user, null)).toBe('no-profile');
    expect(headerState(user, startup)).toBe('company');
    expect(headerState(user, fund)).toBe('investor');
    expect(headerState(user, talent)).toBe('applicant');
  });

  it('shows the logged-out links, Log in returning to the current page', () => {
    expect(links(headerItems({ user: null, profile: null, headhunter: false, currentPath: '/jobs?q=go' }))).toEqual([
      ['Find jobs', '/jobs'],
      ['Browse startups', '/startups'],
      ['Pricing', '/pricing'],
      ['For startups', '/startups/join'],
      ['Sign up', '/emailsignup'],
      ['Log in', '/?to=%2Fjobs%3Fq%3Dgo'],
    ]);
  });

  it('adds Scout with the badge NEW after Pricing only when the headhunter product is enabled (spec 6)', () => {
    const items = headerItems({ user: null, profile: null, headhunter: true });
    expect(items.map((i) => i.label)).toEqual(['Find jobs', 'Browse startups', 'Pricing', 'Scout', 'For startups', 'Sign up', 'Log in']);
    expect(items[3]).toEqual({ label: 'Scout', href: '/scout', badge: 'NEW' });
    expect(items.filter((i) => i.badge)).toHaveLength(1);
  });

  it('shows a company profile its links, My jobs leading to its jobs', () => {
    expect(links(headerItems({ user, profile: startup, headhunter: false }))).toEqual([
      ['Find jobs', '/jobs'],
      ['Browse startups', '/startups'],
      ['Pricing', '/pricing'],
      ['My jobs', '/client/startups/northwind-labs/jobs'],
    ]);
  });

  it('shows a company profile Scout before Pricing under the same product flag', () => {
    expect(headerItems({ user, profile: startup, headhunter: true }).map((i) => i.label)).toEqual([
      'Find jobs',
      'Browse startups',
      'Scout',
      'Pricing',
      'My jobs',
    ]);
  });

  it('shows an investor profile News & Insights as an external link, and Followed startups', () => {
    const items = headerItems({ user, profile: fund, headhunter: true });
    expect(links(items)).toEqual([
      ['Find jobs', '/jobs'],
      ['Browse startups', '/startups'],
      ['News & Insights', NEWS_AND_INSIGHTS_URL],
      ['Followed startups', '/client/followed-startups'],
    ]);
    expect(items[2]?.external).toBe(true);
    expect(NEWS_AND_INSIGHTS_URL).toMatch(/^https:\/\//);
    expect(items.filter((i) => i.external)).toHaveLength(1);
  });

  it('shows an applicant profile the investor links plus My jobs', () => {
    expect(links(headerItems({ user, profile: talent, headhunter: true }))).toEqual([
      ['Find jobs', '/jobs'],
      ['Browse startups', '/startups'],
      ['News & Insights', NEWS_AND_INSIGHTS_URL],
      ['Followed startups', '/client/followed-startups'],
      ['My jobs', '/client/my-jobs'],
    ]);
  });

  it('shows a logged-in user without a profile For investors and For startups', () => {
    expect(links(headerItems({ user, profile: null, headhunter: true }))).toEqual([
      ['For investors', '/investors/join'],
      ['For startups', '/startups/join'],
    ]);
  });
});

describe('profile dropdown (spec 2.8)', () => {
  const labels = (items: ReturnType<typeof profileMenu>) => items.map((i) => i.label);

  it('lists the company items between My dashboard and My Account', () => {
    expect(profileMenu({ profile: startup, profiles: [startup] })).toEqual([
      { label: 'My dashboard', href: '/client/startups/northwind-labs' },
      { label: 'Edit startup profile', href: '/client/startups/northwind-labs/edit' },
      { label: 'Startup settings', href: '/client/startups/northwind-labs/settings' },
      { label: 'All applicants', href: '/client/startups/northwind-labs/applicants' },
      { label: 'FAQ', href: '/startups/faq' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
  });

  it('offers Switch profile only with several profiles', () => {
    expect(labels(profileMenu({ profile: fund, profiles: [fund] }))).not.toContain('Switch profile');
    const items = profileMenu({ profile: fund, profiles: [startup, fund] });
    expect(items[1]).toEqual({ label: 'Switch profile', action: 'switch-profile' });
  });

  it('lists the investor items', () => {
    expect(profileMenu({ profile: fund, profiles: [startup, fund] })).toEqual([
      { label: 'My dashboard', href: '/client/investors/fjord-ventures' },
      { label: 'Switch profile', action: 'switch-profile' },
      { label: 'Edit investor profile', href: '/client/investors/fjord-ventures/edit' },
      { label: 'Investor settings', href: '/client/investors/fjord-ventures/settings' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
  });

  it('lists the applicant items, Email notifications using the digest settingsKey when known (spec 7)', () => {
    expect(profileMenu({ profile: talent, profiles: [talent], digestSettingsKey: 'k3y/7' })).toEqual([
      { label: 'My dashboard', href: '/client/applicant' },
      { label: 'Quick apply', href: '/client/applicant' },
      { label: 'Email notifications', href: '/profile-settings/k3y%2F7' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
    const withoutKey = profileMenu({ profile: talent, profiles: [talent] });
    expect(withoutKey.find((i) => i.label === 'Email notifications')).toEqual({ label: 'Email notifications', href: '/client/applicant/settings' });
  });

  it('leads a draft profile to its edit page from My dashboard', () => {
    const draft = { ...startup, isDraft: true, link: '/client/startups/northwind-labs/edit' };
    expect(profileMenu({ profile: draft, profiles: [draft] })[0]).toEqual({ label: 'My dashboard', href: '/client/startups/northwind-labs/edit' });
  });

  it('keeps My dashboard, My Account and Log out without a profile', () => {
    expect(profileMenu({ profile: null, profiles: [] })).toEqual([
      { label: 'My dashboard', href: '/dashboard' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
  });
});

describe('connect banner (spec 2.9)', () => {
  const show = (path: string, profile: ProfileEntry | null = startup, linkedinConnected = false) =>
    showConnectBanner({ path, profile, linkedinConnected });

  it('shows on /startups/join, /pricing and the company dashboard to an unconnected company', () => {
    expect(show('/startups/join')).toBe(true);
    expect(show('/pricing')).toBe(true);
    expect(show('/pricing/')).toBe(true);
    expect(show('/client/startups/northwind-labs')).toBe(true);
  });

  it('stays hidden on every other page, including other company pages', () => {
    for (const path of ['/', '/jobs', '/startups', '/client/startups/northwind-labs/jobs', '/client/startups/fjord-pay', '/pricing/extra']) {
      expect(show(path), path).toBe(false);
    }
  });

  it('stays hidden once connected, and for investor, applicant or no profile', () => {
    expect(show('/pricing', startup, true)).toBe(false);
    expect(show('/pricing', fund)).toBe(false);
    expect(show('/pricing', talent)).toBe(false);
    expect(show('/pricing', null)).toBe(false);
  });
});

describe('paths', () => {
  it('builds admin paths from keys, encoding what a key may hold', () => {
    expect(companyAdminPath('northwind-labs')).toBe('/client/startups/northwind-labs');
    expect(companyAdminPath('northwind-labs', 'white-label-feeds')).toBe('/client/startups/northwind-labs/white-label-feeds');
    expect(investorAdminPath('a/b', 'users')).toBe('/client/investors/a%2Fb/users');
  });

  it("carries the return path in 'to' and follows only paths on this site", () => {
    expect(new URLSearchParams(signInPath('/jobs?q=a b').slice(2)).get('to')).toBe('/jobs?q=a b');
    expect(safeReturnPath('/client/my-jobs')).toBe('/client/my-jobs');
    for (const to of [null, undefined, '', 'jobs', '//evil.example', '/\\evil.example', 'https://evil.example/']) {
      expect(safeReturnPath(to), String(to)).toBeNull();
    }
  });
});
