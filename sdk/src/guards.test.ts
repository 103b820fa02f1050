import { describe, expect, it } from 'vitest';
import {
  auth,
  isApplicant,
  isClientManager,
  isInvestorManager,
  LAYOUT_GUARDS,
  redirectCompanyDraftToForm,
  redirectInvestorDraftToForm,
  runGuards,
  type GuardRoute,
} from './guards';
import type { UserCompany, UserInvestor } from './schemas/user';
import { makeUser } from './testing/fixtures';

const company = (key: string, status: UserCompany['status'] = 'ACTIVE'): UserCompany => ({
  id: key.length,
  key,
  name: key,
  status,
  countries: [],
  adminUrl: `/client/startups/${key}`,
  logoImage: null,
  platform: { nordlys: true },
});

const investor = (key: string, status: UserInvestor['status'] = 'ACTIVE'): UserInvestor => ({
  id: key.length,
  key,
  name: key,
  status,
  countryCodes: [],
  adminUrl: `/client/investors/${key}`,
  logoImage: null,
  platform: { nordlys: true },
});


const route = (path: string, params: Record<string, string> = {}): GuardRoute => ({ path, params });
const ALLOW = { allow: true };
const to = (redirect: string) => ({ allow: false, redirect });

const newbie = makeUser();
const admin = makeUser({ isAdmin: true });
const founder = makeUser({ companies: [company('northwind-labs')] });
const drafter = makeUser({ companies: [company('draft-startup', 'DRAFT')], investors: [investor('draft-fund', 'DRAFT')] });
const backer = makeUser({ investors: [investor('fjord-ventures')] });
const talent = makeUser({ applicant: { enabled: true } });

describe('auth (spec 2.12)', () => {
  it("sends a logged-out visitor to '/?to={full path}', query included", () => {
    const result = auth(null, route('/client/startups/northwind-labs/jobs'), { status: 'ACTIVE', q: 'a&b c' });
    expect(result).toEqual(to('/?to=%2Fclient%2Fstartups%2Fnorthwind-labs%2Fjobs%3Fstatus%3DACTIVE%26q%3Da%2526b%2Bc'));
    const back = new URLSearchParams((result as { redirect: string }).redirect.slice(2)).get('to');
    expect(back).toBe('/client/startups/northwind-labs/jobs?status=ACTIVE&q=a%26b+c');
  });

  it('takes the query as URLSearchParams too, and adds no ? without one', () => {
    expect(auth(null, route('/client/applicant'), new URLSearchParams('create=1'))).toEqual(to('/?to=%2Fclient%2Fapplicant%3Fcreate%3D1'));
    expect(auth(null, route('/client/my-jobs'), {})).toEqual(to('/?to=%2Fclient%2Fmy-jobs'));
  });

  it('lets any logged-in user through', () => {
    expect(auth(newbie, route('/client/my-jobs'), {})).toEqual(ALLOW);
  });
});

describe('isApplicant (spec 2.12)', () => {
  it('allows a user whose applicant profile is enabled', () => {
    expect(isApplicant(talent, route('/client/applicant'), {})).toEqual(ALLOW);
  });

  it("sends a user without an enabled applicant profile to '/'", () => {
    expect(isApplicant(newbie, route('/client/my-jobs'), {})).toEqual(to('/'));
    expect(isApplicant(makeUser({ applicant: { enabled: false } }), route('/client/my-jobs'), {})).toEqual(to('/'));
    expect(isApplicant(null, route('/client/my-jobs'), {})).toEqual(to('/'));
  });

  it('allows create=1, the way in to create the profile (spec 2.11)', () => {
    expect(isApplicant(newbie, route('/client/applicant'), { create: '1' })).toEqual(ALLOW);
    expect(isApplicant(newbie, route('/client/applicant'), new URLSearchParams('create=1'))).toEqual(ALLOW);
    expect(isApplicant(newbie, route('/client/applicant'), { create: '0' })).toEqual(to('/'));
  });

  it('gives admins no bypass: spec 6 names only the company and investor checks', () => {
    expect(isApplicant(admin, route('/client/my-jobs'), {})).toEqual(to('/'));
  });
});

describe('isClientManager (spec 2.12, 6)', () => {
  const jobs = route('/client/startups/northwind-labs/jobs', { company: 'northwind-labs' });

  it('allows a member of the company in the route parameter', () => {
    expect(isClientManager(founder, jobs, {})).toEqual(ALLOW);
  });

  it("sends others to '/client/', and a logged-out visitor to '/'", () => {
    expect(isClientManager(newbie, jobs, {})).toEqual(to('/client/'));
    expect(isClientManager(drafter, jobs, {})).toEqual(to('/client/'));
    expect(isClientManager(null, jobs, {})).toEqual(to('/'));
  });

  it('lets an admin through without membership', () => {
    expect(isClientManager(admin, jobs, {})).toEqual(ALLOW);
  });

  it('allows any logged-in user where no company is named (/client/startups/new)', () => {
    expect(isClientManager(newbie, route('/client/startups/new'), {})).toEqual(ALLOW);
  });
});

