// Issue #16: the JavaScript each public page loads before it is interactive. Reads the site's build
// (site/dist/manifest.json and the files it names), weighs, for every public route of the URL registry,
// the scripts the server lists in the page (site/src/assets.ts: the entry, the matched routes' page
// chunks and their static imports, each gzip -9), counts them and the depth of their waterfall; prints
// a table and exits 1 when a page passes the BUDGET (npm test runs it: check:package).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { matchRoutes } from 'react-router';
import { ROUTES } from '../sdk/src/routes.ts';
import { pageScripts, waterfallDepth } from '../site/src/assets.ts';

/** Issue #16's budget for every public page: first-load JavaScript (gzip), script requests, waterfall depth. */
export const BUDGET = { bytes: 110 * 1024, requests: 6, depth: 2 };


/** The registry's pages a visitor reaches without signing in: served by the site, not under /client, on the main host. */
export function publicRoutes(registry = ROUTES) {
  return Object.entries(registry)
    .filter(([, def]) => def.built === 'site' && !def.host && !def.path.startsWith('/client'))
    .map(([name, def]) => ({ name, def }));
}

/** Every static path of the route tree, to find a parameter value the router has its own route for ('/jobs/:landing'). */
function staticPaths(tree, base = '') {
  return tree.flatMap((route) => {
    const path = route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return [...(route.path && !route.path.includes(':') && !route.path.includes('*') ? [path] : []), ...staticPaths(route.children ?? [], path)];
  });
}

/**
 * A URL of the route: each parameter a value the router serves statically when the route's shape
 * asks for one (a landing page's slug), else a sample word.
 */
export function sampleUrl(def, tree) {
  const segments = def.path.split('/');
  const known = staticPaths(tree).map((p) => p.split('/'));
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const shape = def.shapes?.[segment.slice(1)];
      if (!shape) return 'sample';
      const fits = known.find((p) => p.length === segments.length && segments.every((s, j) => j === i || s.startsWith(':') || s === p[j]) && shape.test(p[i]));
      return fits ? fits[i] : 'sample';
    })
    .join('/') || '/';
}

/** One row per public route: its sample URL, matched route ids, scripts, gzip bytes, requests and waterfall depth. */
export function measureSite(manifest, gzipSizeOf, registry = ROUTES, budget = BUDGET) {
  return publicRoutes(registry).map(({ name, def }) => {
    const url = sampleUrl(def, manifest.tree);
    const ids = (matchRoutes(manifest.tree, url) ?? []).map((m) => m.route.id);
    const scripts = pageScripts(manifest, ids);
    const bytes = scripts.reduce((sum, file) => sum + gzipSizeOf(file), 0);
    const depth = waterfallDepth(manifest, ids, scripts);
    const within = (limit) => bytes <= limit.bytes && scripts.length <= limit.requests && depth <= limit.depth;
    return { name, url, page: ids.at(-1) ?? null, scripts, bytes, requests: scripts.length, depth, ok: within(budget) };
  });
}

/** The table the check prints. */
export function formatRows(rows, budget = BUDGET) {
  const lines = rows.map(
    (r) => `${r.ok ? '✓' : '✗'} ${r.name.padEnd(24)} ${r.url.padEnd(38)} ${String(r.bytes).padStart(7)} B ${String(r.requests).padStart(2)} req depth ${r.depth}`,
  );
  const worst = Math.max(0, ...rows.map((r) => r.bytes));
  return [
    `  ${'route'.padEnd(24)} ${'sample URL'.padEnd(38)} ${'gzip'.padStart(9)} requests`,
    ...lines,
    `target: ${budget.bytes} B gzip, ${budget.requests} requests, depth ${budget.depth}; met by ${rows.filter((r) => r.ok).length} of ${rows.length} pages; largest ${worst} B (${budget.bytes - worst} B left)`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --dist DIR: another build's output (default site/dist).
  const at = process.argv.indexOf('--dist');
  const dist = at > 0 ? `${process.argv[at + 1].replace(/\/$/, '')}/` : fileURLToPath(new URL('../site/dist/', import.meta.url));
  if (!existsSync(`${dist}manifest.json`)) {
    console.error('✗ site/dist/manifest.json: missing; run the build first (npm run build)');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(`${dist}manifest.json`, 'utf8'));
  const sizes = new Map();
  const gzipSizeOf = (url) => {
    if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(`${dist}public${url}`), { level: 9 }).length);
    return sizes.get(url);
  };
  const rows = measureSite(manifest, gzipSizeOf);
  console.log(formatRows(rows));
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
