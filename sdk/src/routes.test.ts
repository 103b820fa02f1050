import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { build, isBuilt, jobPath, linkTo, matchRoute, paths, reservedKeys, routePath, ROUTES, type RouteName } from './routes';
import { CompanyKeySchema } from './schemas/company';
import { InvestorKeySchema } from './schemas/investor';

const names = Object.keys(ROUTES) as RouteName[];

describe('the registry (spec 2.1–2.5)', () => {
  it('names each pattern once, every one an absolute path', () => {
    const patterns = names.map((name) => ROUTES[name].path);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(pattern, pattern).toMatch(/^\/[\w\-/:.]*$/);
  });

  it('covers the routes of spec 2.1–2.5', () => {
    const patterns = new Set<string>(names.map((name) => ROUTES[name].path));
    for (const pattern of [
      '/about', '/partners/:slug', '/funding/quiz/results', '/startups/:id/welcome', '/startups/faq', '/startups/career-page',
      '/startups/white-label-feed', '/startups/joblistwidget/:id', '/jobs/:id/resend-applicants', '/jobs/location/:country/:city',
      '/tools/:id', '/scout-terms', '/headhunter-terms', '/community-program', '/profile-settings/:id', '/external/featuredjobs',
      '/client/verify-email', '/client/investors/:investor/startups/:id', '/client/startups/:company/jobs/:job/hh-steps',
      '/client/startups/:company/white-label-feeds', '/careers/jobs/:id', '/whiteLabelFeed/jobs/:id',
    ]) {
      expect(patterns.has(pattern), pattern).toBe(true);
    }
    // spec 2.1: 42 routes, 2.2: 7, 2.3: 8, 2.4: 24, 2.5: 4; besides them the feed formats, the host sitemaps and
    // issue #11's invitation landing and review queue (the public investor page is spec 2.1's /funding/{id}),
    // issue #12's invoice page, issue #14's digest pages and search feeds, and issue #15's blog post, landing
    // pages, robots and sitemaps, aggregator feeds and blog editors.
    const extras: RouteName[] = [
      'featuredJobsJson', 'featuredJobsRss', 'careersSitemap', 'whiteLabelSitemap', 'invitation', 'reviews', 'companyAdminInvoice',
      'digestConfirm', 'digestManage', 'digestUnsubscribe', 'jobsFeedRss', 'jobsFeedAtom', 'jobsFeedJson',
      'blogPost', 'jobsLanding', 'robots', 'sitemap', 'sitemapPart', 'feedIndeed', 'feedLinkedin', 'adminBlog', 'adminBlogPost', 'companyAdminBlogPost',
    ];
    expect(names.filter((name) => !extras.includes(name))).toHaveLength(42 + 7 + 8 + 24 + 4);
  });

  it('gives every builder a built route, and maps each path back to the route it came from', () => {
    const main: [string, RouteName][] = [
      [paths.home(), 'home'],
      [paths.job(42), 'job'],
      // Issue #15: a landing page shares '/jobs/:x' with the job page; its shape tells them apart.
      [paths.jobsLanding('design-jobs-in-stockholm'), 'jobsLanding'],
      [paths.jobsLocation('remote'), 'jobsLocation'],
      [paths.jobsLocation('dk', 'aarhus'), 'jobsLocationCity'],
      [paths.startup('northwind-labs'), 'startup'],
      [paths.funding(), 'funding'],
      [paths.fundingItem('fjord-ventures'), 'fundingItem'],
      [paths.jobListWidget('northwind-labs'), 'jobListWidget'],
      [paths.featuredJobs(), 'featuredJobs'],
      [paths.featuredJobs('rss'), 'featuredJobsRss'],
      [paths.featuredJobs('json'), 'featuredJobsJson'],
      [paths.client(), 'client'],
      [paths.companyAdmin('northwind-labs'), 'companyAdmin'],
      [paths.companyAdmin('northwind-labs', 'jobs'), 'companyAdminJobs'],
      [paths.investorAdmin('fjord-ventures', 'settings'), 'investorAdminSettings'],
      [paths.verifyEmail(), 'verifyEmail'],
    ];
    for (const [path, name] of main) {
      expect(matchRoute(path)?.name, path).toBe(name);
      expect(isBuilt(name), name).toBe(true);
    }
    expect(matchRoute('/jobs/location/dk/aarhus?page=2')?.params).toEqual({ country: 'dk', city: 'aarhus' });
  });

  it('builds careers and white-label paths as their hosts serve them, the prefix stripped (spec 2.5)', () => {
    expect(paths.careersHome()).toBe('/');
    expect(paths.careersJob(7)).toBe('/jobs/7');
    expect(paths.whiteLabelHome()).toBe('/');
    expect(paths.whiteLabelHome({ page: 1 })).toBe('/');
    expect(paths.whiteLabelHome({ page: 3 })).toBe('/?page=3');
    expect(paths.whiteLabelHome({ search: 'ux & ui', page: 2 })).toBe('/?search=ux+%26+ui&page=2');
    expect(paths.whiteLabelJob(7)).toBe('/jobs/7');
    expect(paths.careersSitemap()).toBe('/sitemap.xml');
    expect(linkTo('whiteLabelJob', { id: 9 })).toBe('/jobs/9');
  });

  it('encodes each parameter as one segment', () => {
    expect(jobPath(42)).toBe('/jobs/42');
    expect(paths.companyAdmin('a/b?c')).toBe('/client/startups/a%2Fb%3Fc');
    expect(paths.jobsLocation('dk', 'københavn')).toBe('/jobs/location/dk/k%C3%B8benhavn');
    // @ts-expect-error: a missing parameter does not compile.
    build('/jobs/:id', {});
  });

  it('links every built page, and no pattern that is not registered', () => {
    // Issue #15 built the last pages of spec 2.1; a route added with built: false gets no link again.
    expect(linkTo('about')).toBe('/about');
    expect(linkTo('companyAdminBlog', { company: 'northwind-labs' })).toBe('/client/startups/northwind-labs/blog');
    expect(linkTo('companyAdminJobs', { company: 'northwind-labs' })).toBe('/client/startups/northwind-labs/jobs');
    expect(linkTo('companyAdminJobMonetise', { company: 'northwind-labs', job: 1 })).toBe('/client/startups/northwind-labs/jobs/1/monetise');
    // Compile-time: an unknown pattern has no builder.
    // @ts-expect-error: no such route.
    build('/jobs/:id/boost', { id: 1 });
  });

  it('matches a careers or white-label host\'s own paths, prefix stripped, and never throws on a malformed escape', () => {
    expect(matchRoute('/jobs/7', 'careers')).toEqual({ name: 'careersJob', params: { id: '7' } });
    expect(matchRoute('/jobs/7/', 'white-label')).toEqual({ name: 'whiteLabelJob', params: { id: '7' } });
    expect(matchRoute('/', 'careers')?.name).toBe('careers');
    // Host routes are not main-host routes, and the other way round.
    expect(matchRoute('/careers/jobs/7')).toBeNull();
    expect(matchRoute('/startups/x', 'careers')).toBeNull();
    expect(matchRoute('/jobs/%E0%A4%A', 'careers')).toEqual({ name: 'careersJob', params: { id: '%E0%A4%A' } });
    expect(matchRoute('/startups/%')?.params).toEqual({ id: '%' });
  });

  it('lets a static segment win over a parameter, as the router does', () => {
    expect(matchRoute('/startups/faq')?.name).toBe('startupsFaq');
    expect(matchRoute('/startups/join')?.name).toBe('startupsJoin');
    expect(matchRoute('/startups/faq-labs')?.name).toBe('startup');
    expect(matchRoute('/client/startups/new')?.name).toBe('companyNew');
    expect(matchRoute('/client/startups/new/jobs')?.name).toBe('companyAdminJobs');
    expect(matchRoute('/client/startups/x/jobs/new')?.name).toBe('companyAdminNewJob');
    expect(matchRoute('/nowhere')).toBeNull();
  });

  it('gives the router patterns relative to their parent', () => {
    expect(routePath('job')).toBe('jobs/:id');
    expect(routePath('companyAdmin', 'client')).toBe('startups/:company');
    expect(routePath('companyAdminJobs', 'companyAdmin')).toBe('jobs');
    expect(() => routePath('jobs', 'client')).toThrow('jobs is not under client');
  });
});

