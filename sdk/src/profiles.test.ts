import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  clearedSelection,
  connectableProfiles,
  deriveProfiles,
  findProfile,
  findProfileBySettingsId,
  parseProfileCookie,
  parseSavedChoice,
  profileCookieValue,
  profileDestination,
  profileSettingsId,
  profilesOnPlatform,
  selectionAfterCreatingApplicant,
  selectionOf,
  selectProfile,
  toSavedChoice,
} from './profiles';
import { ProfileSelectionSchema, type ProfileEntry, type User, type UserCompany, type UserInvestor } from './schemas/user';
import { makeUser as baseUser } from './testing/fixtures';

const company = (key: string, name: string, more: Partial<UserCompany> = {}): UserCompany => ({
  id: key.length,
  key,
  name,
  status: 'ACTIVE',
  countries: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
  adminUrl: `/client/startups/${key}`,
  logoImage: { thumbnailSizeUrl: `/images/thumbnail/${key}.png` },
  platform: { nordlys: true },
  ...more,
});

const investor = (key: string, name: string, more: Partial<UserInvestor> = {}): UserInvestor => ({
  id: key.length,
  key,
  name,
  status: 'ACTIVE',
  countryCodes: ['NO', 'FI'],
  adminUrl: `/client/investors/${key}`,
  logoImage: null,
  platform: { nordlys: true },
  ...more,
});

const makeUser = (more: Partial<User> = {}) => baseUser({ imageUrl: 'https://images.nordlys.test/sofie.png', ...more });

const northwind = company('northwind-labs', 'Northwind Labs');
const fjord = investor('fjord-ventures', 'Fjord Ventures');
const multi = makeUser({ companies: [northwind], investors: [fjord], applicant: { enabled: true } });

describe('profile entries (spec 3)', () => {
  it('derives a startup entry with its admin link, logo thumbnail and country codes', () => {
    expect(deriveProfiles(makeUser({ companies: [northwind] }))).toEqual([
      {
        type: 'company',
        key: 'northwind-labs',
        name: 'Northwind Labs',
        link: '/client/startups/northwind-labs',
        imageLink: '/images/thumbnail/northwind-labs.png',
        additional: ['DK', 'SE'],
        typeLabel: 'Startup',
        isDraft: false,
        description: 'Startup management and recruitment',
      },
    ]);
  });

  it('links a DRAFT startup to its edit page, which spec 2.12 forces anyway', () => {
    const [entry] = deriveProfiles(makeUser({ companies: [company('draft-startup', 'Draft Startup', { status: 'DRAFT', logoImage: null })] }));
    expect(entry).toMatchObject({ link: '/client/startups/draft-startup/edit', isDraft: true, imageLink: null });
  });

  it('derives an investor entry, and links a DRAFT investor to its edit page', () => {
    expect(deriveProfiles(makeUser({ investors: [fjord] }))).toEqual([
      {
        type: 'investor',
        key: 'fjord-ventures',
        name: 'Fjord Ventures',
        link: '/client/investors/fjord-ventures',
        imageLink: null,
        additional: ['NO', 'FI'],
        typeLabel: 'Investor',
        isDraft: false,
        description: 'Investment and funding',
      },
    ]);
    const [draft] = deriveProfiles(makeUser({ investors: [investor('seed-circle', 'Seed Circle', { status: 'DRAFT' })] }));
    expect(draft).toMatchObject({ link: '/client/investors/seed-circle/edit', isDraft: true });
  });

  it('derives the talent entry only while the applicant profile is enabled', () => {
    expect(deriveProfiles(makeUser({ applicant: { enabled: true } }))).toEqual([
      {
        type: 'applicant',
        key: '7',
        name: 'Sofie Kjær',
        link: '/client/applicant',
        imageLink: 'https://images.nordlys.test/sofie.png',
        additional: [],
        typeLabel: 'Talent',
        isDraft: false,
        description: 'Talent',
      },
    ]);
    expect(deriveProfiles(makeUser({ applicant: { enabled: false } }))).toEqual([]);
    expect(deriveProfiles(makeUser({ applicant: null }))).toEqual([]);
  });

  it('lists startups, then investors, then talent', () => {
    expect(deriveProfiles(multi).map((p) => `${p.typeLabel}:${p.name}`)).toEqual([
      'Startup:Northwind Labs',
      'Investor:Fjord Ventures',
      'Talent:Sofie Kjær',
    ]);
  });
});

