/** The /api app: public routers first, guarded ones after (style 1). */
import { Hono } from 'hono';
import type { AccountLimiters } from '../accounts/rate-limit';
import type { SignInThrottleLimit } from '../accounts/sign-in-throttle';
import type { AuthParts } from '../auth-parts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DnsResolver } from '../dns/resolver';
import { handleError } from '../errors';
import type { AppEnv } from '../http/viewer';
import { adminRouter } from './admin';
import { blogRouter } from './blog';
import { dealsRouter } from './deals';
import { fundingQuizRouter } from './funding-quiz';
import { pagesRouter } from './pages';
import { contactRouter } from './contact';
import { showcaseRouter } from './showcase';
import { applicantRouter } from './applicant';
import { companyAdminRouter } from './company-admin';
import { companySettingsRouter } from './company-settings';
import type { RouterDeps } from './deps';
import type { MailOutbox } from '../queue/queue';
import type { Payments } from '../payments/provider';
import { investmentsRouter } from './investments';
import { hiringRouter } from './hiring';
import { jobAdminRouter } from './job-admin';
import { talentRouter } from './talent';
import { jobStatsRouter } from './job-stats';
import { digestRouter } from './digest';
import { engagementRouter } from './engagement';
import { queueAdminRouter } from './queue-admin';
import { paymentsRouter } from './payments';
import { investorAdminRouter } from './investor-admin';
import { teamRouter } from './team';
import { uploadRouter } from './upload';
import { whiteLabelFeedsRouter } from './white-label-feeds';
import { companiesRouter } from './companies';
import { contentRouter } from './content';
import { investorsRouter } from './investors';
import { jobsRouter } from './jobs';
import { searchesRouter } from './searches';
import { siteRouter } from './site';
import { usersRouter } from './users';

export interface ApiOptions {
  /** Mail, captcha and provider for the account routes. */
  auth?: AuthParts;
  /** The outbox mail goes through (with `auth`). */
  mail?: MailOutbox;
  limiters: AccountLimiters;
  /** Per-account sign-in throttling; SIGN_IN_THROTTLE when absent (tests loosen it). */
  signInThrottle?: SignInThrottleLimit;
  /** DNS for the domain check; the system's resolver when absent (tests pass dns/test-resolver.ts). */
  resolver?: DnsResolver;
  /** Stripe Checkout or invoices (issue #12); invoices when absent. */
  payments?: Payments;
}

export function apiRouter(
  db: Db,
  config: Pick<Config, 'productName' | 'products' | 'auth' | 'publicUrl'> & Partial<Pick<Config, 'trustProxy' | 'mainHosts' | 'teamEmail'>>,
  { auth, mail, limiters, signInThrottle, resolver, payments }: ApiOptions,
) {
  const deps: RouterDeps = { db, config, auth, mail, resolver, payments };
  return new Hono<AppEnv>()
    .route('/', jobsRouter(db))
    .route('/', companiesRouter(db, config))
    .route('/', investorsRouter(db))
    .route('/', contentRouter(db, config.productName))
    .route('/', siteRouter(config))
    .route('/', usersRouter({ db, config, auth, mail, limiters, signInThrottle }))
    .route('/', applicantRouter(deps))
    // Issue #11: the profile side's writes (guarded: each route checks membership itself).
    .route('/', companyAdminRouter(deps))
    .route('/', investorAdminRouter(deps))
    .route('/', adminRouter(deps))
    .route('/', investmentsRouter(deps))
    .route('/', teamRouter(deps))
    .route('/', companySettingsRouter(deps))
    .route('/', whiteLabelFeedsRouter(deps))
    .route('/', uploadRouter(deps))
    // Issue #12: jobs, payments and the job dashboard's figures.
    .route('/', jobAdminRouter(deps))
    .route('/', paymentsRouter(deps))
    .route('/', jobStatsRouter(deps))
    // Issue #13: saves, interest and follows; the candidate's lists; the applicant board.
    .route('/', talentRouter(deps))
    .route('/', hiringRouter(deps))
    // Issue #14: saved searches and their new-job counts.
    .route('/', searchesRouter(deps))
    // Issue #14: job digests, and the queue's dead letters for admins.
    .route('/', digestRouter(deps))
    .route('/', queueAdminRouter(deps))
    // Issue #14: the engagement log of spec 7 (public: visitors log too).
    .route('/', engagementRouter(deps))
    // Issue #15: the rest of the public site.
    .route('/', pagesRouter(deps))
    .route('/', contactRouter(deps))
    .route('/', showcaseRouter(deps))
    .route('/', blogRouter(deps))
    .route('/', dealsRouter(deps))
    .route('/', fundingQuizRouter(deps))
    .all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'E_NOT_FOUND' }, 404))
    .onError(handleError);
}
