import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_GROUPS,
  COOKIES,
  DIGEST_FREQUENCIES,
  EQUITY_TYPES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  INVESTOR_TYPE_KEYWORDS,
  JOB_STATUSES,
  LIMITS,
  PERKS,
  SALARY_TYPES,
  SEARCH_COUNTRIES,
  SITE_COUNTRY_CODE,
  APP_VERSION,
} from './constants';

// The job prices of spec 9 are tested with the plans, in pricing.test.ts.
describe('spec 9 tables', () => {
  it('has the salary, equity, digest and investor-keyword types', () => {
    expect(SALARY_TYPES).toEqual(['competitive', 'unpaid', 'range']);
    expect(EQUITY_TYPES).toEqual(['undisclosed', 'negotiated', 'percentage']);
    expect(DIGEST_FREQUENCIES).toEqual(['daily', 'weekly']);
    expect(INVESTOR_TYPE_KEYWORDS).toEqual(['ANGEL', 'ANGELS', 'VENTURES']);
  });

  it('has the limits and timings', () => {
    expect(LIMITS).toMatchObject({
      passwordMin: 8,
      nameMax: 50,
      emailMax: 50,
      shareTextMax: 200,
      configCacheSeconds: 60,
      searchHistorySeconds: 2_592_000,
      providerTokenSkewSeconds: 60,
      popupPollMs: 250,
      popupWidth: 800,
      popupHeight: 650,
      latestJobsCount: 3,
      minFetchDelayMs: 200,
      loadingBarMs: 1500,
    });
    expect(COOKIES).toEqual({ preferredCountryCode: 'preferred-country-code', userProfile: 'user.profile' });
    expect(SITE_COUNTRY_CODE).toBe('DK');
    expect(APP_VERSION).toBe('1.0.02');
  });

  it('leaves NI out of the search countries and adds Remote (value REMOTE) once', () => {
    expect(SEARCH_COUNTRIES.some((c) => c.value === 'NI')).toBe(false);
    expect(SEARCH_COUNTRIES.filter((c) => c.value === 'REMOTE')).toEqual([{ value: 'REMOTE', text: 'Remote' }]);
  });

  it('has the image sizes of spec 3 and quality 60', () => {
    expect(IMAGE_SIZES.large).toMatchObject({ width: 1200, crop: false });
    expect(IMAGE_SIZES.cover).toMatchObject({ width: 1600, height: 900 });
    expect(IMAGE_SIZES.thumbnail).toMatchObject({ width: 200, height: 200, crop: true });
    expect(IMAGE_SIZES.listing).toMatchObject({ width: 1200, height: 675, crop: true });
    expect(IMAGE_SIZES.portrait).toMatchObject({ width: 600, height: 1200, crop: true });
    expect(Object.keys(IMAGE_SIZES)).toContain('social');
    expect(IMAGE_QUALITY).toBe(60);
  });

  it('has every category of spec 3 with an icon, a colour and a selection group', () => {
    expect(CATEGORIES.map((c) => c.text)).toEqual([
      'Backend', 'Frontend', 'Fullstack', 'DevOps', 'Mobile', 'Business development', 'Operations',
      'Customer service/success', 'Design', 'Marketing', 'Project management', 'Sales', 'CxO', 'Engineer',
      'Finance', 'HR', 'Data science', 'Legal', 'Analyst', 'Product management', 'QA', 'UX/UI designer', 'Other',
    ]);
    for (const c of CATEGORIES) {
      expect(c.icon).toMatch(/^[a-z-]+$/);
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(CATEGORY_GROUPS).toEqual([
      'business development', 'customer success', 'design', 'development', 'mobile development',
      'operations', 'marketing', 'project management', 'sales',
    ]);
    // Every selection group offers at least one category.
    for (const group of CATEGORY_GROUPS) expect(CATEGORIES.some((c) => c.group === group)).toBe(true);
  });

  it('has the perk icons of spec 3', () => {
    const values = PERKS.map((p) => p.value);
    for (const perk of ['beer', 'coffee', 'equity', 'gym', 'healthcare', 'pension', 'pet', 'remote']) expect(values).toContain(perk);
  });

  it('has the job statuses of spec 4', () => {
    expect(JOB_STATUSES).toEqual(['ACTIVE', 'STOPPED', 'EXPIRED', 'DRAFT', 'PENDING_PAYMENT', 'PENDING_COMPANY_APPROVAL']);
  });
});
