import { describe, expect, it } from 'vitest';
import { feedJobFilter, isCompanyPublic, isInvestorPublic, isJobInFeed, isJobGone, isJobOnCareerPage, isJobOpen, isJobPublic } from './visibility';

describe('visibility rules (spec 4)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const open = { status: 'ACTIVE', approvedAt: '2026-11-01T00:00:00Z', expirationDate: '2026-12-01T00:00:00Z' } as const;

  it('counts a job open when ACTIVE, approved and before its expiry', () => {
    expect(isJobOpen(open, { now })).toBe(true);
    expect(isJobOpen({ ...open, expirationDate: null }, { now })).toBe(true);
    expect(isJobOpen({ ...open, status: 'STOPPED' }, { now })).toBe(false);
    expect(isJobOpen({ ...open, status: 'PENDING_PAYMENT' }, { now })).toBe(false);
    expect(isJobOpen({ ...open, approvedAt: null }, { now })).toBe(false);
    // The expiry instant itself is past: the SQL twin says expiration_date > now.
    expect(isJobOpen({ ...open, expirationDate: now.toISOString() }, { now })).toBe(false);
    expect(isJobOpen({ ...open, expirationDate: '2026-11-22T11:59:59.999Z' }, { now })).toBe(false);
  });

  it('shows a job publicly only when open at a live (ACTIVE) startup, whatever its platforms', () => {
    expect(isJobPublic(open, { status: 'ACTIVE' }, { now })).toBe(true);
    expect(isJobPublic(open, { status: 'DRAFT' }, { now })).toBe(false);
    expect(isJobPublic(open, { status: 'INACTIVE' }, { now })).toBe(false);
    expect(isJobPublic({ ...open, approvedAt: null }, { status: 'ACTIVE' }, { now })).toBe(false);
  });

  it('calls a job gone when it ran out at a live startup, never when it was never public (issue #12)', () => {
    const past = '2026-11-20T00:00:00Z';
    expect(isJobGone({ ...open, status: 'EXPIRED', expirationDate: past }, { status: 'ACTIVE' }, { now })).toBe(true);
    expect(isJobGone({ ...open, expirationDate: past }, { status: 'ACTIVE' }, { now })).toBe(true);
    expect(isJobGone({ ...open, status: 'STOPPED', expirationDate: past }, { status: 'ACTIVE' }, { now })).toBe(true);
    expect(isJobGone(open, { status: 'ACTIVE' }, { now })).toBe(false);
    expect(isJobGone({ ...open, status: 'EXPIRED', expirationDate: past }, { status: 'INACTIVE' }, { now })).toBe(false);
    expect(isJobGone({ ...open, status: 'DRAFT', approvedAt: null, expirationDate: past }, { status: 'ACTIVE' }, { now })).toBe(false);
    expect(isJobGone({ ...open, status: 'EXPIRED', approvedAt: null, expirationDate: past }, { status: 'ACTIVE' }, { now })).toBe(false);
    // Gone and public never overlap.
    for (const status of ['ACTIVE', 'STOPPED', 'EXPIRED'] as const) {
      for (const expirationDate of [past, open.expirationDate, null]) {
        const job = { ...open, status, expirationDate };
        expect(isJobGone(job, { status: 'ACTIVE' }, { now }) && isJobPublic(job, { status: 'ACTIVE' }, { now })).toBe(false);
      }
    }
  });

  it('shows a startup or investor profile only when ACTIVE and listed on this platform', () => {
    for (const isPublic of [isCompanyPublic, isInvestorPublic]) {
      expect(isPublic({ status: 'ACTIVE', platform: { nordlys: true } })).toBe(true);
      expect(isPublic({ status: 'ACTIVE', platform: { nordlys: true, sister: true } })).toBe(true);
      expect(isPublic({ status: 'ACTIVE', platform: { sister: true } })).toBe(false);
      expect(isPublic({ status: 'ACTIVE', platform: { nordlys: false } })).toBe(false);
      expect(isPublic({ status: 'DRAFT', platform: { nordlys: true } })).toBe(false);
      expect(isPublic({ status: 'INACTIVE', platform: { nordlys: true } })).toBe(false);
    }
  });

  const job = (country: string | null, isRemote: boolean, categories: string[] = ['frontend'], key = 'kivi-pay') => ({
    company: { key },
    location: country ? { country } : null,
    isRemote,
    categories,
  });

  it("keeps a feed's jobs in its countries, or remote ones when it includes remote", () => {
    const feed = { countryCodes: ['DK', 'SE'] };
    expect(isJobInFeed(feed, job('DK', false))).toBe(true);
    expect(isJobInFeed(feed, job('NO', false))).toBe(false);
    expect(isJobInFeed(feed, job(null, true))).toBe(false);
    expect(isJobInFeed({ ...feed, includeRemote: true }, job(null, true))).toBe(true);
    expect(isJobInFeed({ ...feed, includeRemote: true }, job('NO', false))).toBe(false);
    // includeRemote only widens a feed naming countries; alone it narrows nothing.
    expect(isJobInFeed({ includeRemote: true }, job('NO', false))).toBe(true);
  });

  it("keeps a feed's startups and its known categories; empty filters let every job through", () => {
    expect(isJobInFeed({}, job('NO', false, []))).toBe(true);
    expect(isJobInFeed({ companyKeys: ['northwind-labs'] }, job('DK', false))).toBe(false);
    expect(isJobInFeed({ companyKeys: ['kivi-pay'] }, job('DK', false))).toBe(true);
    expect(isJobInFeed({ categories: ['backend', 'design'] }, job('DK', false, ['design']))).toBe(true);
    expect(isJobInFeed({ categories: ['backend'] }, job('DK', false, ['design']))).toBe(false);
    // A category the site does not know narrows nothing, as the feed's home query leaves it out.
    expect(isJobInFeed({ categories: ['cobol'] }, job('DK', false, ['design']))).toBe(true);
    expect(feedJobFilter({ countryCodes: [], includeRemote: true, companyKeys: [], categories: ['cobol', 'qa'] })).toEqual({ categories: ['qa'] });
  });

  it("keeps a career page to the startup's own jobs", () => {
    expect(isJobOnCareerPage({ key: 'kivi-pay' }, job('DK', false))).toBe(true);
    expect(isJobOnCareerPage({ key: 'northwind-labs' }, job('DK', false))).toBe(false);
  });
});
