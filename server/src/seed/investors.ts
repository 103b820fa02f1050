/** The demo investors: 48 Nordic VCs, angels, accelerators, corporate VCs and family offices. */
import type { InvestorCategory } from '@nordlys/sdk/vocabulary';
import type { investors } from '../db/schema';
import { EXTRA_INVESTOR_INDUSTRIES, INDUSTRIES, industryLabel } from './industries';
import { fullName, personName } from './people';
import type { NordicCountryCode } from './places';
import type { Random } from './random';
import { demoWebsite, slugify } from './text';
import { daysBefore } from './time';

export const FJORD_VENTURES_KEY = 'fjord-ventures';

/** [name, category, home country]. Fjord Ventures first: it is the investor account's profile. */
const INVESTORS: readonly (readonly [string, InvestorCategory, NordicCountryCode])[] = [
  ['Fjord Ventures', 'VENTURE_CAPITAL', 'DK'],
  ['Aurora Capital', 'VENTURE_CAPITAL', 'SE'],
  ['Midnight Sun Angels', 'ANGEL', 'NO'],
  ['Skagerrak Ventures', 'VENTURE_CAPITAL', 'NO'],
  ['Boreal Partners', 'VENTURE_CAPITAL', 'FI'],
  ['Glacier Ventures', 'VENTURE_CAPITAL', 'IS'],
  ['Nordhavn Capital', 'VENTURE_CAPITAL', 'DK'],
  ['Tundra Ventures', 'VENTURE_CAPITAL', 'FI'],
  ['Lagom Ventures', 'VENTURE_CAPITAL', 'SE'],
  ['Saga Capital', 'VENTURE_CAPITAL', 'NO'],
  ['Kompas Ventures', 'VENTURE_CAPITAL', 'DK'],
  ['Polar Bear Partners', 'VENTURE_CAPITAL', 'NO'],
  ['Midgard Capital', 'VENTURE_CAPITAL', 'SE'],
  ['Sisu Ventures', 'VENTURE_CAPITAL', 'FI'],
  ['Hekla Capital', 'VENTURE_CAPITAL', 'IS'],
  ['Øresund Ventures', 'VENTURE_CAPITAL', 'DK'],
  ['Bothnia Ventures', 'VENTURE_CAPITAL', 'FI'],
  ['Vinter Capital', 'VENTURE_CAPITAL', 'SE'],
  ['Lofoten Partners', 'VENTURE_CAPITAL', 'NO'],
  ['Kattegat Growth Partners', 'VENTURE_CAPITAL', 'DK'],
  ['Copenhagen Founders Angels', 'ANGEL', 'DK'],
  ['Stockholm Tech Angels', 'ANGEL', 'SE'],
  ['Helsinki Deep Tech Angels', 'ANGEL', 'FI'],
  ['Reykjavík Angels', 'ANGEL', 'IS'],
  ['Aarhus Angel Network', 'ANGEL', 'DK'],
  ['Bergen Angels', 'ANGEL', 'NO'],
  ['Gothenburg Angel Circle', 'ANGEL', 'SE'],
  ['Tampere Angels', 'ANGEL', 'FI'],
  ['Nordic Impact Angels', 'ANGEL', 'DK'],
  ['Northstar Accelerator', 'ACCELERATOR', 'DK'],
  ['Fjellstart', 'ACCELERATOR', 'NO'],
  ['Lumi Accelerator', 'ACCELERATOR', 'FI'],
  ['Spire Lab', 'ACCELERATOR', 'SE'],
  ['Icebreaker Accelerator', 'ACCELERATOR', 'IS'],
  ['Harbour Launchpad', 'ACCELERATOR', 'DK'],
  ['Nordvind Energy Ventures', 'CORPORATE_VC', 'NO'],
  ['Baltic Shipping Ventures', 'CORPORATE_VC', 'DK'],
  ['Skandi Telecom Ventures', 'CORPORATE_VC', 'SE'],
  ['Suomi Forest Ventures', 'CORPORATE_VC', 'FI'],
  ['Hafið Seafood Ventures', 'CORPORATE_VC', 'IS'],
  ['Nordbank Innovation Fund', 'CORPORATE_VC', 'DK'],
  ['Holmgren Family Office', 'FAMILY_OFFICE', 'SE'],
  ['Strandberg Holding', 'FAMILY_OFFICE', 'NO'],
  ['Kjær Invest', 'FAMILY_OFFICE', 'DK'],
  ['Virtanen Family Office', 'FAMILY_OFFICE', 'FI'],
  ['Sævar Holdings', 'FAMILY_OFFICE', 'IS'],
  ['Aalto Seed Fund', 'VENTURE_CAPITAL', 'FI'],
  ['Eik Capital', 'VENTURE_CAPITAL', 'NO'],
];

