/**
 * Issue #15, "Sitemaps and robots": the main host's /robots.txt and its /sitemap.xml, an index of
 * parts at /sitemaps/{part}: 'pages.xml' (the public pages without parameters, the content pages,
 * and each partner, tool and deal), 'landing.xml' (the landing pages), 'locations.xml' (issue #32: the
 * location pages of the countries and cities with public jobs, at their canonical URLs), and, split by id range at
 * 50,000 (feeds sitemapIdRange, so a page keeps its part for life), 'jobs-{n}.xml', 'startups-{n}.xml',
 * 'investors-{n}.xml' and 'blog-{n}.xml': only what the visibility rules show, each job with its
 * update time as lastmod. Links come from PUBLIC_URL, never from the Host header. A careers or
 * white-label host is left to host routing (hosts.ts), which serves its own sitemap and robots.txt.
 */
import { Hono, type Context, type Handler } from 'hono';
import { robotsTxt, sitemap, sitemapIdRange, sitemapIndex, SITEMAP_MAX_URLS, type RobotsGroup, type SitemapRef, type SitemapUrl } from '@nordlys/feeds';
import { CONTENT_PAGES } from '@nordlys/sdk/content-pages';
import { INTENT_PARAM } from '@nordlys/sdk/intent';
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { linkTo, paths, ROUTES, type RouteName } from '@nordlys/sdk/routes';
import { locationPath } from '@nordlys/sdk/places';
import { siteOrigin } from './accounts/origin';
import { now } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { requestHost } from './hosts';
import { publicRead } from './http/cache';
import type { AppEnv } from './http/viewer';
import { placesWithJobs } from './queries/places';
import { directoryKeys, SITEMAP_KINDS, sitemapParts, sitemapRows, type SitemapKind } from './queries/sitemaps';

/**
 * The public pages without parameters that pages.xml lists, besides the content pages (sdk
 * CONTENT_PAGES). A route that is not built yet is left out until it is (linkTo gives null).
 */
export const SITEMAP_PAGES = [
  'home',
  'jobs',
  'startups',
  'funding',
  'pricing',
  'contact',
  'blog',
  'partners',
  'tools',
  'deals',
  'fundingQuiz',
  'scout',
  'headhunter',
  'communityProgram',
  'startupsCareerPage',
  'startupsWhiteLabelFeed',
  'startupsJoin',
  'investorsJoin',
] as const satisfies readonly RouteName[];

/**
 * The main host's built routes that no sitemap lists, and why. Together with SITEMAP_PAGES, the
 * content pages and the kinds listed from the database, this names every route of the registry
 * (sitemaps.test.ts holds it to that), so a new page is a choice, not an oversight.
 */
export const NOT_IN_SITEMAP: Readonly<Partial<Record<RouteName, string>>> = {
  emailSignup: 'the sign-up form (noindex)',
  account: 'signed-in only (noindex)',
  profileSettings: 'signed-in only (noindex)',
  dashboard: 'signed-in only',
  startupWelcome: 'members only (noindex)',
  jobWelcome: 'members only (noindex)',
  jobResendApplicants: 'members only (noindex)',
  fundingQuizResults: 'answers in the query: one page per combination',
  jobListWidget: "a startup's jobs in the widget layout for framing; its startup page is the one to index",
  featuredJobs: 'a feed, not a page',
  featuredJobsJson: 'a feed, not a page',
  featuredJobsRss: 'a feed, not a page',
  jobsFeedRss: 'a feed, not a page',
  jobsFeedAtom: 'a feed, not a page',
  jobsFeedJson: 'a feed, not a page',
  feedIndeed: 'a feed for Indeed, not a page',
  feedLinkedin: 'a feed for LinkedIn, not a page',
  robots: 'robots.txt itself',
  sitemap: 'the sitemap index itself',
  sitemapPart: 'the sitemaps themselves',
  digestConfirm: 'a mail link with a token (noindex)',
  digestManage: 'a mail link with a secret key (noindex)',
  digestUnsubscribe: 'a mail link with a token (noindex)',
};