describe('isInvestorManager (spec 2.12, 6)', () => {
  const page = route('/client/investors/fjord-ventures/startups', { investor: 'fjord-ventures' });

  it('allows a member of the investor in the route parameter', () => {
    expect(isInvestorManager(backer, page, {})).toEqual(ALLOW);
  });

  it('sends others to /investors/join', () => {
    expect(isInvestorManager(founder, page, {})).toEqual(to('/investors/join'));
    expect(isInvestorManager(null, page, {})).toEqual(to('/investors/join'));
  });

  it('lets an admin through without membership', () => {
    expect(isInvestorManager(admin, page, {})).toEqual(ALLOW);
  });

  it('allows any logged-in user where no investor is named (/client/investors/new)', () => {
    expect(isInvestorManager(newbie, route('/client/investors/new'), {})).toEqual(ALLOW);
  });
});

describe('draft profiles go to their edit page (spec 2.12, 4)', () => {
  it('sends every page of a DRAFT company to /client/startups/{company}/edit', () => {
    for (const path of ['/client/startups/draft-startup', '/client/startups/draft-startup/jobs', '/client/startups/draft-startup/settings']) {
      expect(redirectCompanyDraftToForm(drafter, route(path, { company: 'draft-startup' }), {})).toEqual(
        to('/client/startups/draft-startup/edit'),
      );
    }
  });

  it('allows the edit page itself, so there is no redirect loop', () => {
    for (const path of ['/client/startups/draft-startup/edit', '/client/startups/draft-startup/edit/']) {
      expect(redirectCompanyDraftToForm(drafter, route(path, { company: 'draft-startup' }), {})).toEqual(ALLOW);
    }
  });

  it('leaves active companies and unknown ones alone', () => {
    expect(redirectCompanyDraftToForm(founder, route('/client/startups/northwind-labs', { company: 'northwind-labs' }), {})).toEqual(ALLOW);
    expect(redirectCompanyDraftToForm(admin, route('/client/startups/draft-startup', { company: 'draft-startup' }), {})).toEqual(ALLOW);
    expect(redirectCompanyDraftToForm(null, route('/client/startups/new'), {})).toEqual(ALLOW);
  });

  it('sends a DRAFT investor to /client/investors/{investor}/edit, except from that page', () => {
    const params = { investor: 'draft-fund' };
    expect(redirectInvestorDraftToForm(drafter, route('/client/investors/draft-fund/users', params), {})).toEqual(
      to('/client/investors/draft-fund/edit'),
    );
    expect(redirectInvestorDraftToForm(drafter, route('/client/investors/draft-fund/edit', params), {})).toEqual(ALLOW);
    expect(redirectInvestorDraftToForm(backer, route('/client/investors/fjord-ventures', { investor: 'fjord-ventures' }), {})).toEqual(ALLOW);
  });
});

describe('layouts run their guards in order (spec 2.7, 2.12)', () => {
  it('uses auth, isClientManager and redirectCompanyDraftToForm for the startup layout', () => {
    expect(LAYOUT_GUARDS.startup).toEqual([auth, isClientManager, redirectCompanyDraftToForm]);
    expect(LAYOUT_GUARDS.investor).toEqual([auth, isInvestorManager, redirectInvestorDraftToForm]);
    expect(LAYOUT_GUARDS.applicant).toEqual([auth, isApplicant]);
  });

  it('returns the first redirect: a logged-out visitor signs in rather than being sent away', () => {
    const jobs = route('/client/startups/northwind-labs/jobs', { company: 'northwind-labs' });
    expect(runGuards(LAYOUT_GUARDS.startup, null, jobs, {})).toEqual(to('/?to=%2Fclient%2Fstartups%2Fnorthwind-labs%2Fjobs'));
    expect(runGuards(LAYOUT_GUARDS.startup, newbie, jobs, {})).toEqual(to('/client/'));
    expect(runGuards(LAYOUT_GUARDS.startup, founder, jobs, {})).toEqual(ALLOW);
    const draft = route('/client/startups/draft-startup/jobs', { company: 'draft-startup' });
    expect(runGuards(LAYOUT_GUARDS.startup, drafter, draft, {})).toEqual(to('/client/startups/draft-startup/edit'));
  });

  it('guards the investor and applicant layouts the same way', () => {
    const page = route('/client/investors/draft-fund', { investor: 'draft-fund' });
    expect(runGuards(LAYOUT_GUARDS.investor, null, page, {})).toEqual(to('/?to=%2Fclient%2Finvestors%2Fdraft-fund'));
    expect(runGuards(LAYOUT_GUARDS.investor, founder, page, {})).toEqual(to('/investors/join'));
    expect(runGuards(LAYOUT_GUARDS.investor, drafter, page, {})).toEqual(to('/client/investors/draft-fund/edit'));
    expect(runGuards(LAYOUT_GUARDS.applicant, null, route('/client/applicant'), { create: '1' })).toEqual(
      to('/?to=%2Fclient%2Fapplicant%3Fcreate%3D1'),
    );
    expect(runGuards(LAYOUT_GUARDS.applicant, newbie, route('/client/applicant'), { create: '1' })).toEqual(ALLOW);
  });

  it('allows the page when there is nothing to check', () => {
    expect(runGuards([], null, route('/jobs'), {})).toEqual(ALLOW);
  });
});
