/**
 * Issue #15: the ~70 SEO landing pages of spec 2.1, a category group (spec 3's nine selection groups)
 * in a Nordic country or one of its main cities, at '/jobs/{group}-jobs-in-{place}', e.g.
 * '/jobs/design-jobs-in-stockholm'. The pages are the product of LANDING_GROUPS and LANDING_PLACES,
 * so a place added here (with its copy in landing-copy.ts, which the types demand) adds its nine pages
 * to the router, the sitemap and the neighbour links. Each page's introduction is landingIntro, in
 * its own module (@nordlys/sdk/landing-copy) so that the router, which reads this list, does not carry the text.
 */
import { countryName, NORDIC_COUNTRY_CODES } from './constants';
import { CATEGORIES, CATEGORY_GROUPS, type CategoryGroup, type CategoryValue } from './job-vocabulary';
import { placeKey } from './places';

export type NordicCountryCode = (typeof NORDIC_COUNTRY_CODES)[number];

/** A selection group as the landing pages name it. */
export interface LandingGroup {
  group: CategoryGroup;
  /** The URL word: 'mobile-development'. */
  slug: string;
  /** 'Mobile development', as a heading starts. */
  label: string;
  /** The job categories of the group (spec 3), what the page's job search asks for. */
  categories: readonly CategoryValue[];
}

/** A country, or a city in it, that has landing pages. */
export interface LandingPlace {
  kind: 'country' | 'city';
  /** The URL word: 'stockholm', 'denmark'. */
  slug: LandingPlaceSlug;
  /** The English name shown: 'Stockholm', 'Denmark'. */
  name: string;
  countryCode: NordicCountryCode;
  /** A city's name as job locations spell it (the job search's `city`, matched by its place key); absent for a country. */
  city?: string;
}

/** One landing page. */
export interface LandingPage {
  /** The last segment of its path: 'design-jobs-in-stockholm'. */
  slug: string;
  group: LandingGroup;
  place: LandingPlace;
  /** The page title (before the product name) and its H1: 'Design jobs in Stockholm'. */
  title: string;
  /** The meta description, unique per page and at most 160 characters. */
  description: string;
}

/** The job search a landing page shows: its group's categories in its country or city. */
export interface LandingSearch {
  categories: CategoryValue[];
  countryCode: NordicCountryCode;
  city?: string;
}

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const urlWord = (text: string) => text.toLowerCase().replace(/\s+/g, '-');

/** spec 3's nine selection groups, in the spec's order, with their categories. */
export const LANDING_GROUPS: readonly LandingGroup[] = /* @__PURE__ */ CATEGORY_GROUPS.map((group) => ({
  group,
  slug: urlWord(group),
  label: capitalised(group),
  categories: CATEGORIES.filter((c) => c.group === group).map((c) => c.value),
}));

/** The short phrase of a group's roles in a page's meta description. */
const GROUP_ROLES: Record<CategoryGroup, string> = {
  'business development': 'partnership, analyst and commercial roles',
  'customer success': 'customer success, support and onboarding roles',
  design: 'product, UX/UI, brand and research roles',
  development: 'backend, frontend, full-stack, DevOps, data and QA roles',
  'mobile development': 'iOS, Android, React Native and Flutter roles',
  operations: 'operations, finance, HR, legal and leadership roles',
  marketing: 'growth, content, brand and product marketing roles',
  'project management': 'product manager, project manager and product owner roles',
  sales: 'SDR, account executive and sales lead roles',
};

/**
 * The places with landing pages: the five Nordic countries and the three largest startup cities
 * (9 groups × 8 places = 72 pages). `tagline` ends each page's meta description.
 */
