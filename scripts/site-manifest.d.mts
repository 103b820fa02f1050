/** Types of site-manifest.mjs: site/dist/manifest.json from the client build's output. */
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { ManifestRoute, SiteManifest } from './size-site.mjs';

export declare function routeTable(root: string): Promise<ManifestRoute[]>;
export declare function siteManifest(
  bundle: Record<string, OutputChunk | OutputAsset> | readonly (OutputChunk | OutputAsset)[],
  options: { root: string; outDir: string; publicDir: string; tree: ManifestRoute[]; styles?: string[] },
): SiteManifest;
export declare function writeSiteManifest(path: string, manifest: SiteManifest): Promise<void>;
