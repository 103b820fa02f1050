/** The demo startups: Northwind Labs, the feed partner, a draft, and ~180 generated Nordic startups. */
import type { companies } from '../db/schema';
import { CITIES, citiesOf, COUNTRY_WEIGHTS, type City, type NordicCountryCode } from './places';
import { startupName } from './company-names';
import { DEMO_DOMAIN_TOKEN } from './feed';
import { INDUSTRIES, type Industry } from './industries';
import { fullName, personName } from './people';
import type { Random } from './random';
import { demoWebsite } from './text';
import { daysBefore } from './time';

export const NORTHWIND_KEY = 'northwind-labs';
export const DRAFT_STARTUP_KEY = 'draft-startup';
export const NORDIC_PARTNER_KEY = 'nordic-partner';
export const POLARIS_IMPACT_KEY = 'polaris-impact';

/** How many startups the demo has, the three named ones included. */
export const DEMO_COMPANY_COUNT = 180;

export interface CompanySeed {
  row: typeof companies.$inferInsert & { key: string; name: string; status: 'DRAFT' | 'ACTIVE' | 'INACTIVE' };
  /** Where it is based: its first country and its office city. */
  city: City;
  industry: Industry;
  /** How many jobs it posts, relative to the others. */
  hiring: number;
}

const TEAM_TITLES = ['COO', 'Head of Product', 'Head of Engineering', 'Head of People', 'Lead Designer', 'Head of Sales', 'CFO', 'Head of Marketing'];

const QUOTES = [
  'We hire curious people and give them real ownership from day one.',
  'Nothing beats a small team that trusts each other and ships.',
  'Our mission is bigger than any one of us, so we look for people who really care.',
  'We want to build the company we would have loved to join ourselves.',
  'The Nordics are the best place in the world to build a startup with a conscience.',
  'Flat hierarchy, short meetings and long lunches: that is how we work.',
];

function industryOf(key: string): Industry {
  const industry = INDUSTRIES.find((i) => i.key === key);
  if (!industry) throw new Error(`Unknown industry ${key}`);
  return industry;
}

function cityOf(locality: string): City {
  const city = CITIES.find((c) => c.locality === locality);
  if (!city) throw new Error(`Unknown city ${locality}`);
  return city;
}

function team(random: Random, countryCode: NordicCountryCode, size: number) {
  const titles = ['Co-founder & CEO', 'Co-founder & CTO', ...random.sample(TEAM_TITLES, size - 2)];
  const firstNames = new Set<string>();
  return titles.map((title) => {
    let name = personName(random, countryCode);
    // No two members of a small team share a first name.
    for (let tries = 0; firstNames.has(name.firstName) && tries < 10; tries++) name = personName(random, countryCode);
    firstNames.add(name.firstName);
    return { name: fullName(name), title, imageId: null };
  });
}

/** The profile every investor page links to, and the founder account's startup. */
function northwind(now: Date): CompanySeed {
  return {
    city: cityOf('Copenhagen'),
    industry: industryOf('saas'),
    hiring: 0,
    row: {
      key: NORTHWIND_KEY,
      name: 'Northwind Labs',
      status: 'ACTIVE',
      website: 'https://www.northwindlabs.test',
      whatWeDo:
        'Northwind Labs builds planning software that helps Nordic manufacturers cut energy use and waste. ' +
        'Our platform connects machines, orders and energy prices, and tells the shop floor what to run when.',
      countryCodes: ['DK', 'SE'],
      platforms: ['nordlys', 'sister'],
      team: [
        { name: 'Mads Holm', title: 'Co-founder & CEO', imageId: null },
        { name: 'Freja Lindqvist', title: 'Co-founder & CTO', imageId: null },
        { name: 'Oskar Berg', title: 'Head of Product', imageId: null },
        { name: 'Sofie Rasmussen', title: 'Head of People', imageId: null },
      ],
      quote: { text: 'We are building the quiet software that makes factories greener, and we need people who love hard problems.', author: 'Mads Holm, CEO' },
      views: 18_450,
      careersDomain: 'careers.northwind.test',
      // Verified, so the demo serves its career page (issue #33); with DOMAIN_DNS=off (the default outside
      // production) the daily re-check leaves it so. The token is the demo's own, not a random one.
      careersDomainState: 'verified',
      careersDomainToken: DEMO_DOMAIN_TOKEN,
      createdAt: daysBefore(now, 820),
      updatedAt: daysBefore(now, 2),
    },
  };
}

