/** The URL registry (spec 2.1–2.5): every route, whether it is built yet, the typed builders every link is made with, and the words keys may not be. */

/**
 * Who serves a route today: the site's router, the server itself (feeds, the job-list widget page,
 * the careers and white-label hosts), or nobody yet (false). Only built routes can be linked.
 */
export type Served = 'site' | 'server' | false;

/** What a route parameter holds when it is a company or investor key (see {@link reservedKeys}). */
export type KeyKind = 'company' | 'investor';

/** spec 2.5: routes served on a startup's careers host or a white-label host, with their first segment stripped there. */
export type RouteHost = 'careers' | 'white-label';

export interface RouteDef {
  /** The pattern, in the router's syntax: static segments and `:param`s. */
  readonly path: string;
  readonly built: Served;
  readonly host?: RouteHost;
  /** The parameters that hold a company or investor key. */
  readonly keys?: Readonly<Record<string, KeyKind>>;
  /**
   * The shape a parameter must have, where another route has the same pattern ('/jobs/:landing'
   * beside '/jobs/:id'): matchRoute takes the route only when the value fits, and ranks it above the
   * route whose parameter is free.
   */
  readonly shapes?: Readonly<Record<string, RegExp>>;
}

const company = { id: 'company' } as const;

/**
 * Every route of spec 2.1–2.5. Flip `built` when a page lands: its builder becomes available to
 * link-producing code, the header and footer start showing their entries for it, and the router
 * test insists the router serves it. The names are what the router's ids and the nav lists use.
 */
