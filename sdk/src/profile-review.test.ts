import { describe, expect, it } from 'vitest';
import { companyMissing, investorMissing, keyFromName, nextKey, reviewState, type CompanyCompleteness, type InvestorCompleteness } from './profile-review';
import { reservedKeys } from './routes';
import { CompanyKeySchema } from './schemas/company';
import * as v from 'valibot';

const company: CompanyCompleteness = {
  name: 'Saga Robotics',
  website: 'https://saga.dk',
  logoImage: { path: 'x' },
  whatWeDo: '<p>Robots for farms</p>',
  addresses: [{ countryCode: 'DK' }],
  industries: ['robotics'],
  numberOfEmployees: '11-50',
};

const investor: InvestorCompleteness = {
  name: 'Skagen Angels',
  website: 'https://skagen.dk',
  logoImage: 7,
  intro: '<p>Angels</p>',
  category: 'ANGEL',
  industries: ['ai'],
  contactPreference: 'WEBSITE',
  contactEmail: null,
};

describe('companyMissing', () => {
  it('is empty for a complete startup', () => {
    expect(companyMissing(company)).toEqual([]);
  });

  it('names each missing field in the form order; empty lists, blank text and empty rich text count as missing', () => {
    expect(
      companyMissing({ ...company, website: '  ', logoImage: null, whatWeDo: '<p>&nbsp;</p>', addresses: [], industries: undefined, numberOfEmployees: null }).map(
        (m) => m.field,
      ),
    ).toEqual(['website', 'logoImage', 'whatWeDo', 'addresses', 'industries', 'numberOfEmployees']);
    expect(companyMissing({ ...company, name: '' })).toEqual([{ field: 'name', label: 'Name' }]);
  });
});

describe('investorMissing', () => {
  it('asks for the contact e-mail only when founders contact by e-mail', () => {
    expect(investorMissing(investor)).toEqual([]);
    expect(investorMissing({ ...investor, contactPreference: 'EMAIL' }).map((m) => m.field)).toEqual(['contactEmail']);
    expect(investorMissing({ ...investor, contactPreference: 'EMAIL', contactEmail: 'a@b.dk' })).toEqual([]);
  });

  it('names the other required fields', () => {
    expect(investorMissing({ ...investor, intro: '<br>', category: null, industries: [], logoImage: undefined }).map((m) => m.field)).toEqual([
      'logoImage',
      'intro',
      'category',
      'industries',
    ]);
  });
});

describe('reviewState', () => {
  const manage = (submittedAt: string | null, reviewNote: string | null) => ({ submittedAt, reviewNote });
  it('follows status, then the review fields', () => {
    expect(reviewState({ status: 'ACTIVE', manage: manage('2026-01-01', null) })).toBe('active');
    expect(reviewState({ status: 'INACTIVE' })).toBe('inactive');
    expect(reviewState({ status: 'DRAFT', manage: manage('2026-01-01', 'old note') })).toBe('submitted');
    expect(reviewState({ status: 'DRAFT', manage: manage(null, 'Add a logo') })).toBe('returned');
    expect(reviewState({ status: 'DRAFT', manage: manage(null, null) })).toBe('draft');
    expect(reviewState({ status: 'DRAFT' })).toBe('draft');
  });
});

describe('keyFromName and nextKey', () => {
  it('spells Nordic letters out and joins words with dashes', () => {
    expect(keyFromName('Fjørd Ænergi AS', 'company')).toBe('fjoerd-aenergi-as');
    expect(keyFromName('  Café  Über—Straße! ', 'company')).toBe('cafe-ueber-strasse');
    expect(keyFromName('Åland Ventures', 'investor')).toBe('aaland-ventures');
  });

  it('falls back to the kind for a name without letters, and never gives a reserved word', () => {
    expect(keyFromName('!!!', 'company')).toBe('company');
    for (const word of reservedKeys('company')) expect(keyFromName(word, 'company')).toBe(`${word}-1`);
    for (const word of reservedKeys('investor')) expect(keyFromName(word, 'investor')).toBe(`${word}-1`);
  });

  it('keeps keys within 60 characters, without a trailing dash, and valid for the key schema', () => {
    const key = keyFromName(`${'a'.repeat(59)} b c`, 'company');
    expect(key.length).toBeLessThanOrEqual(60);
    expect(key.endsWith('-')).toBe(false);
    for (const name of ['Northwind Labs', 'Æ Ø Å', '123 go', 'x'.repeat(200)]) {
      expect(v.is(CompanyKeySchema, keyFromName(name, 'company')), name).toBe(true);
      expect(v.is(CompanyKeySchema, nextKey(keyFromName(name, 'company'), 5)), name).toBe(true);
    }
  });

  it('numbers the next candidates from 2', () => {
    expect(nextKey('northwind', 1)).toBe('northwind-2');
    expect(nextKey('northwind', 2)).toBe('northwind-3');
  });
});
