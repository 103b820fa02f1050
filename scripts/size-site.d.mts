/** Types of size-site.mjs: the public pages' first-load JavaScript, from the site's manifest. */
import type { SiteAssets } from '../site/src/assets';
import type { RouteDef } from '../sdk/src/routes';

export interface ManifestRoute {
  id: string;
  path?: string;
  index?: boolean;
  module?: string;
  children?: ManifestRoute[];
}
export interface SiteManifest extends SiteAssets {
  tree: ManifestRoute[];
}
export interface Budget {
  bytes: number;
  requests: number;
  depth: number;
}
export interface SizeRow {
  name: string;
  url: string;
  page: string | null;
  scripts: string[];
  bytes: number;
  requests: number;
  depth: number;
  /** Within the target (BUDGET). */
  ok: boolean;
}
export declare const BUDGET: Budget;
export declare function publicRoutes(registry?: Record<string, RouteDef>): { name: string; def: RouteDef }[];
export declare function sampleUrl(def: RouteDef, tree: ManifestRoute[]): string;
export declare function measureSite(
  manifest: SiteManifest,
  gzipSizeOf: (url: string) => number,
  registry?: Record<string, RouteDef>,
  budget?: Budget,
): SizeRow[];
export declare function formatRows(rows: SizeRow[], budget?: Budget): string;
