/** Types of client-bundle.mjs: the site's browser bundle (rolldown), its chunk plan and its stylesheet. */
import type { BuildOptions, Metafile } from 'esbuild';
import type { OutputOptions, Plugin, RolldownOptions } from 'rolldown';
import type { ManifestRoute } from './size-site.mjs';

export type SiteRuntime = 'preact' | 'react';
export declare const SITE_RUNTIME: SiteRuntime;
export declare const BROWSER_TARGETS: string[];

/** A chunk of the first, automatically split output, as planChunks reads it. */
export interface PlannedChunk {
  /** File name. */
  name: string;
  modules: readonly string[];
  /** Static imports, by file name. */
  imports: readonly string[];
  size: number;
  isEntry: boolean;
  /** Not to be merged (rolldown's runtime). */
  pinned?: boolean;
}
export declare function planChunks(input: {
  chunks: readonly PlannedChunk[];
  loads: readonly (readonly string[])[];
  maxRequests: number;
  nameOf?: (ids: readonly string[]) => string;
}): Map<string, string>;
export declare function publicPageLoads(tree: ManifestRoute[], root: string): string[][];
export declare function preactAliases(root: string): Plugin;
export declare const cssImportsEmpty: Plugin;
export declare function chunkPlanner(options: {
  root: string;
  publicLoads: () => Promise<string[][]>;
  maxRequests: number;
  enabled?: boolean;
}): { plugin: Plugin & { api: { planned: () => Map<string, string> | undefined } }; codeSplitting: NonNullable<OutputOptions['codeSplitting']> };
export declare function clientBundleOptions(options: {
  root: string;
  outDir: string;
  runtime?: SiteRuntime;
  publicLoads: () => Promise<string[][]>;
  maxRequests: number;
  plan?: boolean;
  plugins?: Plugin[];
}): RolldownOptions & { output: OutputOptions; plugins: Plugin[] };
export declare function stylesOptions(options: { root: string; outDir: string }): BuildOptions & { plugins: NonNullable<BuildOptions['plugins']> };
export declare function stylesheetOf(metafile: Metafile, root: string): string;
export declare function buildStyles(options: { root: string; outDir: string }): Promise<string>;