/** The company that runs the white-label feed on jobs.nordic-partner.test. */
function nordicPartner(now: Date): CompanySeed {
  return {
    city: cityOf('Copenhagen'),
    industry: industryOf('marketplace'),
    hiring: 1,
    row: {
      key: NORDIC_PARTNER_KEY,
      name: 'Nordic Partner',
      status: 'ACTIVE',
      website: 'https://www.nordicpartner.test',
      whatWeDo: 'Nordic Partner is a network of Danish business communities. We run a job board for our members with the best startup jobs in Denmark.',
      countryCodes: ['DK'],
      platforms: ['nordlys'],
      team: [
        { name: 'Camilla Thomsen', title: 'Managing Director', imageId: null },
        { name: 'Frederik Poulsen', title: 'Partnerships Manager', imageId: null },
      ],
      quote: null,
      views: 2_310,
      createdAt: daysBefore(now, 400),
      updatedAt: daysBefore(now, 10),
    },
  };
}

/** A startup that never finished its profile (spec 4: a DRAFT company forces the edit page). */
function draftStartup(now: Date): CompanySeed {
  return {
    city: cityOf('Aarhus'),
    industry: industryOf('saas'),
    hiring: 0,
    row: {
      key: DRAFT_STARTUP_KEY,
      name: 'Draft Startup',
      status: 'DRAFT',
      website: null,
      whatWeDo: null,
      countryCodes: ['DK'],
      platforms: ['nordlys'],
      team: [],
      quote: null,
      views: 0,
      createdAt: daysBefore(now, 3),
      updatedAt: daysBefore(now, 3),
    },
  };
}

/**
 * An ACTIVE startup listed only on the sister platform: not public here until its admin
 * (sister@nordlys.test) connects it with the connect-profile modal (spec 2.11, 7 platform call).
 * Inserted after the generated ones and without the random stream, so the rest of the demo is unchanged.
 */
export function polarisImpact(now: Date): CompanySeed['row'] {
  return {
    key: POLARIS_IMPACT_KEY,
    name: 'Polaris Impact',
    status: 'ACTIVE',
    website: 'https://www.polarisimpact.test',
    whatWeDo:
      'Polaris Impact measures the climate and social impact of Nordic startups, so that impact investors can compare portfolios on facts.',
    countryCodes: ['NO'],
    platforms: ['sister'],
    team: [
      { name: 'Kari Nordmann', title: 'Co-founder & CEO', imageId: null },
      { name: 'Ola Hansen', title: 'Co-founder & CTO', imageId: null },
    ],
    quote: null,
    views: 640,
    createdAt: daysBefore(now, 210),
    updatedAt: daysBefore(now, 5),
  };
}

function generated(random: Random, now: Date, taken: Set<string>): CompanySeed {
  const industry = random.pick(INDUSTRIES);
  const countryCode = random.weighted(COUNTRY_WEIGHTS);
  const city = random.weighted(citiesOf(countryCode));
  const { name, key } = startupName(random, industry, taken);
  const status = random.weighted([['ACTIVE', 88], ['INACTIVE', 8], ['DRAFT', 4]] as const);
  const members = team(random, countryCode, random.int(2, 4));
  const other = random.chance(0.25) ? random.pick(COUNTRY_WEIGHTS.filter(([c]) => c !== countryCode))[0] : null;
  const createdAt = daysBefore(now, random.int(90, 1500));
  return {
    city,
    industry,
    // A few startups hire a lot, most a little.
    hiring: status === 'ACTIVE' ? 1 + Math.floor(random.next() ** 3 * 12) : 0.5,
    row: {
      key,
      name,
      status,
      website: demoWebsite(name),
      whatWeDo: [
        `${name} builds ${random.pick(industry.products)} for ${random.pick(industry.audiences)}.`,
        ...(random.chance(0.8) ? [random.pick(industry.pitches)] : []),
      ].join(' '),
      countryCodes: other ? [countryCode, other] : [countryCode],
      platforms: random.chance(0.15) ? ['nordlys', 'sister'] : ['nordlys'],
      team: members,
      quote: random.chance(0.4) ? { text: random.pick(QUOTES), author: `${members[0]?.name}, CEO` } : null,
      views: Math.floor(random.next() ** 2 * 25_000) + 40,
      createdAt,
      updatedAt: daysBefore(now, random.int(0, 60)),
    },
  };
}

/** Every demo startup, the named ones first, in the order they are inserted. */
export function buildCompanies(random: Random, now: Date): CompanySeed[] {
  const named = [northwind(now), nordicPartner(now), draftStartup(now)];
  const taken = new Set(named.map((c) => c.row.key));
  const seeds = [...named];
  while (seeds.length < DEMO_COMPANY_COUNT) seeds.push(generated(random, now, taken));
  return seeds;
}
