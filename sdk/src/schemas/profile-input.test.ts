import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CompanyCreateSchema, CompanyInputSchema, CompanySettingsInputSchema, InvestmentInputSchema, InvestorInputSchema } from './profile-input';

const messages = (result: v.SafeParseResult<any>) =>
  result.success ? {} : Object.fromEntries(result.issues.map((i) => [String(i.path?.[0]?.key ?? '_'), i.message]));

describe('CompanyInputSchema', () => {
  it('takes a minimal draft and fills the lists', () => {
    const out = v.parse(CompanyInputSchema, { name: '  Northwind Labs ' });
    expect(out).toMatchObject({ name: 'Northwind Labs', website: null, galleryImages: [], perks: [], addresses: [], foundedYear: null });
  });

  it('adds http:// to a website without a scheme (spec 5) and refuses what is not a web address', () => {
    expect(v.parse(CompanyInputSchema, { name: 'A', website: 'northwind.dk' }).website).toBe('http://northwind.dk');
    expect(v.parse(CompanyInputSchema, { name: 'A', website: 'https://northwind.dk/x' }).website).toBe('https://northwind.dk/x');
    expect(v.parse(CompanyInputSchema, { name: 'A', website: '' }).website).toBeNull();
    expect(messages(v.safeParse(CompanyInputSchema, { name: 'A', website: 'not a site' }))).toEqual({ website: 'Website must be a web address, like northwind.dk' });
    expect(v.safeParse(CompanyInputSchema, { name: 'A', website: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('names each refused field with the words the form shows', () => {
    const result = v.safeParse(CompanyInputSchema, {
      name: ' ',
      perks: ['beer', 'yacht'],
      addresses: [{ countryCode: 'DK', address: null }, { countryCode: 'DK', address: 'x' }],
      foundedYear: 3000,
      galleryImages: ['../etc/passwd'],
    });
    expect(messages(result)).toMatchObject({
      name: 'Please enter the name of the startup',
      perks: expect.stringContaining('Perks must be one of'),
      addresses: 'List each country once',
      foundedYear: 'Founded must not be in the future',
      galleryImages: 'Image must be an uploaded image',
    });
  });

  it('keeps a list of choices free of repeats', () => {
    expect(v.parse(CompanyInputSchema, { name: 'A', industries: ['ai', 'ai', 'saas'] }).industries).toEqual(['ai', 'saas']);
  });
});

describe('CompanyCreateSchema', () => {
  it('refuses a reserved word as key, and a malformed one', () => {
    expect(v.safeParse(CompanyCreateSchema, { name: 'New', key: 'new' }).success).toBe(false);
    expect(v.safeParse(CompanyCreateSchema, { name: 'X', key: 'Bad Key' }).success).toBe(false);
    expect(v.parse(CompanyCreateSchema, { name: 'X', key: 'x-labs' })).toEqual({ name: 'X', key: 'x-labs' });
  });
});

describe('CompanySettingsInputSchema', () => {
  it('lower-cases a domain, and an empty one means none', () => {
    expect(v.parse(CompanySettingsInputSchema, { careersDomain: 'Careers.Northwind.DK' }).careersDomain).toBe('careers.northwind.dk');
    expect(v.parse(CompanySettingsInputSchema, { careersDomain: '' }).careersDomain).toBeNull();
    expect(v.safeParse(CompanySettingsInputSchema, { careersDomain: 'https://x.dk/' }).success).toBe(false);
    expect(messages(v.safeParse(CompanySettingsInputSchema, { applicationsEmail: 'nope' }))).toEqual({ applicationsEmail: 'Application e-mail must be an e-mail address' });
  });
});

describe('InvestorInputSchema and InvestmentInputSchema', () => {
  it('needs a category and a contact preference', () => {
    expect(Object.keys(messages(v.safeParse(InvestorInputSchema, { name: 'Fjord' })))).toEqual(expect.arrayContaining(['category', 'contactPreference']));
    expect(v.parse(InvestorInputSchema, { name: 'Fjord', category: 'ANGEL', contactPreference: 'EMAIL', typeKeywords: ['ANGELS'] }).typeKeywords).toEqual(['ANGELS']);
  });

  it('takes a startup on the site by key, or one by name and website', () => {
    expect(v.parse(InvestmentInputSchema, { companyKey: 'northwind-labs' })).toEqual({ companyKey: 'northwind-labs' });
    expect(v.parse(InvestmentInputSchema, { name: 'Elsewhere', website: 'elsewhere.io' })).toEqual({ name: 'Elsewhere', website: 'http://elsewhere.io' });
    expect(v.safeParse(InvestmentInputSchema, {}).success).toBe(false);
  });
});