export const ROUTES = {
  // spec 2.1: content.
  home: { path: '/', built: 'site' },
  about: { path: '/about', built: 'site' },
  blog: { path: '/blog', built: 'site' },
  /** Not in spec 2.1 by name (issue #15): one post of the blog, by its slug. */
  blogPost: { path: '/blog/:slug', built: 'site' },
  contact: { path: '/contact', built: 'site' },
  pricing: { path: '/pricing', built: 'site' },
  terms: { path: '/terms', built: 'site' },
  privacyPolicy: { path: '/privacy-policy', built: 'site' },
  partners: { path: '/partners', built: 'site' },
  partner: { path: '/partners/:slug', built: 'site' },
  // spec 2.1: deals and funding.
  deals: { path: '/deals', built: 'site' },
  deal: { path: '/deals/:id', built: 'site' },
  funding: { path: '/funding', built: 'site' },
  /** The investor's public page (issue #11): startup pages link their investors here. */
  fundingItem: { path: '/funding/:id', built: 'site', keys: { id: 'investor' } },
  fundingQuiz: { path: '/funding/quiz', built: 'site' },
  fundingQuizResults: { path: '/funding/quiz/results', built: 'site' },
  // spec 2.1: startups.
  startups: { path: '/startups', built: 'site' },
  startup: { path: '/startups/:id', built: 'site', keys: company },
  startupWelcome: { path: '/startups/:id/welcome', built: 'site', keys: company },
  startupsJoin: { path: '/startups/join', built: 'site' },
  startupsFaq: { path: '/startups/faq', built: 'site' },
  startupsCareerPage: { path: '/startups/career-page', built: 'site' },
  startupsWhiteLabelFeed: { path: '/startups/white-label-feed', built: 'site' },
  jobListWidget: { path: '/startups/joblistwidget/:id', built: 'server', keys: company },
  // spec 2.1: jobs.
  jobs: { path: '/jobs', built: 'site' },
  job: { path: '/jobs/:id', built: 'site' },
  jobWelcome: { path: '/jobs/:id/welcome', built: 'site' },
  jobResendApplicants: { path: '/jobs/:id/resend-applicants', built: 'site' },
  jobsLocation: { path: '/jobs/location/:country', built: 'site' },
  jobsLocationCity: { path: '/jobs/location/:country/:city', built: 'site' },
  /**
   * spec 2.1 (issue #15): the ~70 SEO landing pages, a category group in a country or a city, e.g.
   * '/jobs/design-jobs-in-stockholm'. Only the slugs of sdk landing.ts exist; any other one is a 404.
   */
  jobsLanding: { path: '/jobs/:landing', built: 'site', shapes: { landing: /^[\p{Ll}\d-]+-jobs-in-[\p{Ll}\d-]+$/u } },
  // spec 2.1: tools, services and programs.
  tools: { path: '/tools', built: 'site' },
  tool: { path: '/tools/:id', built: 'site' },
  scout: { path: '/scout', built: 'site' },
  scoutTerms: { path: '/scout-terms', built: 'site' },
  headhunter: { path: '/headhunter', built: 'site' },
  headhunterTerms: { path: '/headhunter-terms', built: 'site' },
  communityProgram: { path: '/community-program', built: 'site' },
  // spec 2.1: sign-up and account.
  emailSignup: { path: '/emailsignup', built: 'site' },
  investorsJoin: { path: '/investors/join', built: 'site' },
  /** spec 2.8: My Account. */
  account: { path: '/settings', built: 'site' },
  profileSettings: { path: '/profile-settings/:id', built: 'site' },
  dashboard: { path: '/dashboard', built: 'site' },
  // spec 2.1: feeds.
  featuredJobs: { path: '/external/featuredjobs', built: 'server' },
  featuredJobsJson: { path: '/external/featuredjobs.json', built: 'server' },
  featuredJobsRss: { path: '/external/featuredjobs.rss', built: 'server' },
  /** Not in spec 2 (issue #15): what search engines read. The sitemap index, and its parts by name ('jobs-1', 'startups', …). */
  robots: { path: '/robots.txt', built: 'server' },
  sitemap: { path: '/sitemap.xml', built: 'server' },
  sitemapPart: { path: '/sitemaps/:part', built: 'server' },
  /** Not in spec 2 (issue #15): every job that takes applications, in the formats job aggregators read. */
  feedIndeed: { path: '/feeds/indeed.xml', built: 'server' },
  feedLinkedin: { path: '/feeds/linkedin.xml', built: 'server' },
  /** Not in spec 2 (issue #14): the job search as RSS, Atom and JSON Feed, for the filters in the query. */
  jobsFeedRss: { path: '/jobs/feed.rss', built: 'server' },
  jobsFeedAtom: { path: '/jobs/feed.atom', built: 'server' },
  jobsFeedJson: { path: '/jobs/feed.json', built: 'server' },

  // spec 2.2: the applicant area ('/client/' is the landing).
  client: { path: '/client/', built: 'site' },
  applicant: { path: '/client/applicant', built: 'site' },
  applicantSettings: { path: '/client/applicant/settings', built: 'site' },
  followedStartups: { path: '/client/followed-startups', built: 'site' },
  myJobs: { path: '/client/my-jobs', built: 'site' },
  resetPassword: { path: '/client/reset-password', built: 'site' },
  verifyEmail: { path: '/client/verify-email', built: 'site' },
  /**
   * Not in spec 2: where a team invitation's mail link lands (`?token=`, issue #11). Signed out, the
   * guard sends the visitor to sign in or sign up and back here; signed in, the user joins the team.
   */
  invitation: { path: '/client/invitation', built: 'site' },
  /** Not in spec 2: the admins' approval queue of submitted startups and investors (issue #11). */
  reviews: { path: '/client/reviews', built: 'site' },
  /** Not in spec 2 (issue #15): the site admins' own blog posts ('new' or a post id as :post). */
  adminBlog: { path: '/client/blog', built: 'site' },
  adminBlogPost: { path: '/client/blog/:post', built: 'site' },

  // Not in spec 2 (issue #14): the pages a job digest's mails link to. No sign-in: the token or the settingsKey is the secret.
  /** Where the confirmation mail's link lands (`?token=`): double opt-in of a visitor's subscription. */
  digestConfirm: { path: '/digest/confirm', built: 'site' },
  /** The manage link of every digest mail: the subscription's settings, by its settingsKey. */
  digestManage: { path: '/digest/manage/:key', built: 'site' },
  /** The unsubscribe page (the List-Unsubscribe URL's GET lands here): a button that POSTs; a GET never unsubscribes. */
  digestUnsubscribe: { path: '/digest/unsubscribe', built: 'site' },

  // spec 2.3: the investor area.
  investorNew: { path: '/client/investors/new', built: 'site' },
  investorAdmin: { path: '/client/investors/:investor', built: 'site', keys: { investor: 'investor' } },
  investorAdminEdit: { path: '/client/investors/:investor/edit', built: 'site', keys: { investor: 'investor' } },
  investorAdminProfile: { path: '/client/investors/:investor/profile', built: 'site', keys: { investor: 'investor' } },
  investorAdminSettings: { path: '/client/investors/:investor/settings', built: 'site', keys: { investor: 'investor' } },
  investorAdminStartups: { path: '/client/investors/:investor/startups', built: 'site', keys: { investor: 'investor' } },
  investorAdminStartup: { path: '/client/investors/:investor/startups/:id', built: 'site', keys: { investor: 'investor', id: 'company' } },
  investorAdminUsers: { path: '/client/investors/:investor/users', built: 'site', keys: { investor: 'investor' } },

  // spec 2.4: the startup area.
  companyNew: { path: '/client/startups/new', built: 'site' },
  companyAdmin: { path: '/client/startups/:company', built: 'site', keys: { company: 'company' } },
  companyAdminApplicants: { path: '/client/startups/:company/applicants', built: 'site', keys: { company: 'company' } },
  companyAdminBlog: { path: '/client/startups/:company/blog', built: 'site', keys: { company: 'company' } },
  /** Not in spec 2.4 by name (issue #15): the editor of one of the startup's posts ('new' or a post id). */
  companyAdminBlogPost: { path: '/client/startups/:company/blog/:post', built: 'site', keys: { company: 'company' } },
  companyAdminDeals: { path: '/client/startups/:company/deals', built: 'site', keys: { company: 'company' } },
  companyAdminDeal: { path: '/client/startups/:company/deals/:id', built: 'site', keys: { company: 'company' } },
  companyAdminEdit: { path: '/client/startups/:company/edit', built: 'site', keys: { company: 'company' } },
  companyAdminFunding: { path: '/client/startups/:company/funding', built: 'site', keys: { company: 'company' } },
  companyAdminFundingItem: { path: '/client/startups/:company/funding/:id', built: 'site', keys: { company: 'company' } },
  companyAdminJobs: { path: '/client/startups/:company/jobs', built: 'site', keys: { company: 'company' } },
  companyAdminNewJob: { path: '/client/startups/:company/jobs/new', built: 'site', keys: { company: 'company' } },
  companyAdminJob: { path: '/client/startups/:company/jobs/:job', built: 'site', keys: { company: 'company' } },
  companyAdminJobBoost: { path: '/client/startups/:company/jobs/:job/boost', built: 'site', keys: { company: 'company' } },
  companyAdminJobBoosted: { path: '/client/startups/:company/jobs/:job/boosted', built: 'site', keys: { company: 'company' } },
  companyAdminJobEdit: { path: '/client/startups/:company/jobs/:job/edit', built: 'site', keys: { company: 'company' } },
  companyAdminJobHeadhunterPosted: { path: '/client/startups/:company/jobs/:job/headhunter-posted', built: 'site', keys: { company: 'company' } },
  companyAdminJobHhSteps: { path: '/client/startups/:company/jobs/:job/hh-steps', built: 'site', keys: { company: 'company' } },
  companyAdminJobMaxPosted: { path: '/client/startups/:company/jobs/:job/max-posted', built: 'site', keys: { company: 'company' } },
  companyAdminJobMonetise: { path: '/client/startups/:company/jobs/:job/monetise', built: 'site', keys: { company: 'company' } },
  companyAdminJobPosted: { path: '/client/startups/:company/jobs/:job/posted', built: 'site', keys: { company: 'company' } },
  // Issue #12: an order's invoice (spec 2.4 does not list one; it sits beside the startup's settings, which list the orders).
  companyAdminInvoice: { path: '/client/startups/:company/invoices/:order', built: 'site', keys: { company: 'company' } },
  companyAdminProfile: { path: '/client/startups/:company/profile', built: 'site', keys: { company: 'company' } },
  companyAdminSettings: { path: '/client/startups/:company/settings', built: 'site', keys: { company: 'company' } },
  companyAdminUsers: { path: '/client/startups/:company/users', built: 'site', keys: { company: 'company' } },
  companyAdminWhiteLabelFeeds: { path: '/client/startups/:company/white-label-feeds', built: 'site', keys: { company: 'company' } },

  // spec 2.5: served by the server on a careers or white-label host, the first segment stripped there.
  careers: { path: '/careers', built: 'server', host: 'careers' },
  careersJob: { path: '/careers/jobs/:id', built: 'server', host: 'careers' },
  careersSitemap: { path: '/careers/sitemap.xml', built: 'server', host: 'careers' },
  whiteLabel: { path: '/whiteLabelFeed', built: 'server', host: 'white-label' },
  whiteLabelJob: { path: '/whiteLabelFeed/jobs/:id', built: 'server', host: 'white-label' },
  whiteLabelSitemap: { path: '/whiteLabelFeed/sitemap.xml', built: 'server', host: 'white-label' },
} as const satisfies Record<string, RouteDef>;