describe('profiles on a platform (spec 4)', () => {
  const user = makeUser({
    companies: [
      northwind,
      company('impact-only', 'Impact Only', { platform: { sister: true } }),
      company('both', 'Both', { platform: { nordlys: true, sister: true } }),
      company('switched-off', 'Switched Off', { platform: { nordlys: false, sister: true } }),
      company('nowhere', 'Nowhere', { platform: {} }),
    ],
    investors: [fjord, investor('sister-fund', 'Sister Fund', { platform: { sister: true } })],
    applicant: { enabled: true },
  });

  it('keeps only the startups and investors listed on the primary platform, and the talent profile', () => {
    expect(profilesOnPlatform(deriveProfiles(user), user).map((p) => p.key)).toEqual(['northwind-labs', 'both', 'fjord-ventures', '7']);
  });

  it('on the sister platform keeps its own listings and no talent profile', () => {
    expect(profilesOnPlatform(deriveProfiles(user), user, 'sister').map((p) => p.key)).toEqual([
      'impact-only',
      'both',
      'switched-off',
      'sister-fund',
    ]);
  });

  it('offers to connect the profiles found on the sister platform only (spec 2.11)', () => {
    expect(connectableProfiles(user).map((p) => p.key)).toEqual(['impact-only', 'switched-off', 'sister-fund']);
    expect(connectableProfiles(multi)).toEqual([]);
  });
});

describe('profile selection (spec 4)', () => {
  const profiles = deriveProfiles(multi);
  const [startup, fund, talent] = profiles as [ProfileEntry, ProfileEntry, ProfileEntry];
  const cookieFor = (p: ProfileEntry) => profileCookieValue(selectionOf(p));

  it('selects the only valid profile, whatever the saved choice and the cookie say', () => {
    expect(selectProfile({ profiles: [fund], savedChoice: 'company:northwind-labs', cookie: cookieFor(startup) })).toBe(fund);
    expect(selectProfile({ profiles: [fund], savedChoice: null, cookie: null })).toBe(fund);
  });

  it("prefers the user record's saved choice to the cookie", () => {
    expect(selectProfile({ profiles, savedChoice: 'investor:fjord-ventures', cookie: cookieFor(talent) })).toBe(fund);
  });

  it('falls back to the cookie when the saved choice is missing or no longer valid', () => {
    expect(selectProfile({ profiles, savedChoice: null, cookie: cookieFor(talent) })).toBe(talent);
    expect(selectProfile({ profiles, savedChoice: 'company:sold-startup', cookie: cookieFor(startup) })).toBe(startup);
    expect(selectProfile({ profiles, savedChoice: 'nonsense', cookie: cookieFor(startup) })).toBe(startup);
  });

  it('selects nothing when neither names a valid profile, or there is no profile', () => {
    const stale = profileCookieValue({ type: 'company', key: 'sold-startup' });
    expect(selectProfile({ profiles, savedChoice: 'company:sold-startup', cookie: stale })).toBeNull();
    expect(selectProfile({ profiles, savedChoice: null, cookie: undefined })).toBeNull();
    expect(selectProfile({ profiles: [], savedChoice: 'company:northwind-labs', cookie: cookieFor(startup) })).toBeNull();
  });

  it('matches on type and key together', () => {
    expect(selectProfile({ profiles, savedChoice: 'investor:northwind-labs', cookie: null })).toBeNull();
    expect(findProfile(profiles, { type: 'company', key: 'northwind-labs' })).toBe(startup);
    expect(findProfile(profiles, null)).toBeNull();
  });

  it('clears the cookie on logout or reset, so a user with several profiles is asked again', () => {
    expect(clearedSelection()).toBeNull();
    expect(selectProfile({ profiles, savedChoice: null, cookie: clearedSelection() })).toBeNull();
  });

  it('selects the new talent profile after creating it', () => {
    const selection = selectionAfterCreatingApplicant(multi);
    expect(selection).toEqual({ type: 'applicant', key: '7' });
    expect(selectProfile({ profiles, savedChoice: null, cookie: profileCookieValue(selection) })).toBe(talent);
  });
});

