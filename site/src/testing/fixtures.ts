/** Fixed API answers for the site's tests: a fetch that serves the sdk's sample entities like /api would. */
import { createApi, type Api, type ApiOptions } from '@nordlys/sdk/api';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { placeKey } from '@nordlys/sdk/places';
import type { JobList, SiteConfig } from '@nordlys/sdk/schemas';
import { allJobs, auroraLabs, closedJob, companies, frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { answerAccount, type FakeAccount, type FakeRequest } from './accounts';
import { checkFakeAnswer } from './answer-schemas';
import { answerInvestments, startingPortfolios } from './investors';
import { answerJobAdmin } from './job-admin';
import { answerReviews, startingQueue } from './reviews';
import { answerTalent, talentState } from './talent';

export * from '@nordlys/sdk/testing';
export { demoUsers, type FakeAccount, type FakeRequest } from './accounts';

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
    auth: {
      signUp: true,
      captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' },
      provider: { name: 'LinkedIn', authorizeUrl: '/auth/linkedin' },
    },
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
  /** The visitor's account: users/me, sign-out, applicant, platform (testing/accounts.ts). Logged out when absent. */
  account?: FakeAccount;
}

/** A fetch answering the /api paths the site uses, recording every URL it was asked for. */
export function createFakeFetch(options: FakeApiOptions = {}) {
  const calls: URL[] = [];
  /** The account calls, with method and body. */
  const requests: FakeRequest[] = [];
  const account: FakeAccount = options.account ?? { user: null };
  const portfolios = startingPortfolios();
  const reviewQueue = startingQueue();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  /** Every answer is held to the sdk schema of its call, as the real server's are (answer-schemas.ts). */
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await answer(request);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    try {
      await checkFakeAnswer(request.method.toUpperCase(), path, response);
    } catch (error) {
      // Logged as well as thrown: a page turns a failed call into an error state, and the whole-site hooks fail on any console error.
      console.error(error);
      throw error;
    }
    return response;
  };

  /** The per-user fields of spec 3, as /api adds them for a signed-in viewer (server/src/api/viewer-marks.ts); none for a visitor. */
  const markJob = <J extends { id: number }>(job: J): J => {
    if (!account.user) return job;
    const state = talentState(account);
    return { ...job, saved: state.saved.has(job.id), interestedAt: state.interested.get(job.id) ?? null };
  };
  const markCompany = <C extends { key: string }>(company: C): C => (account.user ? { ...company, followed: talentState(account).followed.has(company.key) } : company);
  const summaries = (jobs: (typeof allJobs)[number][]) => jobs.map((job) => markJob(summary(job)));

  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(url);
    const path = url.pathname.replace(/^\/api\//, '');
    const q = url.searchParams;
    let m: RegExpMatchArray | null;

    const accountAnswer = await answerAccount(account, request, path, requests);
    if (accountAnswer) return accountAnswer;
    const investmentAnswer = await answerInvestments(portfolios, account.user, request, path, requests);
    if (investmentAnswer) return investmentAnswer;
    const reviewAnswer = answerReviews(reviewQueue, account.user, request, path, requests);
    if (reviewAnswer) return reviewAnswer;
    const jobAdminAnswer = answerJobAdmin(account.user, request, path, requests);
    if (jobAdminAnswer) return jobAdminAnswer;
    // Issue #13: save, interest, follow, the candidate's flags, lists and applications.
    const talentAnswer = answerTalent(account, request, path, requests);
    if (talentAnswer) return talentAnswer;
    if (path === 'site/config-base') return json(siteConfig(options.products));
    if (path === 'v2/jobs/latest/3') return json({ jobs: summaries([frontendJob, remoteJob, closedJob]) });
    if (path === 'v2/featuredjobs') return json({ jobs: summaries([frontendJob, remoteJob]) });
    if (path === 'v2/jobs' || path === 'v2/jobsandfeatured') {
      const page = Number(q.get('page') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 20);
      const search = q.get('search')?.toLowerCase();
      const jobs = search === 'nothing' ? [] : [frontendJob, remoteJob].filter((j) => !search || j.title.toLowerCase().includes(search));
      const total = search === 'nothing' ? 0 : (options.searchTotal ?? jobs.length);
      const list: JobList = {
        jobs: summaries(jobs),
        total,
        page,
        pageSize,
        pages: Math.ceil(total / pageSize),
        totalExact: options.searchTotalExact ?? true,
        fuzzy: options.searchFuzzy ?? false,
      };
      return path === 'v2/jobs' ? json(list) : json({ jobs: list, featuredJobs: summaries([frontendJob, remoteJob]) });
    }
    // Issue #32: a city by any spelling, as the server finds it by its place key; 404 for a city no job is in.
    if ((m = path.match(/^v2\/places\/([^/]+)\/([^/]+)$/))) {
      const [countryCode, city] = [decodeURIComponent(m[1]!).toUpperCase(), placeKey(decodeURIComponent(m[2]!))];
      const there = allJobs.filter((j) => j.location?.country === countryCode && j.location.locality && placeKey(j.location.locality) === city);
      return there.length ? json({ countryCode, city: there[0]!.location!.locality!, jobs: there.length }) : json({ message: API_MESSAGES.notFound('City'), code: 'E_NOT_FOUND' }, 404);
    }
    if ((m = path.match(/^jobs\/single\/(\d+)$/))) {
      if (m[1] === '500') return json({ message: API_MESSAGES.internal, code: 'E_INTERNAL' }, 500);
      // An expired job (issue #12): the API answers 410 Gone.
      if (m[1] === '410') return json({ message: 'This job has expired', code: 'E_GONE' }, 410);
      const job = allJobs.find((j) => j.id === Number(m![1]));
      return job ? json(markJob({ ...job, company: markCompany(job.company) })) : json({ message: API_MESSAGES.notFound('Job'), code: 'E_NOT_FOUND' }, 404);
    }
    if ((m = path.match(/^v2\/jobs\/(\d+)\/related$/))) {
      return json({ jobs: summaries(allJobs.filter((j) => j.id !== Number(m![1]) && j.status === 'ACTIVE')) });
    }
    if (path === 'companiesProper') {
      const page = Number(q.get('page') ?? 1);
      const search = q.get('search')?.toLowerCase();
      const list = companies.filter((c) => !search || c.name.toLowerCase().includes(search));
      return json({ companies: list.map(markCompany), total: list.length, page, pageSize: 24, pages: Math.ceil(list.length / 24) });
    }
    if ((m = path.match(/^companies\/([a-z0-9-]+)(\/jobs)?$/))) {
      if (m[1] !== auroraLabs.key) return json({ message: API_MESSAGES.notFound('Company'), code: 'E_NOT_FOUND' }, 404);
      return m[2] ? json({ jobs: summaries([frontendJob, hostileJob]) }) : json(markCompany(auroraLabs));
    }
    return json({ message: `No fixture for ${path}` }, 404);
  };
  return { fetch, calls, requests, account };
}

/** An sdk Api over the fake fetch. */
export function createFakeApi(
  options: FakeApiOptions = {},
  baseUrl = 'http://test/api/',
  apiOptions: Omit<ApiOptions, 'baseUrl' | 'fetch'> = {},
): { api: Api; calls: URL[]; requests: FakeRequest[]; account: FakeAccount } {
  const { fetch, calls, requests, account } = createFakeFetch(options);
  return { api: createApi({ baseUrl, fetch, timeout: 5_000, ...apiOptions }), calls, requests, account };
}