const PLACES = [
  { kind: 'country', slug: 'denmark', countryCode: 'DK', tagline: 'From Copenhagen to Aarhus and Odense.' },
  { kind: 'country', slug: 'sweden', countryCode: 'SE', tagline: 'Stockholm, Gothenburg, Malmö and beyond.' },
  { kind: 'country', slug: 'norway', countryCode: 'NO', tagline: 'Oslo, Bergen, Trondheim and Stavanger.' },
  { kind: 'country', slug: 'finland', countryCode: 'FI', tagline: 'Helsinki, Espoo, Tampere and Oulu.' },
  { kind: 'country', slug: 'iceland', countryCode: 'IS', tagline: 'Reykjavík and the rest of Iceland.' },
  { kind: 'city', slug: 'copenhagen', countryCode: 'DK', city: 'Copenhagen', tagline: 'From Vesterbro to the harbour front.' },
  { kind: 'city', slug: 'stockholm', countryCode: 'SE', city: 'Stockholm', tagline: 'From Södermalm to Kista Science City.' },
  { kind: 'city', slug: 'helsinki', countryCode: 'FI', city: 'Helsinki', tagline: 'From Kamppi to the Otaniemi campus.' },
] as const satisfies readonly { kind: LandingPlace['kind']; slug: string; countryCode: NordicCountryCode; city?: string; tagline: string }[];

/** The places' URL words: landing-copy.ts must hold the copy of each (its types demand it). */
export type LandingPlaceSlug = (typeof PLACES)[number]['slug'];

/** The places with landing pages, countries first. */
export const LANDING_PLACES: readonly LandingPlace[] = /* @__PURE__ */ PLACES.map((p) => ({
  kind: p.kind,
  slug: p.slug,
  name: 'city' in p ? p.city : countryName(p.countryCode),
  countryCode: p.countryCode,
  ...('city' in p ? { city: p.city } : {}),
}));

/** A landing page's slug: '{group}-jobs-in-{place}'. */
export function landingSlug(group: LandingGroup, place: LandingPlace): string {
  return `${group.slug}-jobs-in-${place.slug}`;
}

/**
 * Every landing page, grouped by place (the places' order), then by group. The sitemap and the
 * router read this list.
 */
export const LANDING_PAGES: readonly LandingPage[] = /* @__PURE__ */ PLACES.flatMap((p, i) => {
  const place = LANDING_PLACES[i]!;
  return LANDING_GROUPS.map((group) => ({
    slug: landingSlug(group, place),
    group,
    place,
    title: `${group.label} jobs in ${place.name}`,
    description: `${group.label} jobs at startups in ${place.name}: ${GROUP_ROLES[group.group]}. ${p.tagline}`,
  }));
});

/** The landing page of a slug, or undefined. @example landingPage('design-jobs-in-stockholm')?.title // 'Design jobs in Stockholm' */
export function landingPage(slug: string): LandingPage | undefined {
  return LANDING_PAGES.find((page) => page.slug === slug);
}

/** The job search of a page: its group's categories, its country, and its city. */
export function landingSearch(page: LandingPage): LandingSearch {
  return {
    categories: [...page.group.categories],
    countryCode: page.place.countryCode,
    ...(page.place.city ? { city: page.place.city } : {}),
  };
}

/** How near another place is: the same place, then its country or its cities, then the rest (in the list's order). */
function nearness(from: LandingPlace, to: LandingPlace): number {
  if (to.slug === from.slug) return 0;
  if (to.countryCode === from.countryCode) return 1;
  return 2;
}

/**
 * The pages a page links to: the same group in the other places, nearest first (a city's country, a
 * country's cities), and the other groups in the same place.
 */
export function landingNeighbours(page: LandingPage): { sameGroup: LandingPage[]; samePlace: LandingPage[] } {
  const sameGroup = LANDING_PAGES.filter((p) => p.group.group === page.group.group && p !== page).map((p, i) => ({ p, i }));
  sameGroup.sort((a, b) => nearness(page.place, a.p.place) - nearness(page.place, b.p.place) || a.i - b.i);
  return {
    sameGroup: sameGroup.map(({ p }) => p),
    samePlace: LANDING_PAGES.filter((p) => p.place.slug === page.place.slug && p !== page),
  };
}

/** The landing pages of a country (its own and its cities'), or of one city in it, e.g. for a location page's links. */
export function landingPagesIn(countryCode: string, city?: string): LandingPage[] {
  const code = countryCode.toUpperCase();
  const wanted = city === undefined ? undefined : placeKey(city);
  return LANDING_PAGES.filter((p) =>
    wanted === undefined ? p.place.countryCode === code : p.place.countryCode === code && p.place.city !== undefined && placeKey(p.place.city) === wanted,
  );
}

/** The country page of a city's place (a country is its own). */
export function landingCountry(place: LandingPlace): LandingPlace {
  return LANDING_PLACES.find((p) => p.kind === 'country' && p.countryCode === place.countryCode) ?? place;
}