/**
 * The /api routes where a company or investor key sits beside fixed words. They are not pages, but
 * '/api/companies/domain' must never mean the company 'domain' (a server test holds this list to
 * the API router).
 */
export const API_KEY_ROUTES = [
  { path: '/api/companies/:key', keys: { key: 'company' } },
  { path: '/api/companies/domain/:domain' },
  { path: '/api/companies/white-label-feed-domain/:domain' },
  { path: '/api/investors/:key', keys: { key: 'investor' } },
] as const satisfies readonly Omit<RouteDef, 'built'>[];

export type RouteName = keyof typeof ROUTES;
type Routes = typeof ROUTES;

/** The names of the routes something serves today. */
export type BuiltRouteName = { [N in RouteName]: Routes[N]['built'] extends false ? never : N }[RouteName];
/** The patterns of the routes the site or the server serves on the main host. */
export type BuiltPattern = { [N in BuiltRouteName]: Routes[N] extends { host: RouteHost } ? never : Routes[N]['path'] }[BuiltRouteName];
type HostPattern<H extends RouteHost> = { [N in RouteName]: Routes[N] extends { host: H } ? Routes[N]['path'] : never }[RouteName];

/** The parameter names of a pattern: '/jobs/:id' gives 'id'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;
export type RouteParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };
type ParamsArg<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: RouteParams<P>];

/** A pattern with its parameters filled in, each encoded as one path segment (kept small: the widget bundle carries it). */
function fill(pattern: string, params: Readonly<Record<string, string | number>> = {}): string {
  // Which parameters a pattern needs is checked by the types (RouteParams), not here.
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
}