const STAGES: Record<InvestorCategory, string> = {
  ANGEL: 'We are a network of experienced founders and operators who invest our own money and time in pre-seed and seed rounds.',
  VENTURE_CAPITAL: 'We lead seed and Series A rounds and stay hands-on through the growth years.',
  ACCELERATOR: 'Our programme gives early teams capital, mentors and a demo day in front of Nordic investors.',
  CORPORATE_VC: 'We invest alongside financial investors and open doors to our customers and industry know-how.',
  FAMILY_OFFICE: 'We take a patient, long-term view and invest in founders we believe in for decades, not years.',
};

const PEOPLE_TITLES: Record<InvestorCategory, readonly string[]> = {
  ANGEL: ['Chair', 'Board member', 'Angel investor'],
  VENTURE_CAPITAL: ['Managing Partner', 'Partner', 'Principal', 'Investment Manager'],
  ACCELERATOR: ['Programme Director', 'Partner', 'Venture Lead'],
  CORPORATE_VC: ['Head of Ventures', 'Investment Director', 'Investment Manager'],
  FAMILY_OFFICE: ['CEO', 'Investment Director'],
};

/**
 * Ticket sizes by kind (site configuration `investor.investmentRanges`), a few per kind so the funding
 * quiz (issue #15) has real differences to rank; picked by the investor's place in the list, not by the
 * random stream, so adding them left every other seeded value as it was.
 */
const TICKETS: Record<InvestorCategory, readonly (readonly string[])[]> = {
  ANGEL: [['0-100k'], ['0-100k', '100k-1m']],
  ACCELERATOR: [['0-100k']],
  VENTURE_CAPITAL: [['100k-1m'], ['100k-1m', '1m-5m'], ['1m-5m', '5m+']],
  CORPORATE_VC: [['1m-5m', '5m+'], ['1m-5m']],
  FAMILY_OFFICE: [['1m-5m', '5m+'], ['100k-1m', '1m-5m']],
};

/** spec 9's type keywords, as angel networks and ventures describe themselves. */
function typeKeywords(name: string, category: InvestorCategory): string[] {
  if (category === 'ANGEL') return [/Angels|Network|Circle/.test(name) ? 'ANGELS' : 'ANGEL'];
  return /Ventures/.test(name) ? ['VENTURES'] : [];
}

export type InvestorSeed = typeof investors.$inferInsert & { key: string; name: string };

/** Every demo investor, Fjord Ventures first; all ACTIVE. */
export function buildInvestors(random: Random, now: Date): InvestorSeed[] {
  const allIndustries = [...INDUSTRIES.map((i) => i.key), ...EXTRA_INVESTOR_INDUSTRIES];
  return INVESTORS.map(([name, category, countryCode], index) => {
    const industries = random.sample(allIndustries, random.int(2, 4));
    if (name.includes('Impact') && !industries.includes('impact')) industries.push('impact');
    // Fjord Ventures backs Northwind Labs, a SaaS startup.
    if (name === 'Fjord Ventures' && !industries.includes('saas')) industries.unshift('saas');
    const others = random.sample(['DK', 'SE', 'NO', 'FI', 'IS'].filter((c) => c !== countryCode), random.int(0, 3));
    const peopleCount = category === 'ANGEL' || category === 'FAMILY_OFFICE' ? random.int(1, 2) : random.int(2, 3);
    const website = demoWebsite(name);
    const tickets = TICKETS[category];
    return {
      key: slugify(name),
      name,
      status: 'ACTIVE',
      category,
      website,
      keyPeople: Array.from({ length: peopleCount }, (_, i) => ({
        name: fullName(personName(random, countryCode)),
        title: (PEOPLE_TITLES[category][i] ?? PEOPLE_TITLES[category][0]) as string,
        imageId: null,
      })),
      contactPreference: random.chance(0.4) ? 'EMAIL' : 'WEBSITE',
      // Every investor can be written to (the contact button of spec 3 needs it when the preference is EMAIL).
      contactEmail: `hello@${new URL(website).hostname.replace(/^www\./, '')}`,
      industries,
      intro: `${name} backs ambitious Nordic founders in ${industries.slice(0, 2).map(industryLabel).join(' and ')}. ${STAGES[category]}`,
      countryCodes: [countryCode, ...others],
      // Investors active in three or more Nordic countries invest across the Nordics; family offices also across Europe.
      markets: [...(others.length >= 2 ? ['nordics'] : []), ...(category === 'FAMILY_OFFICE' ? ['europe'] : [])],
      investmentRanges: [...tickets[index % tickets.length]!],
      typeKeywords: typeKeywords(name, category),
      // The sister platform is the investor platform: most investors are listed there too.
      platforms: random.chance(0.7) ? ['nordlys', 'sister'] : ['nordlys'],
      views: Math.floor(random.next() ** 2 * 12_000) + 25,
      createdAt: daysBefore(now, random.int(200, 1500)),
      updatedAt: daysBefore(now, random.int(0, 90)),
    } satisfies InvestorSeed;
  });
}
