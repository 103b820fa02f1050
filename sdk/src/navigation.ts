/** The header items of spec 2.8, the profile dropdown and the connect banner of spec 2.9; every path comes from the URL registry (routes.ts). */
import { linkTo, paths, ROUTES, type CompanyAdminPage, type InvestorAdminPage } from './routes';
import type { ProfileEntry, User } from './schemas/user';
import { profileSettingsId } from './profiles';

export type { CompanyAdminPage, InvestorAdminPage };

/** The fixed pages the guards, modals and pages link to (spec 2.1–2.4): built routes only, from the registry. */
export const PATHS = {
  home: paths.home(),
  jobs: paths.jobs(),
  startups: paths.startups(),
  startupsJoin: paths.startupsJoin(),
  investorsJoin: paths.investorsJoin(),
  emailSignup: paths.emailSignup(),
  /** spec 2.8: My Account. */
  account: paths.account(),
  dashboard: paths.dashboard(),
  /** spec 2.2: the client landing, where the company admin area sends non-members. */
  client: paths.client(),
  applicant: paths.applicant(),
  applicantSettings: paths.applicantSettings(),
  myJobs: paths.myJobs(),
  followedStartups: paths.followedStartups(),
} as const;

/**
 * spec 2.8: the external 'News & Insights' link. A placeholder on a reserved domain until the
 * product names its news site; replace it here, nowhere else.
 */
export const NEWS_AND_INSIGHTS_URL = 'https://news.nordlys.example/';

/**
 * spec 2.4: a startup's admin page, or one of its built sub-pages.
 * @example companyAdminPath('northwind-labs', 'edit') // '/client/startups/northwind-labs/edit'
 */
export const companyAdminPath: (key: string, page?: CompanyAdminPage) => string = paths.companyAdmin;

/**
 * spec 2.3: an investor's admin page, or one of its built sub-pages.
 * @example investorAdminPath('fjord-ventures', 'settings') // '/client/investors/fjord-ventures/settings'
 */
export const investorAdminPath: (key: string, page?: InvestorAdminPage) => string = paths.investorAdmin;

/**
 * spec 2.12: where a logged-out visitor goes from a protected page: '/' with the full path in
 * 'to', which opens the sign-in modal (spec 2.8) and comes back afterwards.
 * @example signInPath('/client/my-jobs?page=2') // '/?to=%2Fclient%2Fmy-jobs%3Fpage%3D2'
 */
export function signInPath(returnTo: string): string {
  return `${paths.home()}?${new URLSearchParams({ to: returnTo })}`;
}

/** A header link (spec 2.8). */
export interface NavItem {
  label: string;
  href: string;
  /** Opens another site. */
  external?: boolean;
  badge?: string;
  /** A call to action shown as a button: Sign up is the primary one, Log in the secondary. */
  cta?: 'primary' | 'secondary';
}

/** spec 2.8: the five header states. */
export type HeaderState = 'logged-out' | 'company' | 'investor' | 'applicant' | 'no-profile';

/** spec 2.8: the header state for a user (null when logged out) and their selected profile. */
export function headerState(user: User | null, profile: ProfileEntry | null): HeaderState {
  if (!user) return 'logged-out';
  return profile ? profile.type : 'no-profile';
}

export interface HeaderInput {
  user: User | null;
  /** The selected profile (spec 4), or null. */
  profile: ProfileEntry | null;
  /** spec 6: the headhunter product flag of the site config (`products.headhunter`). */
  headhunter: boolean;
  /** The current path and query, carried in the 'Log in' link's 'to'; '/' when not given. */
  currentPath?: string;
}

/**
 * A list entry for a registered route: dropped while the route is not built (linkTo gives null),
 * so the header, dropdown and footer never show a link to a page that does not exist yet.
 */
function entry<T extends { label: string }>(label: string, href: string | null, extra?: Omit<T, 'label' | 'href'>): (T & { href: string })[] {
  return href === null ? [] : [{ label, href, ...extra } as T & { href: string }];
}

