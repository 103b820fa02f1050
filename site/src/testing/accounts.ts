/** The account side of the fake /api: users/me, sign-out, PUT users/me, POST applicant and the platform switch, over one mutable state. */
import { MESSAGES, type Company, type Investor, type User, type UserCompany, type UserInvestor } from '@nordlys/sdk/schemas';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { makeUser } from '@nordlys/sdk/testing';

/** What the fake server knows about the visitor; tests may change it between steps (another tab signs out, the session dies). */
export interface FakeAccount {
  /** The signed-in user, or null when logged out (GET users/me answers 401). */
  user: User | null;
  /** A status GET users/me answers instead of the user, e.g. 403 for a dead session cookie. */
  meStatus?: number;
  /** Users POST users/sign-in accepts, by e-mail (any password). */
  users?: User[];
  /** Keys of companies whose record has a linkedinId (spec 2.9: no connect banner). */
  linkedinConnected?: string[];
}

/** One call the fake server received: method, path under /api/ and the JSON body. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const unauthorized = () => json({ message: API_MESSAGES.logIn, code: 'E_UNAUTHORIZED' }, 401);

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers the account calls of spec 7 from `account`, or returns null for any other path.
 * `requests` records every call answered here, with its JSON body.
 */
export async function answerAccount(account: FakeAccount, request: Request, path: string, requests: FakeRequest[]): Promise<Response | null> {
  const method = request.method.toUpperCase();
  const isAccountPath =
    path.startsWith('users/') ||
    path === 'applicant' ||
    /^(companies|investors)\/[^/]+\/platform$/.test(path) ||
    /^companies\/[^/]+\/hidden$/.test(path) ||
    (/^investors\/[^/]+$/.test(path) && Object.values(demoUsers).some((u) => u.investors.some((i) => `investors/${i.key}` === path)));
  if (!isAccountPath) return null;
  const body = await bodyOf(request);
  requests.push({ method, path, body });

  if (path === 'users/me' && method === 'GET') {
    if (account.meStatus) return json({ message: API_MESSAGES.sessionExpired, code: 'E_FORBIDDEN' }, account.meStatus);
    return account.user ? json(account.user) : unauthorized();
  }
  if (path === 'users/me' && method === 'PUT') {
    if (!account.user) return unauthorized();
    const payload = body as { profile?: string | null };
    if ('profile' in payload) account.user = { ...account.user, profile: payload.profile ?? null };
    // As the server does: the user as it is now.
    return json(account.user);
  }
  if (path === 'users/sign-out' && method === 'POST') {
    account.user = null;
    return json(null, 204);
  }
  if (path === 'users/sign-in' && method === 'POST') {
    const email = (body as { email?: string }).email;
    const user = account.users?.find((u) => u.email === email);
    if (!user) return json({ message: MESSAGES.signInFailed, code: 'E_UNAUTHORIZED' }, 401);
    account.user = user;
    return json(user);
  }
  if (path === 'applicant' && method === 'POST') {
    if (!account.user) return unauthorized();
    account.user = {
      ...account.user,
      applicant: { enabled: true },
      applicantProfile: account.user.applicantProfile ?? {
        enabled: true,
        headline: null,
        preferredCountryCode: null,
        categories: [],
        linkedinUrl: null,
      },
    };
    return json(account.user);
  }
  const platform = path.match(/^(companies|investors)\/([^/]+)\/platform$/);
  if (platform && method === 'POST') {
    if (!account.user) return unauthorized();
    const key = decodeURIComponent(platform[2]!);
    const name = (body as { platform: string }).platform;
    const list: (UserCompany | UserInvestor)[] = platform[1] === 'companies' ? account.user.companies : account.user.investors;
    const owned = list.find((p) => p.key === key);
    if (!owned) return json({ message: API_MESSAGES.companyMembersOnly, code: 'E_FORBIDDEN' }, 403);
    const relist = <T extends UserCompany | UserInvestor>(items: T[]) =>
      items.map((p) => (p.key === key ? { ...p, platform: { ...p.platform, [name]: true } } : p));
    account.user =
      platform[1] === 'companies'
        ? { ...account.user, companies: relist(account.user.companies) }
        : { ...account.user, investors: relist(account.user.investors) };
    return json(null, 204);
  }
  const hidden = path.match(/^companies\/([^/]+)\/hidden$/);
  if (hidden && method === 'GET') {
    // The admin view of a company (spec 7): its members and admins only.
    const key = decodeURIComponent(hidden[1]!);
    const owned = Object.values(demoUsers)
      .flatMap((u) => u.companies)
      .find((c) => c.key === key);
    if (!owned) return json({ message: API_MESSAGES.notFound('Company'), code: 'E_NOT_FOUND' }, 404);
    if (!account.user) return unauthorized();
    if (!account.user.isAdmin && !account.user.companies.some((c) => c.key === key)) {
      return json({ message: API_MESSAGES.companyMembersOnly, code: 'E_FORBIDDEN' }, 403);
    }
    return json(companyRecord(owned, account.linkedinConnected?.includes(key) ?? false));
  }
  const investorKey = path.match(/^investors\/([^/]+)$/);
  if (investorKey && method === 'GET') {
    const owned = Object.values(demoUsers)
      .flatMap((u) => u.investors)
      .find((i) => i.key === investorKey[1]);
    if (owned) return json(investorRecord(owned));
  }
  return json({ message: `No fixture for ${method} ${path}` }, 404);
}

