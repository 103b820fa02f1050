import { describe, expect, it } from 'vitest';
import {
  companyAdminPath,
  headerItems,
  headerState,
  investorAdminPath,
  NEWS_AND_INSIGHTS_URL,
  footerLinks,
  profileMenu,
  showConnectBanner,
  signInPath,
  type NavItem,
} from './navigation';
import { isBuilt, linkTo, matchRoute, type RouteName } from './routes';
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

/** spec 2.8's entries in order, as [label, route]; those whose page is not built yet are expected to be left out. */
const builtOnly = (entries: [string, RouteName, Record<string, string>?][]) =>
  entries.filter(([, route]) => isBuilt(route)).map(([label, route, params]) => [label, (linkTo as (n: RouteName, p?: object) => string)(route, params)]);

describe('header links (spec 2.8)', () => {
  it('tells the five states apart', () => {
    expect(headerState(null, null)).toBe('logged-out');
    expect(headerState(user, null)).toBe('no-profile');
    expect(headerState(user, startup)).toBe('company');
    expect(headerState(user, fund)).toBe('investor');
    expect(headerState(user, talent)).toBe('applicant');
  });

  it('shows the logged-out links of built pages, Log in returning to the current page', () => {
    const items = links(headerItems({ user: null, profile: null, headhunter: true, currentPath: '/jobs?q=go' }));
    expect(items).toEqual([
      ...builtOnly([
        ['Find jobs', 'jobs'],
        ['Browse startups', 'startups'],
        ['Pricing', 'pricing'],
        ['Scout', 'scout'],
        ['For startups', 'startupsJoin'],
        ['Sign up', 'emailSignup'],
      ]),
      ['Log in', '/?to=%2Fjobs%3Fq%3Dgo'],
    ]);
    // Issue #15 built the Scout page: with the headhunter product on, it shows with its badge.
    expect(items).toEqual([
      ['Find jobs', '/jobs'],
      ['Browse startups', '/startups'],
      ['Pricing', '/pricing'],
      ['Scout', '/scout'],
      ['For startups', '/startups/join'],
      ['Sign up', '/emailsignup'],
      ['Log in', '/?to=%2Fjobs%3Fq%3Dgo'],
    ]);
  });

  it('never offers Scout without the headhunter product (spec 6), built or not', () => {
    for (const profile of [null, startup]) {
      expect(headerItems({ user: profile ? user : null, profile, headhunter: false }).map((i) => i.label)).not.toContain('Scout');
    }
  });

  it('shows a company profile its links, My jobs leading to its jobs', () => {
    expect(links(headerItems({ user, profile: startup, headhunter: true }))).toEqual(
      builtOnly([
        ['Find jobs', 'jobs'],
        ['Browse startups', 'startups'],
        ['Scout', 'scout'],
        ['Pricing', 'pricing'],
        ['My jobs', 'companyAdminJobs', { company: 'northwind-labs' }],
      ]),
    );
    expect(links(headerItems({ user, profile: startup, headhunter: false })).at(-1)).toEqual(['My jobs', '/client/startups/northwind-labs/jobs']);
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

  it('lists the company items of built pages between My dashboard and My Account (FAQ once its page exists)', () => {
    const company = { company: 'northwind-labs' };
    expect(profileMenu({ profile: startup, profiles: [startup] })).toEqual([
      { label: 'My dashboard', href: '/client/startups/northwind-labs' },
      ...builtOnly([
        ['Edit startup profile', 'companyAdminEdit', company],
        ['Startup settings', 'companyAdminSettings', company],
        ['All applicants', 'companyAdminApplicants', company],
        ['FAQ', 'startupsFaq'],
      ]).map(([label, href]) => ({ label, href })),
      { label: 'Profile settings', href: '/profile-settings/company-northwind-labs' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
    expect(labels(profileMenu({ profile: startup, profiles: [startup] }))).toEqual([
      'My dashboard',
      'Edit startup profile',
      'Startup settings',
      'All applicants',
      'FAQ',
      'Profile settings',
      'My Account',
      'Log out',
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
      { label: 'Profile settings', href: '/profile-settings/investor-fjord-ventures' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
  });

  it('lists the applicant items: Email notifications is the applicant settings page, then the profile settings', () => {
    expect(profileMenu({ profile: talent, profiles: [talent] })).toEqual([
      { label: 'My dashboard', href: '/client/applicant' },
      { label: 'Quick apply', href: '/client/applicant' },
      { label: 'Email notifications', href: '/client/applicant/settings' },
      { label: 'Profile settings', href: '/profile-settings/applicant' },
      { label: 'My Account', href: '/settings' },
      { label: 'Log out', action: 'log-out' },
    ]);
  });

  it('links Profile settings to the selected profile only, and every link to a built page', () => {
    const items = profileMenu({ profile: fund, profiles: [startup, fund, talent] });
    expect(items.filter((i) => i.label === 'Profile settings')).toEqual([{ label: 'Profile settings', href: '/profile-settings/investor-fjord-ventures' }]);
    for (const profile of [startup, fund, talent]) {
      for (const item of profileMenu({ profile, profiles: [profile] })) {
        if ('href' in item) expect(isBuilt(matchRoute(item.href)!.name), item.href).toBe(true);
      }
    }
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

describe('footer (spec 2.9)', () => {
  it('keeps the three columns in order with only the links of built pages, and drops an empty list', () => {
    const { columns, legal } = footerLinks();
    expect(columns.map((c) => [c.title, c.links.map((l) => [l.label, l.href])])).toEqual([
      ['For candidates', [['Find jobs', '/jobs'], ['Remote jobs', '/jobs/location/remote'], ['Browse startups', '/startups'], ['Tools', '/tools'], ['Community program', '/community-program']]],
      [
        'For startups',
        [
          ['Post a job', '/startups/join'],
          ['Pricing', '/pricing'],
          ['Career page', '/startups/career-page'],
          ['White-label job feed', '/startups/white-label-feed'],
          ['Deals', '/deals'],
          ['Funding', '/funding'],
          ['FAQ', '/startups/faq'],
        ],
      ],
      ['Company', [['About', '/about'], ['Blog', '/blog'], ['Partners', '/partners'], ['For investors', '/investors/join'], ['Contact', '/contact']]],
    ]);
    expect(legal).toEqual([
      { label: 'Terms', href: '/terms' },
      { label: 'Privacy policy', href: '/privacy-policy' },
    ]);
    for (const { href } of [...columns.flatMap((c) => c.links), ...legal]) expect(isBuilt(matchRoute(href)!.name), href).toBe(true);
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
    expect(companyAdminPath('northwind-labs', 'applicants')).toBe('/client/startups/northwind-labs/applicants');
    expect(investorAdminPath('a/b', 'settings')).toBe('/client/investors/a%2Fb/settings');
    expect(companyAdminPath('northwind-labs', 'white-label-feeds')).toBe('/client/startups/northwind-labs/white-label-feeds');
    // @ts-expect-error: a startup has no such page, so it cannot be linked.
    companyAdminPath('northwind-labs', 'blogs');
  });

  it("carries the return path in 'to' (return-path.test.ts checks what is followed)", () => {
    expect(new URLSearchParams(signInPath('/jobs?q=a b').slice(2)).get('to')).toBe('/jobs?q=a b');
  });
});
