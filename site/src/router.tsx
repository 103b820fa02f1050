/** The route tree, shared by the server and the client entries; pages load lazily (one chunk per route). */
import type { ComponentType } from 'react';
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { paths, ROUTES, routePath, type RouteDef, type RouteName } from '@nordlys/sdk/routes';
import { redirect, type ActionFunction, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { ErrorPage } from './components/ErrorPage';
import { revalidateOnPageChange } from './layouts/areas';
import { DefaultLayout, RootErrorLayout } from './layouts/DefaultLayout';
import { notFound } from './lib/routeErrors';
import { errorMeta, type RouteHandle } from './meta';
import { ROOT_ROUTE_ID, rootLoader } from './root';

/** What a file in routes/ exports. */
export interface RouteModule {
  loader?: LoaderFunction;
  /** Form posts to the page (they work without JS: the server renders POSTs too). */
  action?: ActionFunction;
  Component: ComponentType;
  handle?: RouteHandle<never>;
  /** When the page's loader runs again (the applicant board keeps its data when only `?open=` changes). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

const RELOAD_KEY = 'nordlys:chunk-reload';

/** spec 2.6: a failure to load a page part reloads the page (once, so a real outage shows the error page). */
function reloadOnce(error: unknown): never {
  if (typeof window !== 'undefined') {
    const href = window.location.href;
    try {
      if (window.sessionStorage.getItem(RELOAD_KEY) !== href) {
        window.sessionStorage.setItem(RELOAD_KEY, href);
        window.location.reload();
      }
    } catch {
      // Storage may be blocked; fall through to the error page.
    }
  }
  throw error;
}

function lazyPage(load: () => Promise<RouteModule>): NonNullable<RouteObject['lazy']> {
  return async () => {
    const mod = await load().catch(reloadOnce);
    return { loader: mod.loader, action: mod.action, Component: mod.Component, handle: mod.handle, shouldRevalidate: mod.shouldRevalidate };
  };
}

function RootError() {
  return (
    <RootErrorLayout>
      <ErrorPage />
    </RootErrorLayout>
  );
}

/**
 * The client area (spec 2.2–2.4). Guarded layouts (spec 2.7, 2.12) run the sdk guards in their
 * loaders, and so do their pages, so a server render answers the redirect before any HTML.
 */
const clientArea: RouteObject = {
  id: 'client',
  path: routePath('client'),
  children: [
    { id: 'client-home', index: true, lazy: lazyPage(() => import('./routes/client/index')) },
    { id: 'client-reset-password', path: routePath('resetPassword', 'client'), lazy: lazyPage(() => import('./routes/client/reset-password')) },
    { id: 'client-verify-email', path: routePath('verifyEmail', 'client'), lazy: lazyPage(() => import('./routes/client/verify-email')) },
    { id: 'client-invitation', path: routePath('invitation', 'client'), lazy: lazyPage(() => import('./routes/client/invitation')) },
    // Following is for every signed-in user (the investor header links here, spec 2.8): auth only.
    {
      id: 'followed-startups',
      path: routePath('followedStartups', 'client'),
      lazy: lazyPage(() => import('./routes/client/followed-startups')),
    },
    {
      id: 'applicant-layout',
      shouldRevalidate: revalidateOnPageChange,
      lazy: lazyPage(() => import('./layouts/ApplicantLayout')),
      children: [
        { id: 'applicant', path: routePath('applicant', 'client'), lazy: lazyPage(() => import('./routes/client/applicant/index')) },
        {
          id: 'applicant-settings',
          path: routePath('applicantSettings', 'client'),
          lazy: lazyPage(() => import('./routes/client/applicant/settings')),
        },
        { id: 'my-jobs', path: routePath('myJobs', 'client'), lazy: lazyPage(() => import('./routes/client/my-jobs')) },
      ],
    },
    // Admins only (the page's loader answers 404 to anyone else).
    { id: 'reviews', path: routePath('reviews', 'client'), lazy: lazyPage(() => import('./routes/client/reviews')) },
    // Issue #15: the site's own blog posts (admins only; the loaders answer 404 to anyone else).
    { id: 'admin-blog', path: routePath('adminBlog', 'client'), lazy: lazyPage(() => import('./routes/client/blog/index')) },
    { id: 'admin-blog-post', path: routePath('adminBlogPost', 'client'), lazy: lazyPage(() => import('./routes/client/blog/[post]')) },
    { id: 'startup-new', path: routePath('companyNew', 'client'), lazy: lazyPage(() => import('./routes/client/startups/new')) },
    {
      id: 'startup-layout',
      path: routePath('companyAdmin', 'client'),
      shouldRevalidate: revalidateOnPageChange,
      lazy: lazyPage(() => import('./layouts/StartupLayout')),
      children: [
        { id: 'startup-dashboard', index: true, lazy: lazyPage(() => import('./routes/client/startups/[company]/index')) },
        { id: 'startup-jobs', path: routePath('companyAdminJobs', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs')) },
        { id: 'startup-edit', path: routePath('companyAdminEdit', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/edit')) },
        // Issue #12: the job pages of spec 2.4.
        { id: 'startup-job-new', path: routePath('companyAdminNewJob', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/new')) },
        { id: 'startup-job', path: routePath('companyAdminJob', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/index')) },
        {
          id: 'startup-job-edit',
          path: routePath('companyAdminJobEdit', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/edit')),
        },
        {
          id: 'startup-job-monetise',
          path: routePath('companyAdminJobMonetise', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/monetise')),
        },
        {
          id: 'startup-job-boost',
          path: routePath('companyAdminJobBoost', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/boost')),
        },
        // The four confirmation pages share one module; its loader reads which plan from the path.
        ...(['companyAdminJobPosted', 'companyAdminJobBoosted', 'companyAdminJobMaxPosted', 'companyAdminJobHeadhunterPosted'] as const).map((name) => ({
          id: `startup-job-${name}`,
          path: routePath(name, 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/confirmation')),
        })),
        {
          id: 'startup-job-hh-steps',
          path: routePath('companyAdminJobHhSteps', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/jobs/[job]/hh-steps')),
        },
        {
          id: 'startup-invoice',
          path: routePath('companyAdminInvoice', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/invoices/[order]')),
        },
        {
          id: 'startup-applicants',
          path: routePath('companyAdminApplicants', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/applicants')),
        },
        {
          id: 'startup-profile',
          path: routePath('companyAdminProfile', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/profile')),
        },
        {
          id: 'startup-settings',
          path: routePath('companyAdminSettings', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/settings')),
        },
        { id: 'startup-users', path: routePath('companyAdminUsers', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/users')) },
        // Issue #15: the startup's blog, claimed deals and funding matches.
        { id: 'startup-blog', path: routePath('companyAdminBlog', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/blog/index')) },
        {
          id: 'startup-blog-post',
          path: routePath('companyAdminBlogPost', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/blog/[post]')),
        },
        { id: 'startup-deals', path: routePath('companyAdminDeals', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/deals/index')) },
        { id: 'startup-deal', path: routePath('companyAdminDeal', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/deals/[id]')) },
        { id: 'startup-funding', path: routePath('companyAdminFunding', 'companyAdmin'), lazy: lazyPage(() => import('./routes/client/startups/[company]/funding/index')) },
        {
          id: 'startup-funding-item',
          path: routePath('companyAdminFundingItem', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/funding/[id]')),
        },
        {
          id: 'startup-white-label-feeds',
          path: routePath('companyAdminWhiteLabelFeeds', 'companyAdmin'),
          lazy: lazyPage(() => import('./routes/client/startups/[company]/white-label-feeds')),
        },
      ],
    },
    { id: 'investor-new', path: routePath('investorNew', 'client'), lazy: lazyPage(() => import('./routes/client/investors/new')) },
    {
      id: 'investor-layout',
      path: routePath('investorAdmin', 'client'),
      shouldRevalidate: revalidateOnPageChange,
      lazy: lazyPage(() => import('./layouts/InvestorLayout')),
      children: [
        { id: 'investor-dashboard', index: true, lazy: lazyPage(() => import('./routes/client/investors/[investor]/index')) },
        { id: 'investor-edit', path: routePath('investorAdminEdit', 'investorAdmin'), lazy: lazyPage(() => import('./routes/client/investors/[investor]/edit')) },
        {
          id: 'investor-profile',
          path: routePath('investorAdminProfile', 'investorAdmin'),
          lazy: lazyPage(() => import('./routes/client/investors/[investor]/profile')),
        },
        {
          id: 'investor-settings',
          path: routePath('investorAdminSettings', 'investorAdmin'),
          lazy: lazyPage(() => import('./routes/client/investors/[investor]/settings')),
        },
        { id: 'investor-users', path: routePath('investorAdminUsers', 'investorAdmin'), lazy: lazyPage(() => import('./routes/client/investors/[investor]/users')) },
        {
          id: 'investor-startups',
          path: routePath('investorAdminStartups', 'investorAdmin'),
          lazy: lazyPage(() => import('./routes/client/investors/[investor]/startups')),
        },
        {
          id: 'investor-startup',
          path: routePath('investorAdminStartup', 'investorAdmin'),
          lazy: lazyPage(() => import('./routes/client/investors/[investor]/startups/[id]')),
        },
      ],
    },
  ],
};

/**
 * The registry's routes that are not built yet answer 'Page not found' as themselves, so that
 * '/startups/faq' is never taken for the startup 'faq' by 'startups/:id' (static segments win).
 */
const notYetBuilt: RouteObject[] = (Object.keys(ROUTES) as RouteName[])
  .filter((name) => (ROUTES[name] as RouteDef).built === false)
  .map((name) => ({
    id: `not-built:${name}`,
    path: routePath(name),
    loader: () => notFound('This page could not be found', true),
    Component: () => null,
    handle: { meta: () => errorMeta(404) } satisfies RouteHandle<unknown>,
  }));

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    // The config and product name do not change while the page is open.
    shouldRevalidate: () => false,
    Component: DefaultLayout,
    ErrorBoundary: RootError,
    children: [
      {
        // Page errors render inside the layout, so the header and footer stay.
        id: 'pages',
        ErrorBoundary: ErrorPage,
        children: [
          { id: 'home', index: true, lazy: lazyPage(() => import('./routes/index')) },
          { id: 'jobs', path: routePath('jobs'), lazy: lazyPage(() => import('./routes/jobs/index')) },
          { id: 'job', path: routePath('job'), lazy: lazyPage(() => import('./routes/jobs/[id]')) },
          { id: 'job-welcome', path: routePath('jobWelcome'), lazy: lazyPage(() => import('./routes/jobs/[id]/welcome')) },
          { id: 'job-resend-applicants', path: routePath('jobResendApplicants'), lazy: lazyPage(() => import('./routes/jobs/[id]/resend-applicants')) },
          { id: 'pricing', path: routePath('pricing'), lazy: lazyPage(() => import('./routes/pricing')) },
          { id: 'jobs-location', path: routePath('jobsLocation'), lazy: lazyPage(() => import('./routes/jobs/location/[country]')) },
          { id: 'jobs-location-city', path: routePath('jobsLocationCity'), lazy: lazyPage(() => import('./routes/jobs/location/[country]')) },
          { id: 'startups', path: routePath('startups'), lazy: lazyPage(() => import('./routes/startups/index')) },
          { id: 'startup', path: routePath('startup'), lazy: lazyPage(() => import('./routes/startups/[id]')) },
          { id: 'startup-welcome', path: routePath('startupWelcome'), lazy: lazyPage(() => import('./routes/startups/[id]/welcome')) },
          { id: 'startups-join', path: routePath('startupsJoin'), lazy: lazyPage(() => import('./routes/startups/join')) },
          { id: 'funding', path: routePath('funding'), lazy: lazyPage(() => import('./routes/funding/index')) },
          { id: 'funding-item', path: routePath('fundingItem'), lazy: lazyPage(() => import('./routes/funding/[id]')) },
          { id: 'investors-join', path: routePath('investorsJoin'), lazy: lazyPage(() => import('./routes/investors/join')) },
          // Account pages (spec 2.1, 2.2) of the modals' side.
          { id: 'settings', path: routePath('account'), lazy: lazyPage(() => import('./routes/settings')) },
          { id: 'profile-settings', path: routePath('profileSettings'), lazy: lazyPage(() => import('./routes/profile-settings')) },
          { id: 'emailsignup', path: routePath('emailSignup'), lazy: lazyPage(() => import('./routes/emailsignup')) },
          // Issue #14: the pages a job digest's mails link to (no sign-in: the token or the settingsKey is the secret).
          { id: 'digest-confirm', path: routePath('digestConfirm'), lazy: lazyPage(() => import('./routes/digest/confirm')) },
          { id: 'digest-manage', path: routePath('digestManage'), lazy: lazyPage(() => import('./routes/digest/manage/[key]')) },
          { id: 'digest-unsubscribe', path: routePath('digestUnsubscribe'), lazy: lazyPage(() => import('./routes/digest/unsubscribe')) },
          // spec 2.1 lists /dashboard; the client landing is the dashboard of a user without a profile (spec 2.8's 'My dashboard').
          { id: 'dashboard', path: routePath('dashboard'), loader: () => redirect(paths.client()) },
          // Issue #15: the rest of the public site. The Markdown pages share one module, as do the three service pages.
          ...(['about', 'terms', 'privacyPolicy', 'startupsFaq', 'scoutTerms', 'headhunterTerms'] as const).map((name) => ({
            id: `content-${name}`,
            path: routePath(name),
            lazy: lazyPage(() => import('./routes/content/page')),
          })),
          { id: 'contact', path: routePath('contact'), lazy: lazyPage(() => import('./routes/contact')) },
          ...(['scout', 'headhunter', 'communityProgram'] as const).map((name) => ({
            id: `service-${name}`,
            path: routePath(name),
            lazy: lazyPage(() => import('./routes/services/[service]')),
          })),
          { id: 'startups-career-page', path: routePath('startupsCareerPage'), lazy: lazyPage(() => import('./routes/startups/career-page')) },
          { id: 'startups-white-label-feed', path: routePath('startupsWhiteLabelFeed'), lazy: lazyPage(() => import('./routes/startups/white-label-feed')) },
          {
            id: 'blog-layout',
            lazy: lazyPage(() => import('./layouts/BlogLayout')),
            children: [
              { id: 'blog', path: routePath('blog'), lazy: lazyPage(() => import('./routes/blog/index')) },
              { id: 'blog-post', path: routePath('blogPost'), lazy: lazyPage(() => import('./routes/blog/[slug]')) },
            ],
          },
          { id: 'partners', path: routePath('partners'), lazy: lazyPage(() => import('./routes/partners/index')) },
          { id: 'partner', path: routePath('partner'), lazy: lazyPage(() => import('./routes/partners/[slug]')) },
          { id: 'tools', path: routePath('tools'), lazy: lazyPage(() => import('./routes/tools/index')) },
          { id: 'tool', path: routePath('tool'), lazy: lazyPage(() => import('./routes/tools/[id]')) },
          { id: 'deals', path: routePath('deals'), lazy: lazyPage(() => import('./routes/deals/index')) },
          { id: 'deal', path: routePath('deal'), lazy: lazyPage(() => import('./routes/deals/[id]')) },
          { id: 'funding-quiz', path: routePath('fundingQuiz'), lazy: lazyPage(() => import('./routes/funding/quiz')) },
          { id: 'funding-quiz-results', path: routePath('fundingQuizResults'), lazy: lazyPage(() => import('./routes/funding/quiz-results')) },
          // LANDING-PAGES: one static route per landing page (sdk landing.ts), so '/jobs/design-jobs-in-stockholm'
          // outranks 'jobs/:id' while any other '/jobs/{word}' stays the job page's 404. One module serves them all.
          ...LANDING_PAGES.map((page) => ({
            id: `landing:${page.slug}`,
            path: paths.jobsLanding(page.slug).slice(1),
            lazy: lazyPage(() => import('./routes/jobs/landing')),
          })),
          clientArea,
          ...notYetBuilt,
          {
            id: 'not-found',
            path: '*',
            loader: () => notFound('This page could not be found', true),
            // Never shown: the loader always throws to the page error boundary.
            Component: () => null,
            handle: { meta: () => errorMeta(404) } satisfies RouteHandle<unknown>,
          },
        ],
      },
    ],
  },
];
