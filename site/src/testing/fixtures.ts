/** Fixed API answers for the site's tests: a few jobs and startups, and a fetch that serves them like /api would. */
import { createApi, type Api } from '@nordlys/sdk/api';
import type { Company, CompanySummary, Job, JobList, JobSummary, SiteConfig } from '@nordlys/sdk/schemas';

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
  salary: { type: 'range', min: 50000, max: 65000, currency: 'DKK' },
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

export function siteConfig(products: Record<string, boolean> = { headhunter: false }): SiteConfig {
  const none: { value: string; text: string }[] = [];
  return {
    productName: 'Nordlys',
    platform: 'nordlys',
    version: '1.0.02',
    products,
    site: { currency: 'DKK', countries: [{ value: 'DK', text: 'Denmark' }], ipDetectedCountryCode: 'DK' },
    industries: none,
    sdgs: none,
    interestedStatuses: none,
    job: { sorting: none, positionTypes: none, receiveApplicants: none, status: none, roles: [] },
    company: {
      funding: none,
      fundingStages: none,
      perks: none,
      stages: none,
      businessModels: none,
      slackNotifications: none,
      numberOfEmployees: none,
      keyFigureNames: none,
    },
    investor: { categories: none, investmentRanges: none, markets: none, contactPreferences: none },
    emailPlaceholders: [],
    uiFeatures: [],
    kanban: { columnColors: {} },
    toolCategories: none,
    partnerCategories: none,
  };
}

export interface FakeApiOptions {
  products?: Record<string, boolean>;
  /** Total reported by job searches (to test counts and paging). */
  searchTotal?: number;
  /** Whether that total is exact (false past the server's count cap). */
  searchTotalExact?: boolean;
  /** Report the results as similar titles rather than word matches. */
  searchFuzzy?: boolean;
}

/** A fetch answering the /api paths the site uses, recording every URL it was asked for. */
export function createFakeFetch(options: FakeApiOptions = {}) {
  const calls: URL[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push(url);
    const path = url.pathname.replace(/^\/api\//, '');
    const q = url.searchParams;
    let m: RegExpMatchArray | null;

    if (path === 'site/config-base') return json(siteConfig(options.products));
    if (path === 'v2/jobs/latest/3') return json({ jobs: [frontendJob, remoteJob, closedJob].map(summary) });
    if (path === 'v2/featuredjobs') return json({ jobs: [frontendJob, remoteJob].map(summary) });
    if (path === 'v2/jobs' || path === 'v2/jobsandfeatured') {
      const page = Number(q.get('page') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 20);
      const search = q.get('search')?.toLowerCase();
      const jobs = search === 'nothing' ? [] : [frontendJob, remoteJob].filter((j) => !search || j.title.toLowerCase().includes(search));
      const total = search === 'nothing' ? 0 : (options.searchTotal ?? jobs.length);
      const list: JobList = {
        jobs: jobs.map(summary),
        total,
        page,
        pageSize,
        pages: Math.ceil(total / pageSize),
        totalExact: options.searchTotalExact ?? true,
        fuzzy: options.searchFuzzy ?? false,
      };
      return path === 'v2/jobs' ? json(list) : json({ jobs: list, featuredJobs: [frontendJob, remoteJob].map(summary) });
    }
    if ((m = path.match(/^jobs\/single\/(\d+)$/))) {
      if (m[1] === '500') return json({ message: 'Database is down', code: 'E_INTERNAL' }, 500);
      const job = allJobs.find((j) => j.id === Number(m![1]));
      return job ? json(job) : json({ message: 'Job not found', code: 'E_NOT_FOUND' }, 404);
    }
    if ((m = path.match(/^v2\/jobs\/(\d+)\/related$/))) {
      return json({ jobs: allJobs.filter((j) => j.id !== Number(m![1]) && j.status === 'ACTIVE').map(summary) });
    }
    if (path === 'companiesProper') {
      const page = Number(q.get('page') ?? 1);
      const search = q.get('search')?.toLowerCase();
      const list = companies.filter((c) => !search || c.name.toLowerCase().includes(search));
      return json({ companies: list, total: list.length, page, pageSize: 24, pages: Math.ceil(list.length / 24) });
    }
    if ((m = path.match(/^companies\/([a-z0-9-]+)(\/jobs)?$/))) {
      if (m[1] !== auroraLabs.key) return json({ message: 'Company not found', code: 'E_NOT_FOUND' }, 404);
      return m[2] ? json({ jobs: [frontendJob, hostileJob].map(summary) }) : json(auroraLabs);
    }
    return json({ message: `No fixture for ${path}` }, 404);
  };
  return { fetch, calls };
}

/** An sdk Api over the fake fetch. */
export function createFakeApi(options: FakeApiOptions = {}, baseUrl = 'http://test/api/'): { api: Api; calls: URL[] } {
  const { fetch, calls } = createFakeFetch(options);
  return { api: createApi({ baseUrl, fetch, timeout: 5_000 }), calls };
}
