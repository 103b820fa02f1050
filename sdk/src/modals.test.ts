import { describe, expect, it } from 'vitest';
import {
  chooseProfile,
  chooseRoleDismissible,
  chooseRoleOptions,
  connectProfileOptions,
  MODAL_TEXTS,
  switchProfileOptions,
} from './modals';
import type { ProfileEntry } from './schemas/user';

const startup: ProfileEntry = {
  type: 'company',
  key: 'northwind-labs',
  name: 'Northwind Labs',
  link: '/client/startups/northwind-labs',
  imageLink: null,
  additional: ['DK', 'SE'],
  typeLabel: 'Startup',
  isDraft: false,
  description: 'Startup management and recruitment',
};
const draft: ProfileEntry = { ...startup, key: 'draft-startup', name: 'Draft Startup', link: '/client/startups/draft-startup/edit', isDraft: true };
const investor: ProfileEntry = {
  type: 'investor',
  key: 'fjord-ventures',
  name: 'Fjord Ventures',
  link: '/client/investors/fjord-ventures',
  imageLink: null,
  additional: ['NO'],
  typeLabel: 'Investor',
  isDraft: false,
  description: 'Investment and funding',
};

describe('choose-role (spec 2.11)', () => {
  it('offers jobs, startup and investor when signing up', () => {
    expect(chooseRoleOptions('sign-up')).toEqual([
      { label: "I'm looking for jobs", href: '/client/applicant?create=1' },
      { label: "I'm a startup", href: '/startups/join' },
      { label: "I'm an investor", href: '/investors/join' },
    ]);
  });

  it('offers only startup and investor in the other variant, and cannot be dismissed', () => {
    expect(chooseRoleOptions('profile').map((o) => o.label)).toEqual(["I'm a startup", "I'm an investor"]);
    expect(chooseRoleDismissible).toBe(false);
  });
});

describe("switch-profile 'Choose profile' (spec 2.11)", () => {
  it('has the title and the remember checkbox text', () => {
    expect(MODAL_TEXTS.switchProfileTitle).toBe('Choose profile');
    expect(MODAL_TEXTS.rememberChoice).toBe('Remember my choice next time I log in');
  });

  it("shows each profile's name, then '(Draft)' or its country codes, and its description", () => {
    expect(switchProfileOptions([startup, draft, investor]).map(({ name, additional, description }) => ({ name, additional, description }))).toEqual([
      { name: 'Northwind Labs', additional: 'DK, SE', description: 'Startup management and recruitment' },
      { name: 'Draft Startup', additional: '(Draft)', description: 'Startup management and recruitment' },
      { name: 'Fjord Ventures', additional: 'NO', description: 'Investment and funding' },
    ]);
  });

  it('lists only startups in the only-startups mode', () => {
    expect(switchProfileOptions([startup, investor, draft], { onlyStartups: true }).map((o) => o.profile.key)).toEqual([
      'northwind-labs',
      'draft-startup',
    ]);
  });

  it("goes to the 'to' parameter when present, else to the profile's own link, remembering when ticked", () => {
    expect(chooseProfile(investor, { remember: true, to: '/jobs/7' })).toEqual({
      selection: { type: 'investor', key: 'fjord-ventures' },
      remember: true,
      goTo: '/jobs/7',
    });
    expect(chooseProfile(draft, { remember: false }).goTo).toBe('/client/startups/draft-startup/edit');
    expect(chooseProfile(startup, { remember: false, to: 'https://evil.example' }).goTo).toBe('/client/startups/northwind-labs');
  });
});

describe("connect-profile 'Choose your option' (spec 2.11)", () => {
  it("lists the sister platform's profiles with 'Continue with this profile', and '+ Create a new profile' opens choose-role", () => {
    expect(MODAL_TEXTS.connectProfileTitle).toBe('Choose your option');
    const { options, createNew } = connectProfileOptions([investor]);
    expect(options).toEqual([{ profile: investor, action: 'Continue with this profile' }]);
    expect(createNew).toEqual({ label: '+ Create a new profile', opens: 'choose-role' });
  });
});