describe('reserved key words', () => {
  it('are the fixed segments beside a company key, in pages and in the API', () => {
    expect([...reservedKeys('company')].sort()).toEqual(
      ['career-page', 'domain', 'faq', 'join', 'joblistwidget', 'new', 'white-label-feed', 'white-label-feed-domain'].sort(),
    );
    // '/funding/quiz' beside '/funding/:id', '/client/investors/new' beside '/client/investors/:investor'.
    expect([...reservedKeys('investor')].sort()).toEqual(['new', 'quiz']);
  });

  it('are refused by the company and investor key schemas, with a message', () => {
    for (const word of reservedKeys('company')) {
      const result = v.safeParse(CompanyKeySchema, word);
      expect(result.success, word).toBe(false);
      expect(result.issues?.[0]?.message).toBe("Company key must not be a word the site's addresses use");
    }
    for (const word of reservedKeys('investor')) expect(v.safeParse(InvestorKeySchema, word).success, word).toBe(false);
    for (const key of ['northwind-labs', 'faq-labs', 'new-ventures', 'joiners']) {
      expect(v.safeParse(CompanyKeySchema, key).success, key).toBe(true);
      expect(v.safeParse(InvestorKeySchema, key).success, key).toBe(true);
    }
    // A reserved company word is a fine investor key where no investor route uses it.
    expect(v.safeParse(InvestorKeySchema, 'faq').success).toBe(true);
  });
});