const findJobs = () => entry<NavItem>('Find jobs', linkTo('jobs'));
const browseStartups = () => entry<NavItem>('Browse startups', linkTo('startups'));
const pricing = () => entry<NavItem>('Pricing', linkTo('pricing'));
const forStartups = () => entry<NavItem>('For startups', linkTo('startupsJoin'));
const forInvestors = () => entry<NavItem>('For investors', linkTo('investorsJoin'));
const followedStartups = () => entry<NavItem>('Followed startups', linkTo('followedStartups'));
const NEWS_AND_INSIGHTS: NavItem = { label: 'News & Insights', href: NEWS_AND_INSIGHTS_URL, external: true };

/**
 * spec 2.8: the header links, in the spec's order, for the state the user is in; entries whose
 * page is not built yet (Pricing, Scout) are left out until it is.
 * spec 6: Scout depends on the headhunter product flag, in the logged-out and the company state alike.
 */
export function headerItems({ user, profile, headhunter, currentPath = '/' }: HeaderInput): NavItem[] {
  const scout = headhunter ? entry<NavItem>('Scout', linkTo('scout'), { badge: 'NEW' }) : [];
  if (!user) {
    return [
      ...findJobs(),
      ...browseStartups(),
      ...pricing(),
      ...scout,
      ...forStartups(),
      ...entry<NavItem>('Sign up', linkTo('emailSignup'), { cta: 'primary' }),
      { label: 'Log in', href: signInPath(currentPath), cta: 'secondary' },
    ];
  }
  if (!profile) return [...forInvestors(), ...forStartups()];
  switch (profile.type) {
    case 'company':
      return [
        ...findJobs(),
        ...browseStartups(),
        ...scout,
        ...pricing(),
        ...entry<NavItem>('My jobs', linkTo('companyAdminJobs', { company: profile.key })),
      ];
    case 'investor':
      return [...findJobs(), ...browseStartups(), NEWS_AND_INSIGHTS, ...followedStartups()];
    case 'applicant':
      // spec 2.8: the investor items plus My jobs.
      return [...findJobs(), ...browseStartups(), NEWS_AND_INSIGHTS, ...followedStartups(), ...entry<NavItem>('My jobs', linkTo('myJobs'))];
  }
}

/** A profile dropdown entry: a link, or an action the page performs (a modal, the sign-out call). */
export type MenuItem = { label: string; href: string } | { label: string; action: 'switch-profile' | 'log-out' };
type MenuLink = Extract<MenuItem, { href: string }>;

export interface ProfileMenuInput {
  /** The selected profile, or null for a logged-in user without one. */
  profile: ProfileEntry | null;
  /** The user's profiles on this platform (spec 4); several of them offer 'Switch profile'. */
  profiles: readonly ProfileEntry[];
}

/**
 * spec 2.8: the profile dropdown: My dashboard, Switch profile (several profiles only), the
 * selected profile's items, then its "Profile settings" (spec 2.1 /profile-settings/{id}, issue #13),
 * My Account, Log out; entries whose page is not built (FAQ) are left out.
 */
export function profileMenu({ profile, profiles }: ProfileMenuInput): MenuItem[] {
  const items: MenuItem[] = [{ label: 'My dashboard', href: profile?.link ?? paths.dashboard() }];
  if (profiles.length > 1) items.push({ label: 'Switch profile', action: 'switch-profile' });
  if (profile?.type === 'company') {
    const company = { company: profile.key };
    items.push(
      ...entry<MenuLink>('Edit startup profile', linkTo('companyAdminEdit', company)),
      ...entry<MenuLink>('Startup settings', linkTo('companyAdminSettings', company)),
      ...entry<MenuLink>('All applicants', linkTo('companyAdminApplicants', company)),
      ...entry<MenuLink>('FAQ', linkTo('startupsFaq')),
    );
  } else if (profile?.type === 'investor') {
    const investor = { investor: profile.key };
    items.push(
      ...entry<MenuLink>('Edit investor profile', linkTo('investorAdminEdit', investor)),
      ...entry<MenuLink>('Investor settings', linkTo('investorAdminSettings', investor)),
    );
  } else if (profile?.type === 'applicant') {
    // Email notifications: the applicant's own settings page (the digest's page is issue #14's).
    items.push(...entry<MenuLink>('Quick apply', linkTo('applicant')), ...entry<MenuLink>('Email notifications', linkTo('applicantSettings')));
  }
  if (profile) items.push(...entry<MenuLink>('Profile settings', linkTo('profileSettings', { id: profileSettingsId(profile) })));
  items.push({ label: 'My Account', href: paths.account() }, { label: 'Log out', action: 'log-out' });
  return items;
}

