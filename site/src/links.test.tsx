// @vitest-environment happy-dom
/**
 * The link walk of issue 10: the rendered site, in each of the five header states of spec 2.8,
 * shows in its header, profile dropdown and footer only links to registered routes that are built
 * (and that the router really serves); and the router serves exactly the registry's built pages.
 */
import { NEWS_AND_INSIGHTS_URL } from '@nordlys/sdk/navigation';
import { profileCookieValue } from '@nordlys/sdk/profiles';
import { isBuilt, matchRoute, ROUTES, type RouteName } from '@nordlys/sdk/routes';
import type { User } from '@nordlys/sdk/schemas';
import { fireEvent } from '@testing-library/react';
import { act } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { routes } from './router';
import { createFakeApi, demoUsers } from './testing/fixtures';
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

  it('would catch a link to a page that is not built', () => {
    // The walk's own check, on the links the header and footer used to show.
    for (const href of ['/scout', '/startups/faq', '/terms', '/privacy-policy', '/client/startups/x/blog']) {
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
    expect(routerPages(routes).sort()).toEqual([...new Set(built)].sort());
  });

  it("never takes '/startups/faq' for the startup 'faq': a 404 page, and no call for it", async () => {
    expect(matchRoutes(routes, '/startups/faq')?.at(-1)?.route.id).toBe('not-built:startupsFaq');
    expect(matchRoutes(routes, '/startups/aurora-labs')?.at(-1)?.route.id).toBe('startup');

    const { api, calls } = createFakeApi();
    const response = await render(new Request('http://nordlys.test/startups/faq'), {
      api: () => api,
      productName: 'Nordlys',
      assets: { scripts: [], styles: [] },
    });
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain('<h1>Page not found</h1>');
    expect(calls.map((url) => url.pathname).filter((path) => path.includes('faq'))).toEqual([]);
  });
});
