import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import { CATEGORIES, CATEGORY_GROUPS, categorySections, INDUSTRIES, INVESTOR_CATEGORIES, PERKS, POSITION_TYPES, termText } from './vocabulary';

describe('the vocabulary of spec 3', () => {
  it('has each value once in every list', () => {
    for (const list of [POSITION_TYPES, CATEGORIES, PERKS, INDUSTRIES, INVESTOR_CATEGORIES]) {
      const values = list.map((t) => t.value);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('has the perk icons and the industries the spec names', () => {
    expect(PERKS.map((p) => p.value)).toEqual(expect.arrayContaining(['beer', 'coffee', 'equity', 'gym', 'healthcare', 'pension', 'pet', 'remote']));
    // spec 3: an investor's industries "may include impact".
    expect(INDUSTRIES.map((i) => i.value)).toContain('impact');
  });

  it('puts every category in its selection group, once, with the ungrouped ones last under Other', () => {
    const sections = categorySections();
    expect(sections.map((s) => s.label)).toEqual([...CATEGORY_GROUPS.map((g) => g[0]!.toUpperCase() + g.slice(1)), 'Other']);
    expect(sections.flatMap((s) => s.categories.map((c) => c.value)).sort()).toEqual(CATEGORIES.map((c) => c.value).sort());
    expect(sections.at(-1)!.categories.map((c) => c.value)).toEqual(['other']);
  });

  it('is the one the constants name (no second copy)', () => {
    expect(constants.CATEGORIES).toBe(CATEGORIES);
    expect(constants.PERKS).toBe(PERKS);
    expect(constants.POSITION_TYPES).toBe(POSITION_TYPES);
  });

  it('names a value, and keeps a value it does not know as it is', () => {
    expect(termText(INDUSTRIES, 'saas')).toBe('SaaS');
    expect(termText(INVESTOR_CATEGORIES, 'CORPORATE_VC')).toBe('Corporate VC');
    expect(termText(INDUSTRIES, 'quantum')).toBe('quantum');
  });
});
