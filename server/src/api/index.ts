/** The /api app: public routers first, guarded ones after (style 1). */
import { Hono } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { handleError } from '../errors';
import type { AppEnv } from '../http/viewer';
import { companiesRouter } from './companies';
import { contentRouter } from './content';
import { investorsRouter } from './investors';
import { jobsRouter } from './jobs';
import { siteRouter } from './site';

export function apiRouter(db: Db, config: Pick<Config, 'productName' | 'products' | 'auth'>) {
  return new Hono<AppEnv>()
    .route('/', jobsRouter(db))
    .route('/', companiesRouter(db))
    .route('/', investorsRouter(db))
    .route('/', contentRouter(db, config.productName))
    .route('/', siteRouter(config))
    .all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'E_NOT_FOUND' }, 404))
    .onError(handleError);
}