/** A user's company as GET companies/{key}/hidden answers it. */
function companyRecord(owned: UserCompany, linkedin: boolean): Company {
  return {
    id: owned.id,
    key: owned.key,
    name: owned.name,
    logoImage: null,
    website: null,
    whatWeDo: null,
    countries: owned.countries,
    numberOfActiveJobs: 0,
    status: owned.status,
    coverImage: null,
    addresses: [],
    fundingStage: null,
    numberOfEmployees: null,
    businessModel: null,
    perks: [],
    industries: [],
    sdgs: [],
    keyFigures: [],
    foundedYear: null,
    galleryImages: [],
    team: [],
    investors: [],
    quote: null,
    views: 0,
    linkedinId: linkedin ? 'urn:li:organization:42' : null,
    platform: owned.platform,
  };
}

/** A user's investor as GET investors/{key} answers it (investors.ts adds `manage` and a portfolio for /hidden). */
export function investorRecord(owned: UserInvestor): Investor {
  return {
    id: owned.id,
    key: owned.key,
    name: owned.name,
    category: 'VENTURE_CAPITAL',
    logoImage: null,
    intro: null,
    countryCodes: owned.countryCodes,
    industries: [],
    status: owned.status,
    investmentRanges: [],
    markets: [],
    typeKeywords: [],
    contactEmail: null,
    smallImage: null,
    coverImage: null,
    keyPeople: [],
    investments: [],
    website: null,
    contactPreference: 'EMAIL',
    views: 0,
    platform: owned.platform,
  };
}

const company = (key: string, name: string, more: Partial<UserCompany> = {}): UserCompany => ({
  id: key.length,
  key,
  name,
  status: 'ACTIVE',
  countries: [{ countryCode: 'DK' }],
  adminUrl: `/client/startups/${key}`,
  logoImage: null,
  platform: { nordlys: true },
  ...more,
});

const investor = (key: string, name: string, more: Partial<UserInvestor> = {}): UserInvestor => ({
  id: key.length + 100,
  key,
  name,
  status: 'ACTIVE',
  countryCodes: ['NO'],
  adminUrl: `/client/investors/${key}`,
  logoImage: null,
  platform: { nordlys: true, sister: true },
  ...more,
});

const applicant = {
  applicant: { enabled: true },
  applicantProfile: {
    enabled: true,
    headline: 'Frontend engineer who likes maps',
    preferredCountryCode: 'DK',
    categories: ['frontend', 'design'],
    linkedinUrl: null,
  },
};

/** The demo accounts of the seed (README), as GET users/me answers them. */
export const demoUsers = {
  admin: makeUser({ id: 1, name: { first: 'Astrid', last: 'Lindqvist' }, fullName: 'Astrid Lindqvist', email: 'admin@nordlys.test', isAdmin: true }),
  talent: makeUser({ id: 2, email: 'talent@nordlys.test', ...applicant }),
  founder: makeUser({
    id: 3,
    name: { first: 'Mads', last: 'Holm' },
    fullName: 'Mads Holm',
    email: 'founder@nordlys.test',
    companies: [company('northwind-labs', 'Northwind Labs')],
  }),
  investor: makeUser({
    id: 4,
    name: { first: 'Ingrid', last: 'Solberg' },
    fullName: 'Ingrid Solberg',
    email: 'investor@nordlys.test',
    investors: [investor('fjord-ventures', 'Fjord Ventures')],
  }),
  multi: makeUser({
    id: 5,
    name: { first: 'Aino', last: 'Virtanen' },
    fullName: 'Aino Virtanen',
    email: 'multi@nordlys.test',
    companies: [company('polar-robotics', 'Polar Robotics', { countries: [{ countryCode: 'FI' }] })],
    investors: [investor('midnight-capital', 'Midnight Capital', { countryCodes: ['FI', 'SE'] })],
    ...applicant,
  }),
  draft: makeUser({
    id: 6,
    name: { first: 'Jonas', last: 'Berg' },
    fullName: 'Jonas Berg',
    email: 'draft@nordlys.test',
    companies: [company('draft-startup', 'Draft Startup', { status: 'DRAFT' })],
  }),
  newbie: makeUser({ id: 7, name: { first: 'Elin', last: 'Nilsson' }, fullName: 'Elin Nilsson', email: 'newbie@nordlys.test' }),
  /** Has a startup only on the sister platform: the connect-profile case of spec 2.11. */
  sister: makeUser({
    id: 8,
    name: { first: 'Lars', last: 'Dahl' },
    fullName: 'Lars Dahl',
    email: 'sister@nordlys.test',
    companies: [company('impact-oy', 'Impact Oy', { platform: { sister: true } })],
  }),
} satisfies Record<string, User>;