/**
 * The path of a built route. The pattern must be one of the registry's built patterns (a
 * typo, an unregistered or an unbuilt route does not compile); the builders below keep their
 * pattern literal so that a bundle taking one builder does not carry the whole table.
 */
export const build: <P extends BuiltPattern>(pattern: P, ...params: ParamsArg<P>) => string = fill as never;

/** The path of a careers or white-label route on its own host, where the prefix is stripped (spec 2.5). */
function onHost<H extends RouteHost>(_host: H, pattern: HostPattern<H>, params?: Readonly<Record<string, string | number>>): string {
  return `/${fill(pattern, params).split('/').slice(2).join('/')}`;
}

/** The sub-pages of a startup's admin area that are built, e.g. 'jobs' (spec 2.4). */
export type CompanyAdminPage = BuiltPattern extends infer P
  ? P extends `/client/startups/:company/${infer Page}`
    ? Page extends `${string}:${string}` ? never : Page
    : never
  : never;
/** The sub-pages of an investor's admin area that are built (spec 2.3). */
export type InvestorAdminPage = BuiltPattern extends infer P
  ? P extends `/client/investors/:investor/${infer Page}`
    ? Page extends `${string}:${string}` ? never : Page
    : never
  : never;

/** The sub-pages of a job in a startup's admin area that are built, e.g. 'monetise' (spec 2.4). */
export type CompanyJobPage = BuiltPattern extends infer P
  ? P extends `/client/startups/:company/jobs/:job/${infer Page}`
    ? Page extends `${string}:${string}` ? never : Page
    : never
  : never;

