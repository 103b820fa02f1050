/**
 * The loaders' side of the applicant board: the board's first page for the URL's filters (its
 * failure is shown on the page with a retry, not as an error page), and the configuration's column
 * colours (spec 3 `kanban.columnColors`), cached in the browser like the rest of the configuration.
 */
import type { Api } from '@nordlys/sdk/api';
import { createConfigCache, type ConfigCache } from '@nordlys/sdk/config-cache';
import type { PipelineStage } from '@nordlys/sdk/constants';
import type { ApplicantList, SiteConfig } from '@nordlys/sdk/schemas';
import { failureMessage } from '../form/errors';
import { boardQuery, onlyOpenChanged, type BoardFilters } from './filters';

export type BoardResult = { ok: true; list: ApplicantList } | { ok: false; message: string };

/** The board's first page, or why it could not be loaded. */
export function loadBoard(api: Api, companyKey: string, filters: BoardFilters): Promise<BoardResult> {
  return api.hiring.applicants(companyKey, boardQuery(filters)).then(
    (list): BoardResult => ({ ok: true, list }),
    (error: unknown): BoardResult => ({ ok: false, message: failureMessage(error, 'Please try again.') }),
  );
}

export type ColumnColors = Partial<Record<PipelineStage, string>>;

const caches = new WeakMap<Api, ConfigCache<SiteConfig>>();

/** The configured column colours; none (the sdk's then) when the configuration cannot be read. */
export async function kanbanColors(api: Api): Promise<ColumnColors> {
  // On the server each request has its own Api; in the browser one Api lives as long as the page.
  let cache = caches.get(api);
  if (!cache) {
    cache = createConfigCache(() => api.site.config());
    caches.set(api, cache);
  }
  try {
    return (await cache.get()).kanban.columnColors as ColumnColors;
  } catch {
    return {};
  }
}

/**
 * The board's pages load again when the filters change, not when a card opens or closes (`?open=`).
 * For a route module's `shouldRevalidate`.
 */
export function boardShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }): boolean {
  return onlyOpenChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
