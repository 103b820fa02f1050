/** Where things live: client-area paths, the header items of spec 2.8, the profile dropdown and the connect banner of spec 2.9. */
import type { ProfileEntry, User } from './schemas/user';

/** The fixed pages the header, the dropdown and the guards link to (spec 2.1–2.4). */
export const PATHS = {
  home: '/',
  jobs: '/jobs',
  startups: '/startups',
  pricing: '/pricing',
  scout: '/scout',
  startupsJoin: '/startups/join',
  startupsFaq: '/startups/faq',
  investorsJoin: '/investors/join',
  emailSignup: '/emailsignup',
  /** spec 2.8: My Account. */
  account: '/settings',
  dashboard: '/dashboard',
  /** spec 2.2: the client landing, where the company admin area sends non-members. */
  client: '/client/',
  applicant: '/client/applicant',
  applicantSettings: '/client/applicant/settings',
  myJobs: '/client/my-jobs',
  followedStartups: '/client/followed-startups',
} as const;

/**
 * spec 2.8: the external 'News & Insights' link. A placeholder on a reserved domain until the
 * product names its news site; replace it here, nowhere else.
 */
export const NEWS_AND_INSIGHTS_URL = 'https://news.nordlys.example/';

/** spec 2.4: the sub-pages of a startup's admin area. */
export type CompanyAdminPage =
  | 'applicants'
  | 'blog'
  | 'deals'
  | 'edit'
  | 'funding'
  | 'jobs'
  | 'profile'
  | 'settings'
  | 'users'
  | 'white-label-feeds';

/** spec 2.3: the sub-pages of an investor's admin area. */
export type InvestorAdminPage = 'edit' | 'profile' | 'settings' | 'startups' | 'users';

/**
 * spec 2.4: a startup's admin page, or one of its sub-pages.
 * @example companyAdminPath('northwind-labs', 'edit') // '/client/startups/northwind-labs/edit'
 */
export function companyAdminPath(key: string, page?: CompanyAdminPage): string {
  const base = `/client/startups/${encodeURIComponent(key)}`;
  return page ? `${base}/${page}` : base;
}

/**
 * spec 2.3: an investor's admin page, or one of its sub-pages.
 * @example investorAdminPath('fjord-ventures', 'settings') // '/client/investors/fjord-ventures/settings'
 */
export function investorAdminPath(key: string, page?: InvestorAdminPage): string {
  const base = `/client/investors/${encodeURIComponent(key)}`;
  return page ? `${base}/${page}` : base;
}

/**
 * spec 2.12: where a logged-out visitor goes from a protected page: '/' with the full path in
 * 'to', which opens the sign-in modal (spec 2.8) and comes back afterwards.
 * @example signInPath('/client/my-jobs?page=2') // '/?to=%2Fclient%2Fmy-jobs%3Fpage%3D2'
 */
export function signInPath(returnTo: string): string {
  return `/?${new URLSearchParams({ to: returnTo })}`;
}

/**
 * The 'to' query value if it is a path on this site, else null. Only same-site paths are followed
 * after sign-in: '//host', '/\host' and absolute URLs would send the user elsewhere.
 */
