/** The startup industries of the demo: name suffixes, what such a startup builds, and for whom (keys from the sdk vocabulary). */
import { INDUSTRIES as INDUSTRY_TERMS, termText, type IndustryValue } from '@nordlys/sdk/vocabulary';

export interface Industry {
  /** The industry, as the site configuration and investors list it. */
  key: IndustryValue;
  /** Name endings that sound like this industry ("Pay", "Health"). */
  suffixes: readonly string[];
  products: readonly string[];
  audiences: readonly string[];
  /** The second sentence of "what we do". */
  pitches: readonly string[];
  /** The job categories such a startup hires for most, besides the common ones. */
  categories: readonly string[];
}

export const INDUSTRIES: readonly Industry[] = [
  {
    key: 'fintech',
    suffixes: ['Pay', 'Finance', 'Ledger', 'Invest'],
    products: ['an invoicing and payments platform', 'a spend-management app', 'real-time payment infrastructure', 'an open-banking API', 'automated bookkeeping'],
    audiences: ['small businesses', 'freelancers', 'Nordic banks', 'online merchants', 'growing scale-ups'],
    pitches: ['Our customers close their books in days instead of weeks.', 'We process payments in all five Nordic currencies.', 'We are licensed by the Danish FSA and growing across Europe.'],
    categories: ['backend', 'finance', 'legal', 'sales'],
  },
  {
    key: 'cleantech',
    suffixes: ['Energy', 'Grid', 'Carbon', 'Power'],
    products: ['software that balances renewable energy on the grid', 'carbon accounting', 'smart heat pumps', 'battery storage for wind farms', 'a marketplace for surplus heat'],
    audiences: ['utilities', 'property owners', 'manufacturers', 'municipalities'],
    pitches: ['Every installation we ship cuts tonnes of CO2 a year.', 'We want to make the Nordics the first fossil-free region.', 'Our pilots with three utilities went into production this year.'],
    categories: ['engineer', 'data-science', 'operations', 'business-development'],
  },
  {
    key: 'healthtech',
    suffixes: ['Health', 'Care', 'Bio', 'Med'],
    products: ['a digital clinic', 'remote patient monitoring', 'an AI assistant for radiologists', 'home care scheduling', 'at-home diagnostic tests'],
    audiences: ['patients with chronic conditions', 'hospitals', 'municipal care services', 'general practitioners'],
    pitches: ['We work closely with clinicians in every product decision.', 'Our product is CE-marked as a medical device.', 'More than 100,000 patients have used our service.'],
    categories: ['mobile', 'qa', 'legal', 'customer-success'],
  },
  {
    key: 'saas',
    suffixes: ['Labs', 'Works', 'Cloud', 'Systems', 'Stack'],
    products: ['workflow automation', 'a collaboration tool', 'customer feedback analytics', 'scheduling software', 'a developer platform'],
    audiences: ['product teams', 'hybrid workplaces', 'customer support teams', 'software engineers'],
    pitches: ['Teams in more than 40 countries use our product every day.', 'We are profitable and growing without burning cash.', 'We ship to production many times a day.'],
    categories: ['fullstack', 'frontend', 'product-management', 'customer-success'],
  },
  {
    key: 'ai',
    suffixes: ['AI', 'Analytics', 'Data', 'Insights'],
    products: ['language models for the Nordic languages', 'demand forecasting', 'computer vision for quality control', 'document understanding'],
    audiences: ['retailers', 'manufacturers', 'public agencies', 'insurance companies'],
    pitches: ['Our research team publishes at the major machine learning conferences.', 'We train our models on Nordic data, in Nordic data centres.', 'Our forecasts cut food waste by a third for our customers.'],
    categories: ['data-science', 'backend', 'analyst', 'devops'],
  },
  {
    key: 'mobility',
    suffixes: ['Mobility', 'Logistics', 'Fleet', 'Ride'],
    products: ['route planning for delivery fleets', 'electric bike subscriptions', 'charging for electric vehicles', 'freight booking'],
    audiences: ['logistics companies', 'commuters', 'city fleets', 'e-commerce shops'],
    pitches: ['We move parcels for thousands of shops every day.', 'Our fleet is fully electric.', 'We operate in twelve Nordic cities.'],
    categories: ['mobile', 'operations', 'engineer', 'data-science'],
  },
  {
    key: 'edtech',
    suffixes: ['Learning', 'Academy', 'Edu', 'Minds'],
    products: ['adaptive maths lessons', 'a language learning app', 'upskilling courses for engineers', 'a platform for teachers'],
    audiences: ['primary schools', 'adult learners', 'companies', 'newcomers to the Nordics'],
    pitches: ['Half of all Danish primary schools use our lessons.', 'Our learners finish courses at twice the industry rate.', 'Teachers helped design every feature.'],
    categories: ['frontend', 'design', 'marketing', 'customer-success'],
  },
  {
    key: 'foodtech',
    suffixes: ['Foods', 'Kitchen', 'Harvest', 'Farms'],
    products: ['plant-based seafood', 'vertical farms', 'a marketplace for surplus food', 'precision fermentation'],
    audiences: ['supermarkets', 'restaurants', 'conscious consumers', 'food producers'],
    pitches: ['Our products are in stores across all five Nordic countries.', 'We grow greens all year round, without pesticides.', 'We saved over a million meals from the bin last year.'],
    categories: ['operations', 'sales', 'marketing', 'engineer'],
  },
  {
    key: 'security',
    suffixes: ['Security', 'Shield', 'Guard', 'Identity'],
    products: ['passwordless login', 'threat detection', 'security training', 'compliance automation'],
    audiences: ['mid-sized companies', 'banks', 'public sector IT', 'software vendors'],
    pitches: ['We protect more than two million logins a day.', 'Our founders ran security at two Nordic unicorns.', 'NIS2 made our product a must-have.'],
    categories: ['backend', 'devops', 'legal', 'sales'],
  },
  {
    key: 'marketplace',
    suffixes: ['Market', 'Hub', 'Swap', 'Rent'],
    products: ['a second-hand marketplace', 'rentals of outdoor gear', 'a marketplace for craftspeople', 'a booking platform for local services'],
    audiences: ['families', 'outdoor lovers', 'homeowners', 'small shops'],
    pitches: ['Our community counts more than half a million members.', 'Every item reused is one less item produced.', 'We doubled our gross merchandise value last year.'],
    categories: ['marketing', 'mobile', 'customer-success', 'product-management'],
  },
  {
    key: 'gaming',
    suffixes: ['Games', 'Studio', 'Play', 'Interactive'],
    products: ['cosy multiplayer games', 'mobile puzzle games', 'tools for game studios', 'a cloud gaming service'],
    audiences: ['players worldwide', 'indie studios', 'families', 'streamers'],
    pitches: ['Our last title reached ten million downloads.', 'We are a small studio with a big backlog of ideas.', 'We playtest every Friday with the whole team.'],
    categories: ['design', 'ux-ui-designer', 'qa', 'mobile'],
  },
  {
    key: 'robotics',
    suffixes: ['Robotics', 'Dynamics', 'Automation', 'Drones'],
    products: ['collaborative robots', 'inspection drones', 'warehouse automation', 'autonomous boats'],
    audiences: ['factories', 'offshore wind operators', 'warehouses', 'ports'],
    pitches: ['Our robots run in production at 60 sites.', 'We design both hardware and software in-house.', 'We were spun out of a Nordic technical university.'],
    categories: ['engineer', 'backend', 'qa', 'project-management'],
  },
  {
    key: 'proptech',
    suffixes: ['Homes', 'Spaces', 'Build', 'Living'],
    products: ['energy monitoring for buildings', 'digital tools for construction sites', 'co-living', 'a platform for property managers'],
    audiences: ['housing associations', 'builders', 'tenants', 'property owners'],
    pitches: ['We manage more than 30,000 homes.', 'Buildings account for a third of emissions, and we want to fix that.', 'Construction is the least digitised industry, which is our opportunity.'],
    categories: ['fullstack', 'business-development', 'project-management', 'sales'],
  },
];

/** Industries investors may also list: the vocabulary's industries no demo startup is in. */
export const EXTRA_INVESTOR_INDUSTRIES: readonly IndustryValue[] = INDUSTRY_TERMS.map((t) => t.value).filter(
  (value) => !INDUSTRIES.some((i) => i.key === value),
);

/**
 * An industry as it reads in a sentence: the vocabulary's text, lower-cased unless it is a name
 * such as "SaaS" or "AI".
 * @example industryLabel('saas') // 'SaaS'
 * @example industryLabel('deeptech') // 'deep tech'
 */
export function industryLabel(key: string): string {
  const text = termText(INDUSTRY_TERMS, key);
  return /[A-Z]/.test(text.slice(1)) ? text : text.toLowerCase();
}