/** A footer column (spec 2.9). */
export interface FooterColumn {
  title: string;
  links: { label: string; href: string }[];
}

type FooterLink = FooterColumn['links'][number];

/**
 * spec 2.9: the footer's candidate, startup and company columns, and the legal links (terms,
 * privacy); only built pages, so a column fills in as its pages land and an empty one is left out.
 */
export function footerLinks(): { columns: FooterColumn[]; legal: FooterLink[] } {
  const columns: FooterColumn[] = [
    {
      title: 'For candidates',
      links: [
        ...entry<FooterLink>('Find jobs', linkTo('jobs')),
        ...entry<FooterLink>('Remote jobs', linkTo('jobsLocation', { country: 'remote' })),
        ...entry<FooterLink>('Browse startups', linkTo('startups')),
        ...entry<FooterLink>('Tools', linkTo('tools')),
        ...entry<FooterLink>('Community program', linkTo('communityProgram')),
      ],
    },
    {
      title: 'For startups',
      links: [
        ...entry<FooterLink>('Post a job', linkTo('startupsJoin')),
        ...entry<FooterLink>('Pricing', linkTo('pricing')),
        ...entry<FooterLink>('Career page', linkTo('startupsCareerPage')),
        ...entry<FooterLink>('White-label job feed', linkTo('startupsWhiteLabelFeed')),
        ...entry<FooterLink>('Deals', linkTo('deals')),
        ...entry<FooterLink>('Funding', linkTo('funding')),
        ...entry<FooterLink>('FAQ', linkTo('startupsFaq')),
      ],
    },
    {
      title: 'Company',
      links: [
        ...entry<FooterLink>('About', linkTo('about')),
        ...entry<FooterLink>('Blog', linkTo('blog')),
        ...entry<FooterLink>('Partners', linkTo('partners')),
        ...entry<FooterLink>('For investors', linkTo('investorsJoin')),
        ...entry<FooterLink>('Contact', linkTo('contact')),
      ],
    },
  ];
  return {
    columns: columns.filter((column) => column.links.length > 0),
    legal: [...entry<FooterLink>('Terms', linkTo('terms')), ...entry<FooterLink>('Privacy policy', linkTo('privacyPolicy'))],
  };
}

export interface ConnectBannerInput {
  /** The current pathname, without the query. */
  path: string;
  /** The selected profile, or null. */
  profile: ProfileEntry | null;
  /** Whether the selected company has a professional-network connection (Company.linkedinId set, spec 3). */
  linkedinConnected: boolean;
}

/**
 * spec 2.9: the banner inviting a company user to connect the professional network and import
 * jobs for free; only on /startups/join, /pricing and the selected company's dashboard.
 */
export function showConnectBanner({ path, profile, linkedinConnected }: ConnectBannerInput): boolean {
  if (profile?.type !== 'company' || linkedinConnected) return false;
  // Paths to recognise, not links: /pricing counts whether or not its page is built yet.
  return [ROUTES.startupsJoin.path, ROUTES.pricing.path, companyAdminPath(profile.key)].some((page) => samePath(path, page));
}

/** Whether two pathnames name the same page: '/pricing/' is '/pricing'; '/' stays '/'. */
export function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
  return trim(a) === trim(b);
}