/** spec 3: a job's public page. Its own export, so that the widget bundle takes only this. */
export const jobPath = (id: number | string): string => build('/jobs/:id', { id });
/** The job search. */
export const jobsPath = (): string => build('/jobs');
/** spec 3: a startup's public page. */
export const startupPath = (key: string): string => build('/startups/:id', { id: key });

/** A job on a careers or white-label host: both serve it at the same stripped path (spec 2.5). */
export const hostJobPath = (id: number | string): string => onHost('careers', '/careers/jobs/:id', { id });

/**
 * A page of a white-label feed's home on its host (spec 2.5), with its search: page 1 has no page
 * parameter, so the first page of a feed has one address.
 * @example feedHomePath({ search: 'ux', page: 2 }) // '/?search=ux&page=2'
 */
export const feedHomePath = ({ search, page }: { search?: string; page?: number } = {}): string => {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page && page > 1) query.set('page', String(page));
  const home = onHost('white-label', '/whiteLabelFeed');
  const text = query.toString();
  return text ? `${home}?${text}` : home;
};

/**
 * The builders of every built route; an unbuilt route has none, so no code can link to it.
 * @example paths.companyAdmin('northwind-labs', 'jobs') // '/client/startups/northwind-labs/jobs'
 */
export const paths = {
  home: () => build('/'),
  jobs: jobsPath,
  job: jobPath,
  /**
   * Issue #13: a job's page with its apply dialog open, from the widget, a career page, a white-label
   * feed or a mail; `surface` is counted with the application.
   * @example paths.jobApply(12, 'widget') // '/jobs/12?apply=1&surface=widget'
   */
  jobApply: (id: number | string, surface?: string) =>
    `${jobPath(id)}?${new URLSearchParams(surface ? { apply: '1', surface } : { apply: '1' })}`,
  /**
   * A location page: 'remote' or a lower-case country code, and the city as its place key. Build it
   * with sdk places' locationPath, which makes both canonical from any spelling (issue #32). This
   * module imports nothing, so that scripts can load it as it is.
   */
  jobsLocation: (country: string, city?: string) =>
    city ? build('/jobs/location/:country/:city', { country, city }) : build('/jobs/location/:country', { country }),
  startups: () => build('/startups'),
  startup: startupPath,
  startupsJoin: () => build('/startups/join'),
  /** The investor directory; `query` is its filters as a query string, without '?'. */
  funding: (query?: string) => (query ? `${build('/funding')}?${query}` : build('/funding')),
  /** An investor's public page (issue #11). */
  fundingItem: (key: string) => build('/funding/:id', { id: key }),
  /** spec 2.1: where a startup's members land after approval (the approval mail links here). */
  startupWelcome: (key: string) => build('/startups/:id/welcome', { id: key }),
  jobListWidget: (key: string) => build('/startups/joblistwidget/:id', { id: key }),
  investorsJoin: () => build('/investors/join'),
  emailSignup: () => build('/emailsignup'),
  account: () => build('/settings'),
  dashboard: () => build('/dashboard'),
  featuredJobs: (format?: 'json' | 'rss') =>
    format === 'json' ? build('/external/featuredjobs.json') : format === 'rss' ? build('/external/featuredjobs.rss') : build('/external/featuredjobs'),
  /**
   * Issue #14: the job search as a feed; `query` is the search's query string (sdk searchQuery), without '?'.
   * @example paths.jobsFeed('rss', 'search=react') // '/jobs/feed.rss?search=react'
   */
  jobsFeed: (format: 'rss' | 'atom' | 'json', query?: string) => {
    const base = format === 'rss' ? build('/jobs/feed.rss') : format === 'atom' ? build('/jobs/feed.atom') : build('/jobs/feed.json');
    return query ? `${base}?${query}` : base;
  },
  client: () => build('/client/'),
  applicant: () => build('/client/applicant'),
  applicantSettings: () => build('/client/applicant/settings'),
  followedStartups: () => build('/client/followed-startups'),
  /** spec 2.2: My jobs, on a tab (issue #13: saved, interested, applied). */
  myJobs: (tab?: 'saved' | 'interested' | 'applied') => (tab ? `${build('/client/my-jobs')}?tab=${tab}` : build('/client/my-jobs')),
  /** Issue #13: one of the candidate's applications in My jobs (the 409 of a second application links here). */
  myApplication: (id: number) => `${build('/client/my-jobs')}?tab=applied#application-${id}`,
  /** spec 2.1: the settings page of one of the user's profiles (issue #13); `id` from sdk profiles profileSettingsId. */
  profileSettings: (id: string) => build('/profile-settings/:id', { id }),
  resetPassword: () => build('/client/reset-password'),
  verifyEmail: () => build('/client/verify-email'),
  /** The link of a team invitation mail. */
  invitation: (token: string) => `${build('/client/invitation')}?token=${encodeURIComponent(token)}`,
  reviews: () => build('/client/reviews'),
  /** Issue #14: the confirmation link of a digest subscription (double opt-in). */
  digestConfirm: (token: string) => `${build('/digest/confirm')}?token=${encodeURIComponent(token)}`,
  /** Issue #14: a digest's settings by its settingsKey (the manage link of every digest mail; no sign-in). */
  digestManage: (settingsKey: string) => build('/digest/manage/:key', { key: settingsKey }),
  /**
   * Issue #14: the unsubscribe page, with the query the List-Unsubscribe URL carries (its HMAC token).
   * @example paths.digestUnsubscribe({ token: 'abc' }) // '/digest/unsubscribe?token=abc'
   */
  digestUnsubscribe: (query: Readonly<Record<string, string>>) => `${build('/digest/unsubscribe')}?${new URLSearchParams(query)}`,
  companyNew: () => build('/client/startups/new'),
  /** spec 2.4: a startup's admin page, or one of its built sub-pages. */
  companyAdmin: (key: string, page?: CompanyAdminPage) => {
    const base = build('/client/startups/:company', { company: key });
    return page ? `${base}/${page}` : base;
  },
  /**
   * spec 2.4: the applicant board (issue #13), filtered to a job, with a card open.
   * @example paths.companyApplicants('northwind-labs', { job: 7, open: 31 }) // '/client/startups/northwind-labs/applicants?job=7&open=31'
   */
  companyApplicants: (key: string, query: { job?: number; open?: number } = {}) => {
    const base = build('/client/startups/:company/applicants', { company: key });
    const params = new URLSearchParams();
    if (query.job) params.set('job', String(query.job));
    if (query.open) params.set('open', String(query.open));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  },
  /** spec 2.4: the job form for a new job (issue #12). */
  companyNewJob: (key: string) => build('/client/startups/:company/jobs/new', { company: key }),
  /**
   * spec 2.4: a job's dashboard, or one of its sub-pages (issue #12).
   * @example paths.companyJob('northwind-labs', 7, 'monetise') // '/client/startups/northwind-labs/jobs/7/monetise'
   */
  companyJob: (key: string, job: number, page?: CompanyJobPage) => {
    const base = build('/client/startups/:company/jobs/:job', { company: key, job });
    return page ? `${base}/${page}` : base;
  },
  /** An order's invoice (issue #12). */
  companyInvoice: (key: string, order: number) => build('/client/startups/:company/invoices/:order', { company: key, order }),
  /** spec 2.1: where a new job's poster is sent with its public link (issue #12). */
  jobWelcome: (id: number | string) => build('/jobs/:id/welcome', { id }),
  /** spec 2.1: asks for a job's applications to be mailed again (members only). */
  jobResendApplicants: (id: number | string) => build('/jobs/:id/resend-applicants', { id }),
  pricing: () => build('/pricing'),
  // Issue #15: the rest of the public site.
  about: () => build('/about'),
  terms: () => build('/terms'),
  privacyPolicy: () => build('/privacy-policy'),
  contact: () => build('/contact'),
  /** The blog, on a page of its list (1 is the first, and has no query). */
  blog: (page?: number) => (page && page > 1 ? `${build('/blog')}?page=${page}` : build('/blog')),
  blogPost: (slug: string) => build('/blog/:slug', { slug }),
  partners: () => build('/partners'),
  partner: (slug: string) => build('/partners/:slug', { slug }),
  /** The toolbox, on one of the configuration's toolCategories. */
  tools: (category?: string) => (category ? `${build('/tools')}?${new URLSearchParams({ category })}` : build('/tools')),
  tool: (key: string) => build('/tools/:id', { id: key }),
  deals: () => build('/deals'),
  deal: (key: string) => build('/deals/:id', { id: key }),
  fundingQuiz: () => build('/funding/quiz'),
  /** The quiz's results; `query` is the answers as a query string (sdk funding-quiz), without '?'. */
  fundingQuizResults: (query?: string) => (query ? `${build('/funding/quiz/results')}?${query}` : build('/funding/quiz/results')),
  startupsFaq: () => build('/startups/faq'),
  startupsCareerPage: () => build('/startups/career-page'),
  startupsWhiteLabelFeed: () => build('/startups/white-label-feed'),
  scout: () => build('/scout'),
  scoutTerms: () => build('/scout-terms'),
  headhunter: () => build('/headhunter'),
  headhunterTerms: () => build('/headhunter-terms'),
  communityProgram: () => build('/community-program'),
  /** A landing page by its slug (sdk landing.ts), e.g. 'design-jobs-in-stockholm'. */
  jobsLanding: (slug: string) => build('/jobs/:landing', { landing: slug }),
  robots: () => build('/robots.txt'),
  sitemap: () => build('/sitemap.xml'),
  /** A part of the sitemap index, e.g. 'jobs-1.xml'. */
  sitemapPart: (part: string) => build('/sitemaps/:part', { part }),
  feedIndeed: () => build('/feeds/indeed.xml'),
  feedLinkedin: () => build('/feeds/linkedin.xml'),
  /** The admins' blog posts, or the editor of one ('new' or its id). */
  adminBlog: (post?: number | 'new') => (post === undefined ? build('/client/blog') : build('/client/blog/:post', { post })),
  /** A startup's blog post editor ('new' or its id); the list is companyAdmin(key, 'blog'). */
  companyBlogPost: (key: string, post: number | 'new') => build('/client/startups/:company/blog/:post', { company: key, post }),
  /** A deal the startup has claimed. */
  companyDeal: (key: string, deal: string) => build('/client/startups/:company/deals/:id', { company: key, id: deal }),
  /** One investor matched to the startup's funding quiz answers. */
  companyFundingItem: (key: string, investor: string) => build('/client/startups/:company/funding/:id', { company: key, id: investor }),
  investorNew: () => build('/client/investors/new'),
  /** spec 2.3: an investor's admin page, or one of its built sub-pages. */
  investorAdmin: (key: string, page?: InvestorAdminPage) => {
    const base = build('/client/investors/:investor', { investor: key });
    return page ? `${base}/${page}` : base;
  },
  /** spec 2.3: one company of an investor's portfolio, by the company's key. */
  investorAdminStartup: (key: string, company: string) => build('/client/investors/:investor/startups/:id', { investor: key, id: company }),
  /** spec 2.5: on a careers host. */
  careersHome: () => onHost('careers', '/careers'),
  careersJob: hostJobPath,
  careersSitemap: () => onHost('careers', '/careers/sitemap.xml'),
  /** spec 2.5: on a white-label host. */
  /** The feed's home, or a page of it with its search (feedHomePath). */
  whiteLabelHome: feedHomePath,
  whiteLabelJob: (id: number | string) => onHost('white-label', '/whiteLabelFeed/jobs/:id', { id }),
  whiteLabelSitemap: () => onHost('white-label', '/whiteLabelFeed/sitemap.xml'),
} as const;

