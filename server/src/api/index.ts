/** The /api app: public routers first, guarded ones after (style 1). */
import { Hono } from 'hono';
import type { AccountLimiters } from '../accounts/rate-limit';
import type { AuthParts } from '../auth-parts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { handleError } from '../errors';
import type { AppEnv } from '../http/viewer';
import { applicantRouter } from './applicant';
import { companiesRouter } from './companies';
import { contentRouter } from './content';
import { investorsRouter } from './investors';
import { jobsRouter } from './jobs';
import { siteRouter } from './site';
import { usersRouter } from './users';

export interface ApiOptions {
  /** Mail, captcha and provider for the account routes. */
  auth?: AuthParts;
  limiters: AccountLimiters;
}

export function apiRouter(
  db: Db,
  config: Pick<Config, 'productName' | 'products' | 'auth' | 'publicUrl'> & Partial<Pick<Config, 'trustProxy'>>,
  { auth, limiters }: ApiOptions,
) {
  return new Hono<AppEnv>()
    .route('/', jobsRouter(db))
    .route('/', companiesRouter(db, config.publicUrl))
    .route('/', investorsRouter(db))
    .route('/', contentRouter(db, config.productName))
    .route('/', siteRouter(config))
    .route('/', usersRouter({ db, config, auth, limiters }))
    .route('/', applicantRouter(db))
    .all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'E_NOT_FOUND' }, 404))
    .onError(handleError);
}
