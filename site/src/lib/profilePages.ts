/**
 * Loading a public startup or investor page (issue #11): the public record, or, for the members and
 * admins of one that is not public (a draft, one in review), its hidden record shown as a preview.
 * Everybody else gets 'Page not found', so the page never reveals that a hidden profile exists.
 */
import { isApiError, type Api } from '@nordlys/sdk/api';
import type { Company, Investor, User } from '@nordlys/sdk/schemas';
import { isCompanyPublic, isInvestorPublic } from '@nordlys/sdk/visibility';
import type { RouterContextProvider } from 'react-router';
import { apiFrom } from '../api';
import { viewerOf } from '../session/viewer';
import { notFound, orRouteError, rethrowAsRouteError } from './routeErrors';

type ContextReader = Pick<RouterContextProvider, 'get'>;

/** Company and investor keys: lower-case words joined by dashes; anything else cannot exist. */
export function isProfileKey(key: string): boolean {
  return key.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key);
}

/** Whether the viewer may see a hidden profile (spec 6: admins, and the profile's members). */
export function canPreview(user: User | null, kind: 'company' | 'investor', key: string): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return (kind === 'company' ? user.companies : user.investors).some((p) => p.key === key);
}

async function publicOrPreview<T>(
  context: ContextReader,
  kind: 'company' | 'investor',
  key: string,
  load: (api: Api) => { get: Promise<T>; hidden: () => Promise<T> },
): Promise<T> {
  if (!isProfileKey(key)) notFound();
  const calls = load(apiFrom(context));
  try {
    return await calls.get;
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) rethrowAsRouteError(error);
    const { user } = await viewerOf(context);
    if (!canPreview(user, kind, key)) rethrowAsRouteError(error);
    return orRouteError(calls.hidden());
  }
}

/** The startup of `/startups/{key}`, and whether it is shown as a preview (not public). */
export async function loadStartup(context: ContextReader, key: string): Promise<{ company: Company; preview: boolean }> {
  const company = await publicOrPreview(context, 'company', key, (api) => ({
    get: api.companies.get(key),
    hidden: () => api.companies.hidden(key),
  }));
  return { company, preview: !isCompanyPublic(company) };
}

/** The investor of `/funding/{key}`, and whether it is shown as a preview (not public). */
export async function loadInvestor(context: ContextReader, key: string): Promise<{ investor: Investor; preview: boolean }> {
  const investor = await publicOrPreview(context, 'investor', key, (api) => ({
    get: api.investors.get(key),
    hidden: () => api.investors.hidden(key),
  }));
  return { investor, preview: !isInvestorPublic(investor) };
}