export function safeReturnPath(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  return to;
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

const FIND_JOBS: NavItem = { label: 'Find jobs', href: PATHS.jobs };
const BROWSE_STARTUPS: NavItem = { label: 'Browse startups', href: PATHS.startups };
const PRICING: NavItem = { label: 'Pricing', href: PATHS.pricing };
const SCOUT: NavItem = { label: 'Scout', href: PATHS.scout, badge: 'NEW' };
const FOR_STARTUPS: NavItem = { label: 'For startups', href: PATHS.startupsJoin };
const FOR_INVESTORS: NavItem = { label: 'For investors', href: PATHS.investorsJoin };
const NEWS_AND_INSIGHTS: NavItem = { label: 'News & Insights', href: NEWS_AND_INSIGHTS_URL, external: true };
const FOLLOWED_STARTUPS: NavItem = { label: 'Followed startups', href: PATHS.followedStartups };

/**
 * spec 2.8: the header links, in the spec's order, for the state the user is in.
 * spec 6: Scout depends on the headhunter product flag, in the logged-out and the company state alike.
 */
export function headerItems({ user, profile, headhunter, currentPath = '/' }: HeaderInput): NavItem[] {
  const scout = headhunter ? [SCOUT] : [];
  if (!user) {
    return [
      FIND_JOBS,
      BROWSE_STARTUPS,
      PRICING,
      ...scout,
      FOR_STARTUPS,
      { label: 'Sign up', href: PATHS.emailSignup, cta: 'primary' },
      { label: 'Log in', href: signInPath(currentPath), cta: 'secondary' },
    ];
  }
  if (!profile) return [FOR_INVESTORS, FOR_STARTUPS];
  switch (profile.type) {
    case 'company':
      return [FIND_JOBS, BROWSE_STARTUPS, ...scout, PRICING, { label: 'My jobs', href: companyAdminPath(profile.key, 'jobs') }];
    case 'investor':
      return [FIND_JOBS, BROWSE_STARTUPS, NEWS_AND_INSIGHTS, FOLLOWED_STARTUPS];
    case 'applicant':
      // spec 2.8: the investor items plus My jobs.
      return [FIND_JOBS, BROWSE_STARTUPS, NEWS_AND_INSIGHTS, FOLLOWED_STARTUPS, { label: 'My jobs', href: PATHS.myJobs }];
  }
}

/** A profile dropdown entry: a link, or an action the page performs (a modal, the sign-out call). */
export type MenuItem = { label: string; href: string } | { label: string; action: 'switch-profile' | 'log-out' };

export interface ProfileMenuInput {
  /** The selected profile, or null for a logged-in user without one. */
  profile: ProfileEntry | null;
  /** The user's profiles on this platform (spec 4); several of them offer 'Switch profile'. */
  profiles: readonly ProfileEntry[];
  /** spec 7: the applicant's digest settingsKey (GET digest/mail/{email}), when known. */
  digestSettingsKey?: string | null;
}

/**
 * spec 2.8: the profile dropdown: My dashboard, Switch profile (several profiles only), the
 * selected profile's items, My Account, Log out.
 */
export function profileMenu({ profile, profiles, digestSettingsKey }: ProfileMenuInput): MenuItem[] {
  const items: MenuItem[] = [{ label: 'My dashboard', href: profile?.link ?? PATHS.dashboard }];
  if (profiles.length > 1) items.push({ label: 'Switch profile', action: 'switch-profile' });
  if (profile?.type === 'company') {
    items.push(
      { label: 'Edit startup profile', href: companyAdminPath(profile.key, 'edit') },
      { label: 'Startup settings', href: companyAdminPath(profile.key, 'settings') },
      { label: 'All applicants', href: companyAdminPath(profile.key, 'applicants') },
      { label: 'FAQ', href: PATHS.startupsFaq },
    );
  } else if (profile?.type === 'investor') {
    items.push(
      { label: 'Edit investor profile', href: investorAdminPath(profile.key, 'edit') },
      { label: 'Investor settings', href: investorAdminPath(profile.key, 'settings') },
    );
  } else if (profile?.type === 'applicant') {
    items.push(
      { label: 'Quick apply', href: PATHS.applicant },
      // spec 7: the digest settingsKey feeds this link; without one, the applicant's own settings.
      {
        label: 'Email notifications',
        href: digestSettingsKey ? `/profile-settings/${encodeURIComponent(digestSettingsKey)}` : PATHS.applicantSettings,
      },
    );
  }
  items.push({ label: 'My Account', href: PATHS.account }, { label: 'Log out', action: 'log-out' });
  return items;
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
  return [PATHS.startupsJoin, PATHS.pricing, companyAdminPath(profile.key)].some((page) => samePath(path, page));
}

/** Whether two pathnames name the same page: '/pricing/' is '/pricing'; '/' stays '/'. */
export function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
  return trim(a) === trim(b);
}