/** Whether something serves the route today. */
export function isBuilt(name: RouteName): boolean {
  const route: RouteDef = ROUTES[name];
  return route.built !== false;
}

/**
 * The path of any registered route, or null while it is not built: for lists (header, footer,
 * dropdown) that name every page the spec wants and show only those that exist.
 * @example linkTo('about') // null until the about page is built
 */
export function linkTo<N extends RouteName>(name: N, ...params: ParamsArg<Routes[N]['path']>): string | null {
  const route: RouteDef = ROUTES[name];
  if (route.built === false) return null;
  return route.host ? onHost(route.host, route.path as never, params[0]) : fill(route.path, params[0]);
}

const segments = (path: string) => path.split('/').filter(Boolean);
/** A path segment decoded; a malformed escape ('%E0') stays as it is, so no path can make matching throw. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route a path (query and hash ignored) belongs to, and its parameters; static segments win over
 * parameters. On a careers or white-label host (`host`), its own routes as that host serves them,
 * prefix stripped ('/jobs/7' is careersJob there).
 */
export function matchRoute(path: string, host?: RouteHost): { name: RouteName; params: Record<string, string> } | null {
  const parts = segments(path.replace(/[?#].*$/, ''));
  let best: { name: RouteName; params: Record<string, string>; score: number } | null = null;
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const route: RouteDef = ROUTES[name];
    if (route.host !== host) continue;
    const pattern = host ? segments(route.path).slice(1) : segments(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const ok = pattern.every((segment, i) => {
      // A static segment earlier in the path outranks any later one, as in the router; a shaped
      // parameter ranks between a static segment and a free parameter at the same place.
      const weight = 3 ** (pattern.length - i);
      if (segment.startsWith(':')) {
        const value = (params[segment.slice(1)] = decodeSegment(parts[i]!));
        const shape = route.shapes?.[segment.slice(1)];
        if (!shape) return true;
        score += weight;
        return shape.test(value);
      }
      score += 2 * weight;
      return segment === parts[i];
    });
    if (ok && (!best || score > best.score)) best = { name, params, score };
  }
  return best && { name: best.name, params: best.params };
}

/**
 * A route's pattern for the router, relative to a parent route's pattern.
 * @example routePath('companyAdminJobs', 'companyAdmin') // 'jobs'
 */
export function routePath(name: RouteName, under?: RouteName): string {
  const full = segments(ROUTES[name].path);
  const base = under ? segments(ROUTES[under].path) : [];
  if (base.some((segment, i) => full[i] !== segment)) throw new Error(`routePath: ${name} is not under ${under}`);
  return full.slice(base.length).join('/');
}

/**
 * The words a company or investor key may not be: every fixed segment that sits where a key of
 * that kind goes in some route ('/startups/faq' beside '/startups/:id', '/client/startups/new',
 * '/api/companies/domain/…'), so a key never shadows a page.
 */
export function reservedKeys(kind: KeyKind): ReadonlySet<string> {
  let words = reserved.get(kind);
  if (!words) reserved.set(kind, (words = collectReserved(kind)));
  return words;
}

const reserved = new Map<KeyKind, ReadonlySet<string>>();

function collectReserved(kind: KeyKind): ReadonlySet<string> {
  const all: readonly Omit<RouteDef, 'built'>[] = [...Object.values(ROUTES), ...API_KEY_ROUTES];
  const words = new Set<string>();
  for (const route of all) {
    const pattern = segments(route.path);
    pattern.forEach((segment, i) => {
      if (route.keys?.[segment.slice(1)] !== kind || !segment.startsWith(':')) return;
      const prefix = pattern.slice(0, i);
      for (const other of all) {
        const parts = segments(other.path);
        const word = parts[i];
        if (word && !word.startsWith(':') && prefix.every((p, j) => parts[j] === p)) words.add(word);
      }
    });
  }
  return words;
}