describe('stored selection formats', () => {
  it("stores key and type in the cookie 'user.profile' as URI-encoded JSON", () => {
    const value = profileCookieValue({ type: 'company', key: 'northwind-labs' });
    expect(JSON.parse(decodeURIComponent(value))).toEqual({ key: 'northwind-labs', type: 'company' });
    expect(parseProfileCookie(value)).toEqual({ type: 'company', key: 'northwind-labs' });
  });

  it('keeps awkward keys intact and the cookie value free of separators', () => {
    const selection = { type: 'investor', key: 'a; b=c, "d":e' } as const;
    const value = profileCookieValue(selection);
    expect(value).not.toMatch(/[;, "=]/);
    expect(parseProfileCookie(value)).toEqual(selection);
  });

  it('reads a garbled or foreign cookie as no selection', () => {
    for (const value of [
      null,
      undefined,
      '',
      'northwind-labs',
      '%E0%A4%A',
      '{"key":"northwind-labs"',
      encodeURIComponent('{"key":"northwind-labs"}'),
      encodeURIComponent('{"key":"northwind-labs","type":"admin"}'),
      encodeURIComponent('{"key":"","type":"company"}'),
      encodeURIComponent('{"key":7,"type":"applicant"}'),
      'null',
      '%5B1%5D',
      '%22company%22',
    ]) {
      expect(parseProfileCookie(value), String(value)).toBeNull();
    }
  });

  it('accepts exactly what ProfileSelectionSchema accepts, with a key', () => {
    const inputs = [
      { type: 'company', key: 'northwind-labs' },
      { type: 'applicant', key: '12', extra: true },
      { type: 'investor', key: '' },
      { type: 'founder', key: 'x' },
      { type: 'company', key: ['x'] },
      { key: 'x' },
      ['company', 'x'],
      'company:x',
      42,
      null,
    ];
    for (const input of inputs) {
      const result = v.safeParse(ProfileSelectionSchema, input);
      const expected = result.success && result.output.key !== '' ? result.output : null;
      expect(parseProfileCookie(encodeURIComponent(JSON.stringify(input))), JSON.stringify(input)).toEqual(expected);
    }
  });

  it("writes the saved choice as '{type}:{key}' and reads it back", () => {
    expect(toSavedChoice({ type: 'company', key: 'northwind-labs' })).toBe('company:northwind-labs');
    expect(parseSavedChoice('company:northwind-labs')).toEqual({ type: 'company', key: 'northwind-labs' });
    expect(parseSavedChoice('investor:a:b')).toEqual({ type: 'investor', key: 'a:b' });
  });

  it('reads a malformed saved choice as none', () => {
    for (const text of [null, undefined, '', 'company', 'company:', ':northwind-labs', 'admin:northwind-labs', 'Company:northwind-labs']) {
      expect(parseSavedChoice(text), String(text)).toBeNull();
    }
  });
});

describe("a chosen profile's destination (spec 2.11, 4)", () => {
  const startup = deriveProfiles(multi)[0] as ProfileEntry;

  it("goes to the 'to' target on this site, else the profile's link", () => {
    expect(profileDestination(startup, '/jobs/42?apply=1')).toBe('/jobs/42?apply=1');
    expect(profileDestination(startup, null)).toBe('/client/startups/northwind-labs');
    for (const to of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(profileDestination(startup, to)).toBe('/client/startups/northwind-labs');
    }
  });
});

describe('profile settings ids (spec 2.1 /profile-settings/{id})', () => {
  it("names each of a user's profiles by type and key, the talent profile as 'applicant'", () => {
    expect(deriveProfiles(multi).map(profileSettingsId)).toEqual(['company-northwind-labs', 'investor-fjord-ventures', 'applicant']);
  });

  it("finds a profile by its id only among the user's own, and a key that is another type's is no match", () => {
    const profiles = deriveProfiles(multi);
    for (const profile of profiles) expect(findProfileBySettingsId(profiles, profileSettingsId(profile))).toBe(profile);
    expect(findProfileBySettingsId(profiles, 'company-other-startup')).toBeNull();
    expect(findProfileBySettingsId(profiles, 'investor-northwind-labs')).toBeNull();
    expect(findProfileBySettingsId(profiles, 'applicant-7')).toBeNull();
    expect(findProfileBySettingsId(profiles, '')).toBeNull();
    // A user without the talent profile has no 'applicant' page.
    expect(findProfileBySettingsId(deriveProfiles(makeUser({ companies: [northwind] })), 'applicant')).toBeNull();
  });

  it('keeps a key with a dash whole', () => {
    const entry = deriveProfiles(makeUser({ companies: [company('company-x', 'Company X')] }))[0]!;
    expect(profileSettingsId(entry)).toBe('company-company-x');
    expect(findProfileBySettingsId([entry], 'company-company-x')).toBe(entry);
  });
});
