/**
 * Which scripts a page loads first, from the build's manifest (scripts/site-manifest.mjs): the entry,
 * the page chunks of the matched routes, and everything those import statically. The server lists
 * them all in the HTML (modulepreload), so no script waits for another to be discovered; the size
 * check (scripts/size-site.mjs) weighs the same list. Plain TypeScript: Node runs it as it is.
 */

/** The part of site/dist/manifest.json a page needs. */
export interface SiteAssets {
  /** The entry script (module); the first is the one the page runs. */
  scripts: string[];
  styles: string[];
  /** Every script's static imports, by URL. */
  imports?: Record<string, string[]>;
  /** Each lazy route's page chunk, by route id. */
  routes?: Record<string, string>;
}

/** The scripts a page with these matched routes loads before it is interactive, entry first, each once. */
export function pageScripts(assets: SiteAssets, routeIds: readonly string[]): string[] {
  const seen = new Set<string>();
  const add = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const next of assets.imports?.[url] ?? []) add(next);
  };
  for (const url of assets.scripts) add(url);
  for (const id of routeIds) {
    const chunk = assets.routes?.[id];
    if (chunk) add(chunk);
  }
  return [...seen];
}

/**
 * How deep the page's requests go: a script listed in the HTML is fetched at depth 1; one found only
 * in another's imports (or a page chunk the entry loads) one level below the first that reveals it.
 */
export function waterfallDepth(assets: SiteAssets, routeIds: readonly string[], listed: readonly string[]): number {
  const depth = new Map<string, number>(listed.map((url) => [url, 1]));
  const queue = [...listed];
  const reveal = (url: string, from: string) => {
    if (depth.has(url)) return;
    depth.set(url, (depth.get(from) ?? 1) + 1);
    queue.push(url);
  };
  // The entry loads the matched routes' page chunks when it runs.
  const entry = assets.scripts[0];
  if (entry !== undefined) {
    for (const id of routeIds) {
      const chunk = assets.routes?.[id];
      if (chunk) reveal(chunk, entry);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const url = queue[i] as string;
    for (const next of assets.imports?.[url] ?? []) reveal(next, url);
  }
  return Math.max(0, ...depth.values());
}
