/** Who invested in whom: investors' portfolio entries and, mirrored, the investors listed on each startup. */
import type { companyInvestors, investments } from '../db/schema';
import { DRAFT_STARTUP_KEY, NORDIC_PARTNER_KEY, NORTHWIND_KEY } from './companies';
import { FJORD_VENTURES_KEY } from './investors';
import type { Random } from './random';
import { demoWebsite } from './text';

interface Profile {
  id: number;
  key: string;
  name: string;
  website: string | null;
  status?: string;
}

/** Past deals of investors that are not (or no longer) startups on the site. */
const EXITED = ['Kelpie Robotics', 'Flint Payments', 'Mjølner Games', 'Saltvik Seafood Tech', 'Otso Analytics', 'Huginn Security', 'Tidewater Energy', 'Brygga Homes', 'Kuura Health', 'Hygga Kids'];

/** Investors that always back Northwind Labs, so its profile shows a linked investor. */
const NORTHWIND_BACKERS = [FJORD_VENTURES_KEY, 'aurora-capital', 'midnight-sun-angels'];

/** Own entries (investors without a profile on the site) that a few startups list. */
const OWN_INVESTORS: readonly (readonly [string, string])[] = [
  ['Friends & family', 'ANGEL'],
  ['Former colleagues (angel round)', 'ANGEL'],
  ['Hanseatic Growth Fund', 'VENTURE_CAPITAL'],
  ['Amstel Seed Partners', 'VENTURE_CAPITAL'],
];

export function buildPortfolio(
  random: Random,
  startups: readonly Profile[],
  backers: readonly Profile[],
): { investments: (typeof investments.$inferInsert)[]; companyInvestors: (typeof companyInvestors.$inferInsert)[] } {
  const investable = startups.filter((c) => c.status === 'ACTIVE' && c.key !== NORDIC_PARTNER_KEY && c.key !== DRAFT_STARTUP_KEY);
  const northwind = startups.find((c) => c.key === NORTHWIND_KEY);
  const rows: (typeof investments.$inferInsert)[] = [];
  const backed = new Map<number, number[]>();
  for (const investor of backers) {
    const picks = random.sample(
      investable.filter((c) => c.key !== NORTHWIND_KEY),
      random.int(2, 7),
    );
    if (northwind && NORTHWIND_BACKERS.includes(investor.key)) picks.unshift(northwind);
    for (const company of picks) {
      rows.push({ investorId: investor.id, companyId: company.id, name: company.name, website: company.website });
      backed.set(company.id, [...(backed.get(company.id) ?? []), investor.id]);
    }
    for (const name of random.sample(EXITED, random.int(0, 2))) {
      rows.push({ investorId: investor.id, companyId: null, name, website: demoWebsite(name) });
    }
  }
  const listed: (typeof companyInvestors.$inferInsert)[] = [];
  for (const company of startups) {
    const investorIds = backed.get(company.id) ?? [];
    investorIds.forEach((investorId, position) => listed.push({ companyId: company.id, investorId, position }));
    if (company.key !== NORTHWIND_KEY && investable.includes(company) && random.chance(0.08)) {
      const [name, category] = random.pick(OWN_INVESTORS);
      const website = category === 'ANGEL' ? null : demoWebsite(name);
      listed.push({ companyId: company.id, investorId: null, name, website, category, position: investorIds.length });
    }
  }
  if (northwind) {
    const position = backed.get(northwind.id)?.length ?? 0;
    listed.push({ companyId: northwind.id, investorId: null, name: 'Hanseatic Growth Fund', website: demoWebsite('Hanseatic Growth Fund'), category: 'VENTURE_CAPITAL', position });
  }
  return { investments: rows, companyInvestors: listed };
}
