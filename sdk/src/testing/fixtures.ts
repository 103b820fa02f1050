/** Sample entities for tests across the workspaces: a few jobs and startups as the API answers them. */
import type { Company, CompanySummary, Job, JobSummary, User } from '../schemas/index';

const DAY = 86_400_000;
export const NOW = Date.now();
const daysAgo = (n: number) => new Date(NOW - n * DAY).toISOString();
const inDays = (n: number) => new Date(NOW + n * DAY).toISOString();

export const auroraLabs: Company = {
  id: 1,
  key: 'aurora-labs',
  name: 'Aurora Labs',
  logoImage: null,
  website: 'aurora-labs.example',
  whatWeDo: 'We build tools that forecast the northern lights for photographers and tour operators.',
  countries: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
  numberOfActiveJobs: 2,
  status: 'ACTIVE',
  coverImage: null,
  addresses: [],
  fundingStage: null,
  numberOfEmployees: null,
  businessModel: null,
  perks: [],
  industries: [],
  sdgs: [],
  keyFigures: [],
  foundedYear: null,
  galleryImages: [],
  team: [
    { name: 'Freja Holm', title: 'CEO', image: null },
    { name: 'Mads Berg', title: 'CTO', image: null },
  ],
  investors: [
    { key: 'north-ventures', name: 'North Ventures', website: null, category: 'VENTURE_CAPITAL' },
    { key: null, name: 'Ingrid Angel', website: 'ingrid.example', category: 'ANGEL' },
  ],
  quote: { text: 'We hire curious people who like hard problems.', author: 'Freja Holm, CEO' },
  views: 1234,
  linkedinId: null,
  platform: { nordlys: true },
};

const auroraSummary: CompanySummary = {
  id: auroraLabs.id,
  key: auroraLabs.key,
  name: auroraLabs.name,
  logoImage: null,
  website: auroraLabs.website,
  whatWeDo: auroraLabs.whatWeDo,
  countries: auroraLabs.countries,
  numberOfActiveJobs: 2,
};

const fjordPay: CompanySummary = {
  id: 2,
  key: 'fjord-pay',
  name: 'Fjord Pay',
  logoImage: {
    path: 'fjord.png',
    sizes: {
      large: '/images/large/fjord.png',
      cover: '/images/cover/fjord.png',
      thumbnail: '/images/thumbnail/fjord.png',
      listing: '/images/listing/fjord.png',
      portrait: '/images/portrait/fjord.png',
      social: '/images/social/fjord.png',
    },
  },
  website: 'https://fjordpay.example',
  whatWeDo: 'Payments for Nordic small businesses.',
  countries: [{ countryCode: 'NO' }],
  numberOfActiveJobs: 1,
};

const ref = (c: CompanySummary) => ({ id: c.id, key: c.key, name: c.name, logoImage: c.logoImage });

export const frontendJob: Job = {
  id: 1,
  title: 'Senior Frontend Engineer',
  status: 'ACTIVE',
  company: auroraSummary,
  location: { locality: 'Copenhagen', country: 'DK', address: 'Njalsgade 21, 2300 København S' },
  isRemote: false,
  categories: ['frontend', 'design'],
  positionType: 'FULL_TIME',
  salary: { type: 'range', min: 50000, max: 65000, currency: 'DKK', period: 'year' },
  equity: { type: 'percentage', min: 0.1, max: 0.5 },
  createdAt: daysAgo(3),
  approvedAt: daysAgo(3),
  boostingExpiresAt: inDays(5),
  expirationDate: inDays(27),
  views: 321,
  board: 'nordlys',
  description: '<p>Build &amp; ship our <strong>forecast</strong> app.</p><h3>You</h3><ul><li>React</li></ul>',
  perks: ['coffee', 'equity', 'gym', 'unknown-perk'],
};

export const remoteJob: Job = {
  ...frontendJob,
  id: 2,
  title: 'Remote Data Scientist',
  company: fjordPay,
  location: { locality: null, country: 'NO', address: null },
  isRemote: true,
  categories: ['data-science'],
  positionType: 'FREELANCE',
  salary: { type: 'competitive', min: null, max: null, currency: null },
  equity: null,
  boostingExpiresAt: null,
  createdAt: daysAgo(10),
  approvedAt: daysAgo(10),
  description: '<p>Model payments risk.</p>',
  perks: [],
};

/** A title written to break out of script elements; it must come back intact and harmless. */
export const hostileJob: Job = {
  ...frontendJob,
  id: 3,
  title: 'QA Lead </script><script>alert(1)</script>',
  boostingExpiresAt: null,
  description: '<p>Test &lt;/script&gt; everything.</p>',
};

export const closedJob: Job = { ...frontendJob, id: 4, title: 'Growth Marketer', status: 'EXPIRED', boostingExpiresAt: null };

export const allJobs: Job[] = [frontendJob, remoteJob, hostileJob, closedJob];

export function summary(job: Job): JobSummary {
  const { description: _d, perks: _p, company, ...rest } = job;
  return { ...rest, company: ref(company) };
}

export const companies: CompanySummary[] = [auroraSummary, fjordPay];

/** A user with no profile; pass what a test needs (companies, investors, applicant, isAdmin …). */
export function makeUser(more: Partial<User> = {}): User {
  return {
    id: 7,
    name: { first: 'Sofie', last: 'Kjær' },
    fullName: 'Sofie Kjær',
    email: 'sofie@nordlys.test',
    image: null,
    imageUrl: null,
    isAdmin: false,
    isEmailVerified: true,
    companies: [],
    investors: [],
    applicant: null,
    applicantProfile: null,
    profile: null,
    uiFeatures: [],
    ...more,
  };
}
