import { describe, expect, it } from 'vitest';
import { NORDIC_COUNTRY_CODES } from './constants';
import {
  LANDING_GROUPS,
  LANDING_PAGES,
  LANDING_PLACES,
  landingCountry,
  landingNeighbours,
  landingPage,
  landingPagesIn,
  landingSearch,
  type LandingPage,
} from './landing';
import { landingIntro } from './landing-copy';
import { matchRoute, paths } from './routes';
import { CATEGORIES, CATEGORY_GROUPS } from './vocabulary';

/** The words of a page's introduction, with its place and group written as placeholders. */
function templateWords(page: LandingPage): string[] {
  const names = [
    ...LANDING_PLACES.map((p) => p.name),
    'Danish', 'Swedish', 'Norwegian', 'Finnish', 'Icelandic',
    ...LANDING_GROUPS.map((g) => g.group),
  ].sort((a, b) => b.length - a.length);
  let text = landingIntro(page).join(' ').toLowerCase();
  for (const name of names) text = text.replaceAll(name.toLowerCase(), ' _ ');
  return text.match(/[\p{L}\p{N}_’'-]+/gu) ?? [];
}

function shingles(words: string[], n = 3): Set<string> {
  return new Set(words.slice(0, Math.max(0, words.length - n + 1)).map((_, i) => words.slice(i, i + n).join(' ')));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

describe('the landing pages (issue #15, spec 2.1)', () => {
  it('are about 70: the nine selection groups of spec 3 in each Nordic country and its main startup cities', () => {
    expect(LANDING_GROUPS.map((g) => g.group)).toEqual([...CATEGORY_GROUPS]);
    expect(LANDING_PLACES.filter((p) => p.kind === 'country').map((p) => p.countryCode)).toEqual([...NORDIC_COUNTRY_CODES]);
    expect(LANDING_PLACES.filter((p) => p.kind === 'city').map((p) => p.name)).toEqual(['Copenhagen', 'Stockholm', 'Helsinki']);
    expect(LANDING_PAGES).toHaveLength(CATEGORY_GROUPS.length * LANDING_PLACES.length);
    expect(LANDING_PAGES.length).toBeGreaterThanOrEqual(60);
    expect(LANDING_PAGES.length).toBeLessThanOrEqual(80);
  });

  it('each have a unique slug, title and description, the description at most 160 characters', () => {
    for (const key of ['slug', 'title', 'description'] as const) {
      const values = LANDING_PAGES.map((p) => p[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    for (const page of LANDING_PAGES) {
      expect(page.description.length, page.slug).toBeLessThanOrEqual(160);
      expect(page.description, page.slug).toContain(page.place.name);
      expect(page.slug).toBe(`${page.group.slug}-jobs-in-${page.place.slug}`);
    }
    expect(landingPage('design-jobs-in-stockholm')).toMatchObject({
      title: 'Design jobs in Stockholm',
      place: { kind: 'city', name: 'Stockholm', countryCode: 'SE', city: 'Stockholm' },
      group: { group: 'design', label: 'Design', categories: ['design', 'ux-ui-designer'] },
    });
    expect(landingPage('development-jobs-in-denmark')?.place).toEqual({ kind: 'country', slug: 'denmark', name: 'Denmark', countryCode: 'DK' });
    expect(landingPage('design-jobs-in-narnia')).toBeUndefined();
  });

  it('live at /jobs/{slug}, which the registry maps to jobsLanding, never to a job (no job view is counted for them)', () => {
    for (const page of LANDING_PAGES) {
      const path = paths.jobsLanding(page.slug);
      expect(path).toBe(`/jobs/${page.slug}`);
      expect(matchRoute(path), path).toEqual({ name: 'jobsLanding', params: { landing: page.slug } });
    }
    expect(matchRoute('/jobs/12')?.name).toBe('job');
    expect(matchRoute('/jobs/12?ref=widget')?.name).toBe('job');
    expect(matchRoute('/jobs/location')?.name).toBe('job');
    expect(matchRoute('/jobs/feed.rss')?.name).toBe('jobsFeedRss');
  });

  it('search the jobs of their group in their country or city', () => {
    expect(landingSearch(landingPage('design-jobs-in-stockholm')!)).toEqual({ categories: ['design', 'ux-ui-designer'], countryCode: 'SE', city: 'Stockholm' });
    expect(landingSearch(landingPage('sales-jobs-in-iceland')!)).toEqual({ categories: ['sales'], countryCode: 'IS' });
    // Every grouped category is searched by exactly one group.
    const searched = LANDING_GROUPS.flatMap((g) => g.categories).sort();
    expect(searched).toEqual(CATEGORIES.filter((c) => c.group !== null).map((c) => c.value).sort());
  });

  it('link the same role elsewhere, nearest first, and the other roles in the same place', () => {
    const stockholm = landingNeighbours(landingPage('design-jobs-in-stockholm')!);
    expect(stockholm.sameGroup.map((p) => p.place.slug)).toEqual(['sweden', 'denmark', 'norway', 'finland', 'iceland', 'copenhagen', 'helsinki']);
    expect(stockholm.samePlace).toHaveLength(CATEGORY_GROUPS.length - 1);
    expect(stockholm.samePlace.every((p) => p.place.slug === 'stockholm' && p.group.group !== 'design')).toBe(true);
    const finland = landingNeighbours(landingPage('sales-jobs-in-finland')!);
    expect(finland.sameGroup[0]!.slug).toBe('sales-jobs-in-helsinki');
    expect(landingCountry(landingPage('sales-jobs-in-helsinki')!.place).slug).toBe('finland');
    expect(landingPagesIn('se').map((p) => p.place.slug)).toEqual([...Array(9).fill('sweden'), ...Array(9).fill('stockholm')]);
    expect(landingPagesIn('SE', 'stockholm').every((p) => p.place.slug === 'stockholm')).toBe(true);
    expect(landingPagesIn('SE', 'uppsala')).toEqual([]);
  });

  it('have introductions written for the role and the place: no two are one template with the names swapped', () => {
    const sets = LANDING_PAGES.map((page) => shingles(templateWords(page)));
    let worst = { score: 0, pair: '' };
    for (let i = 0; i < sets.length; i++) {
      for (let j = i + 1; j < sets.length; j++) {
        const score = jaccard(sets[i]!, sets[j]!);
        if (score > worst.score) worst = { score, pair: `${LANDING_PAGES[i]!.slug} ~ ${LANDING_PAGES[j]!.slug}` };
      }
    }
    // Even with every place and group name blanked out, two introductions share under 40% of their three-word phrases.
    expect(worst.score, worst.pair).toBeLessThan(0.4);

    for (const page of LANDING_PAGES) {
      const intro = landingIntro(page);
      const text = intro.join(' ');
      expect(intro, page.slug).toHaveLength(3);
      expect(text.split(/\s+/).length, page.slug).toBeGreaterThan(120);
      expect(text, page.slug).toContain(page.place.name === 'Iceland' ? 'Iceland' : page.place.name);
      expect(text, page.slug).not.toMatch(/undefined|\s[,.]|\.\./);
    }
  });

  it('say where the jobs are, what the roles are, and how pay and permits work', () => {
    const text = landingIntro(landingPage('design-jobs-in-stockholm')!).join(' ');
    expect(text).toMatch(/product designers|UX\/UI designers/);
    expect(text).toContain('Stockholm');
    const all = LANDING_PAGES.filter((p) => p.place.slug === 'sweden').map((p) => landingIntro(p).join(' ')).join(' ');
    expect(all).toMatch(/work permit/);
    expect(all).toMatch(/SEK/);
  });
});
