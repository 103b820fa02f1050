// @vitest-environment happy-dom
/**
 * The link walk of issue 10: the rendered site, in each of the five header states of spec 2.8,
 * shows in its header, profile dropdown and footer only links to registered routes that are built
 * (and that the router really serves); and the router serves exactly the registry's built pages.
 */
import { NEWS_AND_INSIGHTS_URL } from '@nordlys/sdk/navigation';
import { profileCookieValue } from '@nordlys/sdk/profiles';
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { isBuilt, matchRoute, paths, reservedKeys, ROUTES, type RouteName } from '@nordlys/sdk/routes';
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent } from '@testing-library/react';
import { act } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { demoUsers } from './testing/fixtures';
import { mountSite, siteTestHooks, type SiteOptions } from './testing/site';

const hooks = siteTestHooks();

/** Links to other sites the header may show (spec 2.8). */
const EXTERNAL = new Set([NEWS_AND_INSIGHTS_URL]);

/** Where a site-relative href lands: its registry route and the router's page for it. */
function landing(href: string): { route: RouteName | null; page: string | undefined } {
  const url = new URL(href, window.location.origin);
  const route = matchRoute(url.pathname)?.name ?? null;
  const page = matchRoutes(routes, url.pathname)?.at(-1)?.route.id;
  return { route, page };
}

/** Every href of the header (wide and mobile), the opened profile dropdown and the footer. */
async function walk(): Promise<{ where: string; label: string; href: string }[]> {
  const button = document.querySelector<HTMLButtonElement>('.site-nav__wide .profile-menu__button');
  if (button) {
    await act(async () => fireEvent.click(button));
    expect(document.querySelector<HTMLElement>('.site-nav__wide .profile-menu__panel')!.hidden).toBe(false);
  }
  const parts: [string, string][] = [
    ['header', '.site-header'],
    ['dropdown', '.site-nav__wide .profile-menu__panel'],
    ['footer', '.site-footer'],
  ];
  return parts.flatMap(([where, selector]) =>
    [...document.querySelectorAll<HTMLAnchorElement>(`${selector} a[href]`)].map((a) => ({
      where,
      label: a.textContent ?? '',
      href: a.getAttribute('href')!,
    })),
  );
}

const STATES: [string, User | null, SiteOptions][] = [
  ['logged out', null, { products: { headhunter: true } }],
  ['company profile', demoUsers.founder, { products: { headhunter: true }, cookie: profileCookieValue({ type: 'company', key: 'northwind-labs' }) }],
  ['investor profile', demoUsers.investor, {}],
  ['applicant profile', demoUsers.talent, {}],
  ['logged in without a profile', demoUsers.newbie, {}],
];

describe('the link walk: header, dropdown and footer in the five header states (spec 2.8)', () => {
  it.each(STATES)('%s: every link is a registered, built route the router serves', async (_state, user, options) => {
    hooks.site = await mountSite('/jobs', { account: { user, users: Object.values(demoUsers) }, ...options });
    const links = await walk();
    expect(links.filter((l) => l.where === 'header').length).toBeGreaterThanOrEqual(3);
    expect(links.filter((l) => l.where === 'footer').length).toBeGreaterThanOrEqual(4);
    if (user) expect(links.filter((l) => l.where === 'dropdown').length).toBeGreaterThanOrEqual(2);

    const broken = links.filter(({ href }) => {
      if (/^https?:/.test(href)) return !EXTERNAL.has(href);
      const { route, page } = landing(href);
      return route === null || !isBuilt(route) || page === undefined || page === 'not-found' || page.startsWith('not-built:');
    });
    expect(broken).toEqual([]);
  });

  it('would catch a link to a page that does not exist', () => {
    // The walk's own check, on paths no route serves (issue #15 built the last unbuilt pages of the registry).
    for (const href of ['/scouts', '/startups/x/faq', '/terms/old', '/client/startups/x/blogs']) {
      const { route, page } = landing(href);
      expect(route === null || !isBuilt(route), href).toBe(true);
      expect(page === 'not-found' || page?.startsWith('not-built:'), href).toBe(true);
    }
  });
});

/** The full patterns of the router's pages (leaves), without the 404 routes. */
function routerPages(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? prefix : route.path.startsWith('/') ? route.path : `${prefix}/${route.path}`;
    if (route.children) return routerPages(route.children, path);
    if (route.id === 'not-found' || route.id?.startsWith('not-built:')) return [];
    return [path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') || '/'];
  });
}

describe('the router and the registry', () => {
  it('serves exactly the routes the registry calls built by the site', () => {
    const built = (Object.keys(ROUTES) as RouteName[])
      .filter((name) => ROUTES[name].built === 'site')
      .map((name) => ROUTES[name].path.replace(/(.)\/$/, '$1'));
    // Issue #15: the landing pages are one static route each (sdk landing.ts); the registry has them as one pattern.
    const served = routerPages(routes).map((path) => (matchRoute(path)?.name === 'jobsLanding' ? ROUTES.jobsLanding.path : path));
    expect([...new Set(served)].sort()).toEqual([...new Set(built)].sort());
  });

  it('serves each landing page from its own static route, and any other /jobs/{word} as the job page (a 404 there)', () => {
    for (const page of LANDING_PAGES) {
      expect(matchRoutes(routes, paths.jobsLanding(page.slug))?.at(-1)?.route.id, page.slug).toBe(`landing:${page.slug}`);
    }
    expect(matchRoutes(routes, '/jobs/12')?.at(-1)?.route.id).toBe('job');
    expect(matchRoutes(routes, '/jobs/design-jobs-in-narnia')?.at(-1)?.route.id).toBe('job');
    expect(matchRoutes(routes, '/jobs/location/se')?.at(-1)?.route.id).toBe('jobs-location');
  });

  it("never takes '/startups/faq' for the startup 'faq', nor '/client/startups/new' for the startup 'new'", () => {
    // Static segments win over parameters, and the key schemas refuse those words (sdk reservedKeys).
    expect(matchRoutes(routes, '/startups/faq')?.at(-1)?.route.id).toBe('content-startupsFaq');
    expect(matchRoutes(routes, '/startups/career-page')?.at(-1)?.route.id).toBe('startups-career-page');
    expect(matchRoutes(routes, '/startups/aurora-labs')?.at(-1)?.route.id).toBe('startup');
    expect(matchRoutes(routes, '/client/startups/new')?.at(-1)?.route.id).toBe('startup-new');
    expect(reservedKeys('company').has('faq')).toBe(true);
  });
});
