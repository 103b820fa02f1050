/**
 * What a visitor meant to do before signing in (issue #13): Save, I'm interested, Follow or Apply.
 * The click opens the sign-in modal with spec 2.8's `to` set to the same page plus `?do={intent}`;
 * after sign-in the page comes back with the intent, completes it once, and drops it from the URL.
 *
 * @example withIntent('/jobs/12?ref=x', { kind: 'save', jobId: 12 }) // '/jobs/12?ref=x&do=save%3A12'
 */

export type Intent =
  | { kind: 'save' | 'interested' | 'apply'; jobId: number }
  | { kind: 'follow'; companyKey: string }
  /** Issue #14: pin the job search of the page's own URL ('pin:search'). */
  | { kind: 'pin' };
export type IntentKind = Intent['kind'];

/** The query parameter that carries the intent. */
export const INTENT_PARAM = 'do';

const JOB_KINDS = new Set(['save', 'interested', 'apply']);
const COMPANY_KEY = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The intent as its query value. @example intentValue({ kind: 'follow', companyKey: 'northwind-labs' }) // 'follow:northwind-labs' */
export function intentValue(intent: Intent): string {
  if (intent.kind === 'pin') return 'pin:search';
  return intent.kind === 'follow' ? `follow:${intent.companyKey}` : `${intent.kind}:${intent.jobId}`;
}

/** The intent of a query value, or null when it is none. */
export function parseIntent(value: string | null | undefined): Intent | null {
  if (!value) return null;
  const colon = value.indexOf(':');
  if (colon < 0) return null;
  const kind = value.slice(0, colon);
  const target = value.slice(colon + 1);
  if (kind === 'follow') return COMPANY_KEY.test(target) ? { kind, companyKey: target } : null;
  if (kind === 'pin') return target === 'search' ? { kind } : null;
  if (JOB_KINDS.has(kind) && /^[1-9]\d{0,9}$/.test(target)) return { kind: kind as 'save' | 'interested' | 'apply', jobId: Number(target) };
  return null;
}

function splitPath(path: string): { pathname: string; params: URLSearchParams; hash: string } {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = rest.indexOf('?');
  return {
    pathname: queryAt >= 0 ? rest.slice(0, queryAt) : rest,
    params: new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : ''),
    hash,
  };
}

function joinPath(pathname: string, params: URLSearchParams, hash: string): string {
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/** `path` (pathname, query, hash) with the intent set, replacing any other. */
export function withIntent(path: string, intent: Intent): string {
  const { pathname, params, hash } = splitPath(path);
  params.set(INTENT_PARAM, intentValue(intent));
  return joinPath(pathname, params, hash);
}

/** `path` without its intent. */
export function withoutIntent(path: string): string {
  const { pathname, params, hash } = splitPath(path);
  params.delete(INTENT_PARAM);
  return joinPath(pathname, params, hash);
}

/** The intent of a location's search string ('?do=save:12'), or null. */
export function readIntent(search: string): Intent | null {
  return parseIntent(new URLSearchParams(search).get(INTENT_PARAM));
}

/** Whether two intents are the same action on the same target. */
export function sameIntent(a: Intent, b: Intent): boolean {
  return intentValue(a) === intentValue(b);
}
