/** Issue #11: not written yet (a helper fills this router). */
import { Hono } from 'hono';
import type { AppEnv } from '../http/viewer';
import type { RouterDeps } from './deps';

export function companyAdminRouter(_deps: RouterDeps) {
  return new Hono<AppEnv>();
}
