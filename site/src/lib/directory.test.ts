import { deriveProfiles } from '@nordlys/sdk/profiles';
import { makeUser } from '@nordlys/sdk/testing';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../testing/fixtures';
import { categoryText, dealAccess, usedCategories } from './directory';

const categories = [
  { value: 'recruiting', text: 'Recruiting' },
  { value: 'finance', text: 'Finance' },
  { value: 'legal', text: 'Legal' },
];

describe('categories of the toolbox', () => {
  it("names a category by the configuration's text, or makes its value readable", () => {
    expect(categoryText(categories, 'finance')).toBe('Finance');
    expect(categoryText(categories, 'law-firm')).toBe('Law firm');
  });

  it('offers the configured categories that have entries, in order, then unknown ones', () => {
    const entries = [{ category: 'legal' }, { category: 'recruiting' }, { category: 'space_travel' }, { category: 'legal' }];
    expect(usedCategories(categories, entries)).toEqual([
      { value: 'recruiting', text: 'Recruiting' },
      { value: 'legal', text: 'Legal' },
      { value: 'space_travel', text: 'Space travel' },
    ]);
    expect(usedCategories(categories, [])).toEqual([]);
  });
});

describe('dealAccess', () => {
  const access = (user: Parameters<typeof dealAccess>[0] & Parameters<typeof deriveProfiles>[0], selectedKey?: string) => {
    const profiles = deriveProfiles(user);
    return dealAccess(user, profiles, profiles.find((p) => p.key === selectedKey) ?? null);
  };
  const both = makeUser({ ...demoUsers.founder, companies: [...demoUsers.founder.companies, ...demoUsers.multi.companies] });

  it('sends a visitor to sign in, and a user without a startup to create one', () => {
    expect(dealAccess(null, [], null)).toEqual({ kind: 'visitor' });
    expect(access(demoUsers.talent)).toEqual({ kind: 'no-startup' });
    expect(access(demoUsers.investor)).toEqual({ kind: 'no-startup' });
  });

  it('asks a draft startup to finish first, and tells an admin without startups where to claim', () => {
    expect(access(demoUsers.draft)).toEqual({ kind: 'draft', startup: { key: 'draft-startup', name: 'Draft Startup' } });
    expect(access(demoUsers.admin)).toEqual({ kind: 'admin' });
  });

  it('preselects the only startup, or the selected company profile among several, else none', () => {
    expect(access(demoUsers.founder)).toEqual({ kind: 'claim', startups: [{ key: 'northwind-labs', name: 'Northwind Labs' }], preselected: 'northwind-labs' });
    // multi@ also has an investor profile selected: the startup is still the one to claim for.
    expect(access(demoUsers.multi, 'midnight-capital')).toMatchObject({ kind: 'claim', preselected: 'polar-robotics' });
    expect(access(both, 'polar-robotics')).toMatchObject({ kind: 'claim', preselected: 'polar-robotics' });
    expect(access(both)).toMatchObject({ kind: 'claim', startups: [{ key: 'northwind-labs' }, { key: 'polar-robotics' }], preselected: null });
  });

  it('offers an admin with startups of their own those startups', () => {
    expect(access(makeUser({ ...demoUsers.founder, isAdmin: true }))).toMatchObject({ kind: 'claim', preselected: 'northwind-labs' });
  });
});