/** The route of each kind listed from the database. */
export const SITEMAP_KIND_ROUTES: Readonly<Record<SitemapKind, RouteName>> = { jobs: 'job', startups: 'startup', investors: 'fundingItem', blog: 'blogPost' };

/** Every route a sitemap lists: pages.xml (with each partner, tool and deal), landing.xml, locations.xml, and the database kinds. */
export const LISTED_ROUTES: readonly RouteName[] = [
  ...SITEMAP_PAGES,
  ...CONTENT_PAGES.map((page) => page.routeName),
  'partner',
  'tool',
  'deal',
  'jobsLanding',
  'jobsLocation',
  'jobsLocationCity',
  ...Object.values(SITEMAP_KIND_ROUTES),
];

/** The path of a route up to its first parameter: '/profile-settings/:id' gives '/profile-settings/'. */
function routePrefix(name: RouteName): string {
  const path: string = ROUTES[name].path;
  const param = path.indexOf(':');
  return param < 0 ? path : path.slice(0, param);
}

/** A route's path with '*' for each parameter, for robots.txt: '/jobs/:id/welcome' gives '/jobs/*\/welcome'. */
function routePattern(name: RouteName): string {
  return ROUTES[name].path.replace(/:\w+/g, '*');
}

/**
 * What crawlers may not fetch on the main host: signed-in areas, members' pages, mail links with
 * secrets, the API, answer-dependent results, the framing layout of the widget, and the links that
 * carry a sign-in return path (`to`), a pending action (`do`), an open apply dialog or an e-mail
 * verification key, which are duplicates of the page without them. Everything else is allowed: the
 * public pages, their images and scripts, the feeds and sitemaps.
 */
export function mainRobotsGroups(): RobotsGroup[] {
  const queryFlags = ['to', INTENT_PARAM, 'apply', 'email-verification-key'];
  return [
    {
      userAgents: ['*'],
      allow: ['/'],
      disallow: [
        routePrefix('client'),
        '/api/',
        routePrefix('account'),
        routePrefix('profileSettings'),
        routePrefix('dashboard'),
        routePrefix('emailSignup'),
        routePrefix('digestConfirm'),
        routePrefix('digestManage'),
        routePrefix('digestUnsubscribe'),
        routePattern('jobWelcome'),
        routePattern('jobResendApplicants'),
        routePattern('startupWelcome'),
        routePrefix('fundingQuizResults'),
        routePrefix('jobListWidget'),
        ...queryFlags.flatMap((flag) => [`/*?${flag}=`, `/*&${flag}=`]),
      ],
    },
  ];
}

export interface SitemapsOptions {
  /**
   * The hosts that serve the main site. Any other host is a careers or white-label host, and this
   * router leaves it to host routing (hosts.ts). Undefined: every host is the main site (no host routing).
   */
  mainHosts?: readonly string[];
  /** Ids per sitemap part of a database kind: 50,000 (the protocol's limit) unless a test splits smaller. */
  perSitemap?: number;
}

/** A part's file name: 'pages.xml', 'landing.xml', 'locations.xml', or '{kind}-{n}.xml'. */
const PART_NAME = /^(?:(pages|landing|locations)|(jobs|startups|investors|blog)-([1-9]\d{0,8}))\.xml$/;

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };

export function sitemapsRouter(db: Db, config: Pick<Config, 'publicUrl'>, { mainHosts, perSitemap = SITEMAP_MAX_URLS }: SitemapsOptions = {}) {
  // Sitemaps change with the jobs, but crawlers read them a few times a day: a CDN may keep them an hour.
  const cached = publicRead({ maxAge: 600, sMaxAge: 3600, swr: 86_400 });
  const origin = () => siteOrigin(config);
  const url = (path: string) => origin() + path;

  const pagesPart = async (): Promise<SitemapUrl[]> => {
    const { partners, tools, deals } = await directoryKeys(db);
    const paths_ = [
      ...SITEMAP_PAGES.map((name) => linkTo(name)),
      ...CONTENT_PAGES.map((page) => linkTo(page.routeName)),
      ...partners.map((key) => paths.partner(key)),
      ...tools.map((key) => paths.tool(key)),
      ...deals.map((key) => paths.deal(key)),
    ];
    return [...new Set(paths_.filter((path): path is string => path !== null))].map((path) => ({ loc: url(path) }));
  };
  const landingPart = (): SitemapUrl[] => LANDING_PAGES.map((page) => ({ loc: url(paths.jobsLanding(page.slug)) }));
  // Issue #32: the location pages that list jobs now, each at its canonical URL (a city once, however its jobs spell it).
  const locationsPart = async (): Promise<SitemapUrl[]> => {
    const { countries, cities, remote } = await placesWithJobs(db, now());
    const paths_ = [
      ...(remote ? [locationPath('remote')] : []),
      ...countries.map((code) => locationPath(code)),
      ...cities.map(({ countryCode, city }) => locationPath(countryCode, city)),
    ];
    return [...new Set(paths_)].map((path) => ({ loc: url(path) }));
  };
  const pathOf: Record<SitemapKind, (key: string) => string> = {
    jobs: paths.job,
    startups: paths.startup,
    investors: paths.fundingItem,
    blog: paths.blogPost,
  };

  const index = async (c: Context<AppEnv>) => {
    const at = now();
    const parts: SitemapRef[] = ['pages.xml', 'landing.xml', 'locations.xml'].map((name) => ({ loc: url(paths.sitemapPart(name)) }));
    for (const kind of SITEMAP_KINDS) {
      for (const { part, lastmod } of await sitemapParts(db, kind, perSitemap, at)) {
        parts.push({ loc: url(paths.sitemapPart(`${kind}-${part}.xml`)), lastmod });
      }
    }
    return c.body(sitemapIndex(parts), 200, XML);
  };

  const part = async (c: Context<AppEnv>) => {
    const match = PART_NAME.exec(c.req.param('part') ?? '');
    if (!match) return c.text('Not found', 404);
    const [, fixed, kind, number] = match;
    if (fixed === 'pages') return c.body(sitemap(await pagesPart()), 200, XML);
    if (fixed === 'landing') return c.body(sitemap(landingPart()), 200, XML);
    if (fixed === 'locations') return c.body(sitemap(await locationsPart()), 200, XML);
    const range = sitemapIdRange(Number(number), perSitemap);
    if (!range) return c.text('Not found', 404);
    const rows = await sitemapRows(db, kind as SitemapKind, range, now());
    // A part whose pages have all gone (it is no longer in the index) is an empty sitemap, not an error.
    return c.body(sitemap(rows.map((row) => ({ loc: url(pathOf[kind as SitemapKind](row.key)), lastmod: row.lastmod }))), 200, XML);
  };

  const robots = (c: Context<AppEnv>) =>
    c.body(robotsTxt({ groups: mainRobotsGroups(), sitemaps: [url(paths.sitemap())] }), 200, { 'Content-Type': 'text/plain; charset=utf-8' });

  /**
   * A main host's answer, cacheable with an ETag. Any other host goes on to the next handler, host
   * routing (hosts.ts), which answers with the careers or white-label host's own robots.txt and sitemap.
   */
  const onMainHost =
    (answer: (c: Context<AppEnv>) => Response | Promise<Response>): Handler<AppEnv> =>
    async (c, next) => {
      if (mainHosts && !mainHosts.includes(requestHost(c))) return next();
      await cached(c, async () => {
        c.res = await answer(c);
      });
      return c.res;
    };

  // Mounted at the site's root: the paths are the registry's own.
  return new Hono<AppEnv>()
    .get(ROUTES.robots.path, onMainHost(robots))
    .get(ROUTES.sitemap.path, onMainHost(index))
    .get(ROUTES.sitemapPart.path, onMainHost(part));
}
